/// Reads RFC 4180 CSV: comma-separated fields, double quotes around fields that hold commas,
/// quotes or line breaks (`""` for a quote), CRLF or LF line ends, an optional UTF-8 BOM.
///
/// Reading is lenient: a quote inside an unquoted field is kept as text, an unterminated quoted
/// field runs to the end of the input, and blank lines are skipped. Invalid UTF-8 becomes U+FFFD.
///
/// ```swift
/// let rows = CSVReader.rows(Array("email,phone\r\nada@example.com,\"+1 555, ext 2\"\r\n".utf8))
/// // [["email", "phone"], ["ada@example.com", "+1 555, ext 2"]]
/// ```
///
/// RFC 4180 §2.
public enum CSVReader {
    /// The rows of a CSV text, each a list of fields.
    ///
    /// - Parameter bytes: UTF-8 text, with or without a byte-order mark.
    /// - Returns: The rows in order, without blank lines. Rows may differ in length.
    /// - Complexity: O(n) in the size of the input.
    public static func rows(_ bytes: [UInt8]) -> [[String]] {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldStarted = false
        var i = input.startIndex
        func endField() { row.append(String(decoding: field, as: UTF8.self)); field.removeAll(); fieldStarted = false }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
        }
        while i < input.endIndex {
            let b = input[i]
            if inQuotes {
                if b == 0x22 {
                    if i + 1 < input.endIndex, input[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    inQuotes = false
                } else {
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x22 where !fieldStarted && field.isEmpty: inQuotes = true; fieldStarted = true
            case 0x2C: endField()
            case 0x0D: if i + 1 < input.endIndex, input[i + 1] == 0x0A { i += 1 }; endRow()
            case 0x0A: endRow()
            default: field.append(b); fieldStarted = true
            }
            i += 1
        }
        if fieldStarted || !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }
}
