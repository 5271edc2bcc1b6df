import VCardParser

/// What the readers of ``JCardReader``, ``XCardReader`` and ``CSVCardReader`` share: cards one
/// at a time, as vCard 4.0, from a ``ByteStream``.
///
/// After an error a reader either goes on with the next card (jCard and xCard, when the error
/// was inside one card) or returns `nil` from then on; so reading every card that can be read is
/// one loop:
///
/// ```swift
/// var reader = CardFormat.xcard.reader(ByteStream(fileDescriptor: 0))!
/// while true {
///     do {
///         guard let card = try reader.next() else { break }
///         print(card.first("FN")?.text ?? "")
///     } catch {
///         print(error)
///     }
/// }
/// ```
public protocol CardReader {
    /// The next card, or `nil` after the last one (or after an error that ends the input).
    mutating func next() throws(FormatError) -> VCard?

    /// A warning about the text encoding of the input, given once, after the card it was found
    /// in: CSV's first byte that is not UTF-8 (``CSVCardReader/takeEncodingWarning()``); `nil`
    /// for jCard and xCard, which must be UTF-8 (a byte that is not is an error).
    mutating func takeEncodingWarning() -> FormatError?
}

extension CardReader {
    public mutating func takeEncodingWarning() -> FormatError? { nil }
}

extension JCardReader: CardReader {}
extension XCardReader: CardReader {}
extension CSVCardReader: CardReader {}

extension CardFormat {
    /// The reader of this format over `input`; `nil` for vCard, which `VCardParser`'s
    /// `VCardReader` reads.
    ///
    /// - Parameters:
    ///   - input: The bytes to read, with their limits.
    ///   - csvLayout: For CSV, how to read the columns (``CSVCardReader/init(_:layout:encoding:)``).
    ///   - csvEncoding: For CSV, the text encoding.
    public func reader(
        _ input: ByteStream, csvLayout: CSVLayout? = nil,
        csvEncoding: CSVReader.Encoding = .automatic
    ) -> (any CardReader)? {
        switch self {
        case .vcard: return nil
        case .jcard: return JCardReader(input)
        case .xcard: return XCardReader(input)
        case .csv: return CSVCardReader(input, layout: csvLayout, encoding: csvEncoding)
        }
    }
}
