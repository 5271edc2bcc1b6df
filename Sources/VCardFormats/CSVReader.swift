/// Reads RFC 4180 CSV: comma-separated fields, double quotes around fields that hold commas,
/// quotes or line breaks (`""` for a quote), CRLF or LF line ends, an optional UTF-8 BOM.
///
/// Reading is lenient where the meaning is clear: a quote inside an unquoted field is kept as
/// text, and blank lines are skipped. Invalid UTF-8 becomes U+FFFD. A quoted field that is never
/// closed is an error, not the rest of the input read as one field.
///
/// ```swift
/// let rows = try CSVReader.rows(Array("email,phone\r\nada@example.com,\"+1 555, ext 2\"\r\n".utf8))
/// // [["email", "phone"], ["ada@example.com", "+1 555, ext 2"]]
/// ```
///
/// RFC 4180 §2.
public enum CSVReader {
    /// One row of a CSV text and the line it starts on.
    public struct Row: Equatable, Sendable {
        /// The 1-based line of the row's first field (a quoted field may span lines).
        public var line: Int
        public var fields: [String]
    }

    /// The rows of a CSV text, each a list of fields.
    ///
    /// - Parameter bytes: UTF-8 text, with or without a byte-order mark.
    /// - Returns: The rows in order, without blank lines. Rows may differ in length.
    /// - Throws: ``FormatError`` at the line and column of a quote that is never closed.
    /// - Complexity: O(n) in the size of the input.
    public static func rows(_ bytes: [UInt8]) throws(FormatError) -> [[String]] {
        try numberedRows(bytes).map(\.fields)
    }

    /// The rows of a CSV text with their line numbers, for messages that name a row.
    ///
    /// ```swift
    /// let rows = try CSVReader.numberedRows(Array("a\n\n\"b\nc\"\nd\n".utf8))
    /// // lines 1, 3 and 5: ["a"], ["b\nc"], ["d"]
    /// ```
    /// - Throws: ``FormatError`` at the line and column of a quote that is never closed.
    public static func numberedRows(_ bytes: [UInt8]) throws(FormatError) -> [Row] {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var rows: [Row] = []
        var row: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldStarted = false
        var line = 1, rowLine = 1, lineStart = input.startIndex
        var quote = (line: 0, column: 0)
        var i = input.startIndex
        func endField() { row.append(String(decoding: field, as: UTF8.self)); field.removeAll(); fieldStarted = false }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(Row(line: rowLine, fields: row)) }
            row = []
        }
        func newLine(after index: Int) { line += 1; lineStart = index + 1 }
        while i < input.endIndex {
            let b = input[i]
            if inQuotes {
                if b == 0x22 {
                    if i + 1 < input.endIndex, input[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    inQuotes = false
                } else {
                    field.append(b)
                    if b == 0x0A || (b == 0x0D && (i + 1 == input.endIndex || input[i + 1] != 0x0A)) { newLine(after: i) }
                }
                i += 1
                continue
            }
            switch b {
            case 0x22 where !fieldStarted && field.isEmpty:
                inQuotes = true
                fieldStarted = true
                quote = (line, i - lineStart + 1)
            case 0x2C: endField()
            case 0x0D:
                if i + 1 < input.endIndex, input[i + 1] == 0x0A { i += 1 }
                endRow()
                newLine(after: i)
                rowLine = line
            case 0x0A:
                endRow()
                newLine(after: i)
                rowLine = line
            default: field.append(b); fieldStarted = true
            }
            i += 1
        }
        if inQuotes { throw FormatError(line: quote.line, column: quote.column, "this quoted field is never closed") }
        if fieldStarted || !field.isEmpty || !row.isEmpty { endRow() }
        return rows
    }
}
