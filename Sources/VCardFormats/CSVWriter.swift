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
    public static func append(_ row: [String], to out: inout [UInt8]) {
        for (n, field) in row.enumerated() {
            if n > 0 { out.append(0x2C) }
            appendField(field, to: &out)
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    private static func appendField(_ field: String, to out: inout [UInt8]) {
        let utf8 = field.utf8
        guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }
}
