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
        return Text.isName(name)
    }

    /// `x-` and the name with every character but a letter, digit or `-` made `-`: an element
    /// name for a vCard name that is not one (`1ABC` → `x-1abc`, `X_Y` → `x-x-y`).
    static func elementName(for name: String) -> String {
        let mapped = Text.lowercased(name).utf8.map { b -> UInt8 in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) ? b : UInt8(ascii: "-")
        }
        return "x-" + String(decoding: mapped, as: UTF8.self)
    }

    /// Whether `text` holds a character ``escape(_:)`` replaces with U+FFFD.
    static func hasDisallowed(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0xEF } && text.unicodeScalars.contains { !XMLCharacters.isAllowed($0.value) }
    }

    /// Gives the property and its parameters element names (``elementName(for:)``) and reports,
    /// in `warnings`, each renaming and each value with characters XML cannot hold.
    static func makeWritable(_ p: inout TypedProperty, warnings: inout [String]) {
        let label = Text.uppercased(p.name)
        if !isElementName(p.name) {
            let name = elementName(for: p.name)
            warnings.append("\(label): not an XML name; written as <\(name)>")
            p.name = name
        }
        for (n, parameter) in p.parameters.enumerated() where !isElementName(parameter.name) {
            let name = elementName(for: parameter.name)
            warnings.append("\(label): parameter \(Text.uppercased(parameter.name)) is not an XML name; written as <\(name)>")
            p.parameters[n].name = name
        }
        let values: [String]
        switch p.value {
        case .values(let list): values = list
        case .components(let components): values = components.flatMap { $0 }
        }
        if values.contains(where: hasDisallowed) || p.parameters.contains(where: { $0.values.contains(where: hasDisallowed) })
            || p.group.map(hasDisallowed) == true
        {
            warnings.append("\(label): characters XML 1.0 cannot hold (controls, U+FFFE, U+FFFF) written as U+FFFD")
        }
    }
}
