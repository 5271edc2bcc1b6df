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
        // The bytes are all here: the framer alone, with nothing to read and so nothing that
        // could fail to be read.
        var framer = CardFramer(bytes: bytes, atEnd: true, options: options)
        let encoding = framer.begin()
        var cards: [VCard] = []
        var warnings = encoding.warning.map { [$0] } ?? []
        var buffers = ParseBuffers()
        while let chunk = try framer.nextChunk() {
            cards.append(try chunk.parse(options: options, buffers: &buffers, warnings: &warnings))
        }
        let (trailing, junk) = framer.finish()
        try options.accept(junk.map { [$0] } ?? [], into: &warnings)
        return Result(cards: cards, warnings: warnings, trailingBytes: trailing, inputEncoding: encoding)
    }

    /// Parses UTF-8 text.
    public func decode(_ text: String) throws(ParseError) -> Result {
        try decode(Array(text.utf8))
    }
}
