/// Text from the inputs made safe to print for people: no control character reaches the
/// terminal, where an escape sequence in a card could move the cursor, recolour the screen or
/// retitle the window.
///
/// The form is C's, and reversible: a backslash is written `\\`; LF, CR and tab `\n`, `\r` and
/// `\t`; every other C0 control, DEL and C1 control (U+0080–U+009F) `\x` and two upper-case hex
/// digits of its code point (`\x1B`, `\x85`). Everything else is as it was.
///
/// ```swift
/// TerminalText.escaped("Ada\u{1B}[31m\tL")   // Ada\x1B[31m\tL
/// TerminalText.escaped(#"C:\temp"#)           // C:\\temp
/// ```
///
/// Used by every message on standard error (``Terminal/message(_:)``), `validate`'s findings,
/// `diff`'s text, `find --fields`' table and `set-phone --dry-run`'s diff; never by the card
/// data a command writes (vCard, jCard, xCard, CSV).
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\"
    }
}
