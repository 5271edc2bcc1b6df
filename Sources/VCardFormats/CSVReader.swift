import VCardParser

/// Reads RFC 4180 CSV: comma-separated fields, double quotes around fields that hold commas,
/// quotes or line breaks (`""` for a quote), CRLF or LF line ends, an optional UTF-8 BOM.
///
/// Reading is lenient where the meaning is clear: a quote inside an unquoted field is kept as
/// text, and blank lines are skipped. Text that is not UTF-8 is read as Windows-1252 from its
/// first field on (``Encoding``). A quoted field that is never closed is an error, not the rest
/// of the input read as one field.
///
/// ```swift
/// let rows = try CSVReader.rows(Array("email,phone\r\nada@example.com,\"+1 555, ext 2\"\r\n".utf8))
/// // [["email", "phone"], ["ada@example.com", "+1 555, ext 2"]]
/// ```
///
/// RFC 4180 §2.
public enum CSVReader {
    /// How the bytes of fields become text.
    public enum Encoding: Sendable, Equatable {
        /// UTF-8, until a field is not: from there on Windows-1252 (classic Outlook's "ANSI"
        /// export), with one warning at the first byte that is not UTF-8.
        case automatic
        /// UTF-8; a byte that is not becomes U+FFFD, with one warning at the first.
        case utf8
        /// Windows-1252 (and so ISO-8859-1's printable characters), without a warning.
        case windows1252

        /// The encoding a charset name gives (`utf-8`, `windows-1252`, `cp1252`, `latin1`…);
        /// `nil` for another.
        public init?(charset: String) {
            switch Text.lowercased(charset) {
            case "utf-8", "utf8": self = .utf8
            case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "latin1", "latin-1": self = .windows1252
            default: return nil
            }
        }
    }

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
        var unlimited = ParseOptions.Limits()
        unlimited.maxCardBytes = .max
        var scanner = CSVRowScanner(ByteStream(bytes: bytes, limits: unlimited))
        var rows: [Row] = []
        while let row = try scanner.nextRow() { rows.append(row) }
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
    private var encoding: CSVReader.Encoding
    /// Whether a byte that is not UTF-8 was found (it is reported once).
    private var sawInvalidUTF8 = false
    private var encodingWarning: FormatError?

    init(_ input: ByteStream, encoding: CSVReader.Encoding = .automatic) {
        self.input = input
        self.encoding = encoding
    }

    /// Where the first byte that is not UTF-8 is and how it was read, once, after the row that
    /// holds it.
    mutating func takeEncodingWarning() -> FormatError? {
        defer { encodingWarning = nil }
        return encodingWarning
    }

    /// The fields of the next row that is not blank, or `nil` at the end of the input.
    /// - Throws: ``FormatError`` at the start of a row longer than the limit, or at a quote
    ///   that is never closed.
    mutating func next() throws(FormatError) -> [String]? {
        try nextRow()?.fields
    }

    /// The next row that is not blank, with its line, or `nil` at the end of the input.
    mutating func nextRow() throws(FormatError) -> CSVReader.Row? {
        guard !input.hasFailed else { return nil }
        if !started {
            started = true
            if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF { index = 3 }
        }
        while true {
            input.drop(upTo: index)
            index = 0
            guard try input.byte(at: 0) != nil else { return nil }
            let line = input.position(of: 0).line
            let row = try scanRow()
            if !(row.count == 1 && row[0].isEmpty) { return CSVReader.Row(line: line, fields: row) }
        }
    }

    /// The row at ``index``, through its line end.
    private mutating func scanRow() throws(FormatError) -> [String] {
        var row: [String] = []
        var field: [UInt8] = []
        var inQuotes = false, fieldStarted = false
        var quoteIndex = 0
        func endField() {
            row.append(text(field))
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
                quoteIndex = index - 1
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
        if inQuotes { throw input.fail(at: quoteIndex, "this quoted field is never closed") }
        endField()
        return row
    }

    /// A field's bytes as text, in ``encoding``; the first field that is not UTF-8 notes where
    /// (its row is `input[..<index]`, quotes being ASCII) and, in `automatic`, turns the
    /// rest of the input to Windows-1252.
    private mutating func text(_ field: [UInt8]) -> String {
        guard field.contains(where: { $0 >= 0x80 }) else { return String(decoding: field, as: UTF8.self) }
        if encoding == .windows1252 { return String(windows1252: field) }
        if let valid = String(validating: field, as: UTF8.self) { return valid }
        if !sawInvalidUTF8 {
            sawInvalidUTF8 = true
            let (line, column) = input.position(of: Self.firstInvalidUTF8(input[..<index]) ?? 0)
            let how =
                encoding == .utf8
                ? "each is read as U+FFFD (--charset utf-8)"
                : "the CSV is read as Windows-1252 from here on (classic Outlook's \"ANSI\" export); --charset says which it is"
            encodingWarning = FormatError(line: line, column: column, "bytes that are not UTF-8; " + how)
        }
        guard encoding == .automatic else { return String(decoding: field, as: UTF8.self) }
        encoding = .windows1252
        return String(windows1252: field)
    }

    /// The offset of the first byte of `bytes` that does not belong to valid UTF-8.
    private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0  // from the start of `bytes`, whatever its indices
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
