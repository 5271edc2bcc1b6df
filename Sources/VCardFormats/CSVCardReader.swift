import VCardParser

/// Reads a contacts CSV (``CSV``) one card at a time, from bytes or a stream: the header row,
/// then a vCard 4.0 card per row, keeping only the current row in memory. A row larger than
/// ``VCardParser/ParseOptions/Limits/maxCardBytes`` stops the reading with its line, so an
/// input without line ends is not read to its end.
///
/// ```swift
/// var reader = CSVCardReader(fileDescriptor: 0)      // Google, Outlook, or columns named FN, EMAIL…
/// while let card = try reader.next() {
///     print(card.first("FN")?.text ?? "")
/// }
/// ```
///
/// RFC 4180 §2.
public struct CSVCardReader {
    private var rows: CSVRowScanner
    private var layout: CSVLayout?
    private var header: [String]?

    /// Reads from bytes in memory; `layout` as in ``CSV/decode(_:layout:)``.
    public init(bytes: [UInt8], layout: CSVLayout? = nil, limits: ParseOptions.Limits = ParseOptions.Limits()) {
        rows = CSVRowScanner(ByteStream(bytes: bytes), maxRowBytes: limits.maxCardBytes)
        self.layout = layout
    }

    /// Reads from an open file descriptor in blocks, after `prefix` (bytes already read from it).
    public init(fileDescriptor: Int32, prefix: [UInt8] = [], layout: CSVLayout? = nil,
                limits: ParseOptions.Limits = ParseOptions.Limits()) {
        rows = CSVRowScanner(ByteStream(fileDescriptor: fileDescriptor, prefix: prefix), maxRowBytes: limits.maxCardBytes)
        self.layout = layout
    }

    /// The card of the next row that is not blank, or `nil` after the last one.
    /// - Throws: ``FormatError`` when the input has no header row, or a row is too large.
    public mutating func next() throws(FormatError) -> VCard? {
        if header == nil {
            guard let first = try rows.next() else { throw FormatError(line: 1, column: 1, "expected a CSV header row") }
            header = first
            layout = layout ?? CSVLayout.detect(header: first) ?? .fields(first)
        }
        while let row = try rows.next() {
            if let card = CSV.cards(header: header!, rows: [row], layout: layout).first { return card }
        }
        return nil
    }
}
