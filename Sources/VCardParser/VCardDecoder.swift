/// Parses a whole input at once: the cards, the warnings, and what followed the last card.
///
/// ```swift
/// let result = try VCardDecoder().decode(Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8))
/// print(result.cards.count, result.warnings.count)   // 1 0
/// ```
public struct VCardDecoder: Sendable {
    /// Mode and limits.
    public var options: ParseOptions

    /// A decoder in `mode` with the default limits.
    public init(mode: ParseOptions.Mode = .lenient) {
        self.options = ParseOptions(mode: mode)
    }

    /// A decoder with these options.
    public init(options: ParseOptions) {
        self.options = options
    }

    /// Everything one input held.
    public struct Result: Sendable {
        /// The cards, in input order.
        public var cards: [VCard]
        /// Every problem found (lenient mode), in input order.
        public var warnings: [Diagnostic]
        /// What followed the last card, kept for lossless output.
        public var trailingBytes: [UInt8]
        /// UTF-8, or the UTF-16 the input was transcoded from.
        public var inputEncoding: InputEncoding
    }

    /// - Throws: ``ParseError`` in strict mode at the first problem, or when a limit is hit.
    public func decode(_ bytes: [UInt8]) throws(ParseError) -> Result {
        var reader = VCardReader(bytes: bytes, options: options)
        var cards: [VCard] = []
        do {
            while let card = try reader.next() { cards.append(card) }
        } catch let error as ParseError {
            throw error
        } catch {
            preconditionFailure("reading from memory cannot fail: \(error)")
        }
        return Result(
            cards: cards, warnings: reader.takeWarnings(), trailingBytes: reader.trailingBytes,
            inputEncoding: reader.inputEncoding)
    }

    /// Parses UTF-8 text.
    public func decode(_ text: String) throws(ParseError) -> Result {
        try decode(Array(text.utf8))
    }
}
