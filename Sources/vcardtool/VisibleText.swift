/// Text for `diff`'s report in which every character that changes the value shows: what
/// ``TerminalText`` escapes (backslash, CR, LF, tab, other controls), and also what a terminal
/// shows as nothing or as a plain space, so that two values that differ never print alike.
///
/// In the same reversible C form: a no-break or other non-ASCII space, and a zero-width or other
/// format character (Unicode categories Zs, Zl, Zp, Cf), are written `\xHH` up to U+00FF and
/// `\uHHHH` (or `\U` and 8 digits) above; spaces at the start and end of the text are `\x20`.
///
/// ```swift
/// VisibleText.escaped("Boss ")            // Boss\x20
/// VisibleText.escaped("Big\u{A0}Boss")    // Big\xA0Boss
/// VisibleText.escaped("a\u{200B}b")       // a\u200Bb
/// ```
enum VisibleText {
    static func escaped(_ text: String) -> String {
        let terminal = TerminalText.escaped(text)
        let scalars = terminal.unicodeScalars
        guard scalars.contains(where: isInvisible) || scalars.first == " " || scalars.last == " " else { return terminal }
        let leading = scalars.prefix { $0 == " " }.count
        let trailing = leading == scalars.count ? 0 : scalars.reversed().prefix { $0 == " " }.count
        var out = String(repeating: "\\x20", count: leading)
        for scalar in scalars.dropFirst(leading).dropLast(trailing) {
            guard isInvisible(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            switch scalar.value {
            case ...0xFF: out += "\\x" + hex
            case ...0xFFFF: out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            }
        }
        return out + String(repeating: "\\x20", count: trailing)
    }

    /// Spaces other than U+0020, line and paragraph separators, and format characters.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator: return scalar != " "
        case .lineSeparator, .paragraphSeparator, .format: return true
        default: return false
        }
    }
}
