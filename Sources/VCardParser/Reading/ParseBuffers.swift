/// The buffers a card parser works in, lent to it by a caller that keeps them from card to card,
/// so that once they have grown, parsing allocates nothing for them: the joined text of a folded
/// line, a value after quoted-printable decoding, and `validate`'s checker. (A parser's own
/// buffers were an allocation or two for almost every card.)
///
/// ```swift
/// var buffers = ParseBuffers()
/// for chunk in chunks { cards.append(chunk.parse(options: options, buffers: &buffers).0) }
/// ```
@usableFromInline
struct ParseBuffers: Sendable {
    /// The parser's own (``CardParser/init(storage:bytes:options:buffers:keeping:checker:)``).
    var lines = LineBuffers()
    /// `validate`'s checker, made for the first card it checks and reset for each next one
    /// (``CardChecker/startCard()``): one made for each card looked its tables up and released
    /// them again, about a tenth of the checks' cost.
    var checker: CardChecker?
    /// `cat --normalize`'s writer of each card as it is read, kept for the next card with the
    /// buffer it grew.
    var canonical: CanonicalCardWriter?

    @usableFromInline init() {}
}

/// What a parser takes from ``ParseBuffers`` for one card and gives back.
struct LineBuffers: Sendable {
    /// Where ``LogicalLine/read(_:from:end:line:unfolded:)`` joins a folded line.
    var joined: [UInt8] = []
    /// Where a quoted-printable value is decoded (``QuotedPrintable/decode(_:into:malformed:)``).
    var decoded: [UInt8] = []
}
