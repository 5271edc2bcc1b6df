/// Writes RFC 4180 CSV: fields separated by commas, rows ended by CRLF, and a field quoted only
/// when it holds a comma, a double quote, a CR or an LF (a quote inside is doubled).
///
/// ```swift
/// CSVWriter.encode([["name", "note"], ["Ada", "says \"hi\", twice"]])
/// // name,note\r\nAda,"says ""hi"", twice"\r\n   (as UTF-8 bytes)
/// ```
///
/// RFC 4180 §2.
public enum CSVWriter {
    /// The rows as CSV text.
    ///
    /// - Parameters:
    ///   - rows: The rows; each is written with as many fields as it has.
    ///   - byteOrderMark: Start with a UTF-8 byte-order mark (Excel needs one to read UTF-8).
    /// - Returns: UTF-8 bytes, every row ending with CRLF.
    /// - Complexity: O(n) in the size of the output.
    public static func encode(_ rows: [[String]], byteOrderMark: Bool = false) -> [UInt8] {
        var out: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for row in rows { append(row, to: &out) }
        return out
    }

    /// Appends one row and its CRLF.
    ///
    /// - Parameters:
    ///   - row: The fields, quoted where RFC 4180 needs it.
    ///   - out: The bytes the row is appended to.
    ///   - neutralizingFormulas: Write each field a spreadsheet could take for a formula
    ///     (``isFormulaLike(_:)``) with a `'` before it, as OWASP advises against CSV injection
    ///     (`=1+1` is written `'=1+1`).
    public static func append(_ row: [String], to out: inout [UInt8], neutralizingFormulas: Bool = false) {
        for (n, field) in row.enumerated() {
            if n > 0 { out.append(0x2C) }
            appendField(field, to: &out, prefix: neutralizingFormulas && isFormulaLike(field))
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// Whether a spreadsheet may run the field as a formula: it starts with `=`, `+`, `-`, `@`,
    /// a tab or a CR (OWASP's list). A field that starts with `+` or `-` and holds nothing but
    /// digits, spaces and `+ - ( ) . /` (a phone number, a date without a year) is not: without
    /// a letter it can neither call a function nor refer to a cell.
    ///
    /// ```swift
    /// CSVWriter.isFormulaLike("=HYPERLINK(\"http://x.example\")")   // true
    /// CSVWriter.isFormulaLike("-2+3+cmd|' /C calc'!A0")             // true
    /// CSVWriter.isFormulaLike("+1 555 0100")                        // false
    /// ```
    public static func isFormulaLike(_ field: String) -> Bool {
        guard let first = field.utf8.first else { return false }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            return !field.utf8.allSatisfy { b in
                (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == 0x20 || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: "(") || b == UInt8(ascii: ")") || b == UInt8(ascii: ".") || b == UInt8(ascii: "/")
            }
        }
        return first == UInt8(ascii: "=") || first == UInt8(ascii: "@") || first == 0x09 || first == 0x0D
    }

    private static func appendField(_ field: String, to out: inout [UInt8], prefix: Bool) {
        let utf8 = field.utf8
        guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else {
            if prefix { out.append(UInt8(ascii: "'")) }
            out.append(contentsOf: utf8)
            return
        }
        out.append(0x22)
        if prefix { out.append(UInt8(ascii: "'")) }
        for byte in utf8 {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }
}
