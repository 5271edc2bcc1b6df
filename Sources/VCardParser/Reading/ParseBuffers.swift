/// The buffers a card parser works in, lent to it by a caller that keeps them from card to card,
/// so that once they have grown, parsing allocates nothing for them: the joined text of a folded
/// line, and a value after quoted-printable decoding. (A parser's own buffers were an allocation
/// or two for almost every card.)
///
/// ```swift
/// var buffers = ParseBuffers()
/// for chunk in chunks { cards.append(chunk.parse(options: options, buffers: &buffers).0) }
/// ```
@usableFromInline
struct ParseBuffers: Sendable {
    /// Where ``LogicalLine/read(_:from:end:line:unfolded:)`` joins a folded line.
    var joined: [UInt8] = []
    /// Where a quoted-printable value is decoded (``QuotedPrintable/decode(_:into:malformed:)``).
    var decoded: [UInt8] = []
    /// Where `validate`'s checker notes the properties that may appear once (``CardChecker/Once``).
    var once: [CardChecker.Once.Seen] = []

    @usableFromInline init() {}
}
