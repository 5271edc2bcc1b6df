import VCardParser

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
        var unlimited = ParseOptions.Limits()
        unlimited.maxCardBytes = .max
        var scanner = CSVRowScanner(ByteStream(bytes: bytes, limits: unlimited))
        var rows: [[String]] = []
        while let row = try? scanner.next() { rows.append(row) }  // in memory, with no limit: no error
        return rows
    }
}

/// Cuts CSV into rows, one at a time, from a ``ByteStream`` (the rules of ``CSVReader``),
/// dropping each row's bytes once it is read; a row (a card) larger than the stream's
/// card-size limit is an error.
struct CSVRowScanner {
    private var input: ByteStream
    private var index = 0
    private var started = false

    init(_ input: ByteStream) { self.input = input }

    /// The next row that is not blank, or `nil` at the end of the input.
    /// - Throws: ``FormatError`` at the start of a row longer than the limit.
    mutating func next() throws(FormatError) -> [String]? {
        guard !input.hasFailed else { return nil }
        if !started {
            started = true
            if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF { index = 3 }
        }
        while true {
            input.drop(upTo: index)
            index = 0
            guard try input.byte(at: 0) != nil else { return nil }
            let row = try scanRow()
            if !(row.count == 1 && row[0].isEmpty) { return row }
        }
    }

    /// The row at ``index``, through its line end.
    private mutating func scanRow() throws(FormatError) -> [String] {
        var row: [String] = []
        var field: [UInt8] = []
        var inQuotes = false, fieldStarted = false
        func endField() {
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll()
            fieldStarted = false
        }
        while let b = try input.byte(at: index) {
            if index >= input.maxCardBytes { throw input.fail(at: 0, "row is larger than the limit of \(input.maxCardBytes) bytes") }
            index += 1
            if inQuotes {
                if b != 0x22 {
                    field.append(b)
                } else if try input.byte(at: index) == 0x22 {
                    field.append(0x22)
                    index += 1
                } else {
                    inQuotes = false
                }
                continue
            }
            switch b {
            case 0x22 where !fieldStarted && field.isEmpty:
                inQuotes = true
                fieldStarted = true
            case 0x2C:
                endField()
            case 0x0D, 0x0A:
                if b == 0x0D, try input.byte(at: index) == 0x0A { index += 1 }
                endField()
                return row
            default:
                field.append(b)
                fieldStarted = true
            }
        }
        endField()
        return row
    }
}
