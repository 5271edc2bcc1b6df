import VCardParser

/// Escaping for hand-written XML output.
///
/// ```swift
/// XMLText.escape("a < b\u{1}")      // "a &lt; b\u{FFFD}"
/// ```
enum XMLText {
    /// Character data: `&` `<` `>` as entities, CR as `&#13;` (a parser would turn a raw one into
    /// LF), and the characters XML 1.0 cannot hold even as references (C0 controls other than
    /// tab, LF, CR; U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 || $0 == 0xEF }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where !XMLCharacters.isAllowed(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value in double quotes: also `"`, and tab and LF as references (a parser
    /// would turn raw ones into spaces).
    static func escapeAttribute(_ text: String) -> String {
        var out = ""
        for scalar in escape(text).unicodeScalars {
            switch scalar {
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `name` can be an element name as it is: a letter first, then letters, digits and `-`
    /// (vCard names; a vCard name starting with a digit cannot be one).
    static func isElementName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return false }
        return Property.isValidName(name)
    }

    /// Whether `text` holds a character ``escape(_:)`` replaces with U+FFFD.
    static func hasDisallowed(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0xEF } && text.unicodeScalars.contains { !XMLCharacters.isAllowed($0.value) }
    }

    /// Gives the property, its parameters and its group the names xCard reads back
    /// (``TypedProperty/makeNamesWritable(in:warnings:)``) and reports, in `warnings`, each
    /// renaming and each value with characters XML cannot hold.
    static func makeWritable(_ p: inout TypedProperty, warnings: inout [String]) {
        let label = Text.uppercased(p.name)
        p.makeNamesWritable(in: .xcard, warnings: &warnings)
        let values: [String]
        switch p.value {
        case .values(let list): values = list
        case .components(let components): values = components.flatMap { $0 }
        }
        if values.contains(where: hasDisallowed) || p.parameters.contains(where: { $0.values.contains(where: hasDisallowed) }) {
            warnings.append("\(label): characters XML 1.0 cannot hold (controls, U+FFFE, U+FFFF) written as U+FFFD")
        }
    }
}
