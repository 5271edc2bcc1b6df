import VCardParser

/// Reads a contacts CSV (``CSV``) one card at a time, from bytes or a stream: the header row,
/// then a vCard 4.0 card per row, keeping only the current row in memory. A row larger than
/// `VCardParser.ParseOptions.Limits.maxCardBytes` stops the reading with its line, so an
/// input without line ends is not read to its end.
///
/// ```swift
/// var reader = CSVCardReader(ByteStream(fileDescriptor: 0))      // Google, Outlook, or columns named FN, EMAIL…
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
    /// Set when the input had no header row: nothing more is read.
    private var lacksHeader = false

    /// Reads CSV from `input`; `layout` as in ``CSV/decode(_:layout:)``, `encoding` the text's
    /// (by default UTF-8, or Windows-1252 from the first field that is not UTF-8).
    public init(_ input: ByteStream, layout: CSVLayout? = nil, encoding: CSVReader.Encoding = .automatic) {
        rows = CSVRowScanner(input, encoding: encoding)
        self.layout = layout
    }

    /// Once, after the card of the row that holds it: where the first byte that is not UTF-8
    /// is, and how it was read (``CSVReader/Encoding``).
    public mutating func takeEncodingWarning() -> FormatError? { rows.takeEncodingWarning() }

    /// The card of the next row that is not blank, or `nil` after the last one.
    /// - Throws: ``FormatError`` when the input has no header row, a row is too large or a
    ///   quote is never closed; every later call returns `nil`.
    public mutating func next() throws(FormatError) -> VCard? {
        guard !lacksHeader else { return nil }
        if header == nil {
            guard let first = try rows.next() else {
                lacksHeader = true
                throw FormatError(line: 1, column: 1, "expected a CSV header row")
            }
            header = first
            layout = layout ?? CSVLayout.detect(header: first) ?? .fields(first)
        }
        while let row = try rows.next() {
            if let card = CSV.cards(header: header!, rows: [row], layout: layout).first { return card }
        }
        return nil
    }
}
