/// A card written canonically while the parser reads it, line by line, with no property made:
/// the bytes a canonical ``VCardWriter`` writes for the card, when the card is in the version
/// written. The parser hands it each line as it lays the line out (``CardParser/canonical``).
/// A line that only the general path writes (malformed, one whose parameters have to be decoded
/// and written again, a decoded value in 3.0 or 4.0), a line the parser keeps as raw text, or a
/// card in another version make it give up (``gaveUp``): the card is then parsed in full and
/// written from its properties, as it was before. So is a card with a nested one, which the
/// parser reads in full anyway (``CardParser/needsFullParse``); what this writer made of it is
/// not used.
///
/// ```swift
/// var card = CanonicalCardWriter(version: nil)
/// card.start(version: .v3, sizeAsRead: bytes.count)
/// card.write(text, layout, decodedValue: nil)   // each line, as the parser reads it
/// if let written = card.finish() { output.append(contentsOf: written) }
/// ```
///
/// Sendable by hand: the pointers into the bytes of the card being read that its lines keep
/// (the lines to copy together) are used only while that card is read, on the thread reading it.
/// `start` forgets them, or gives the next card up at once, and a card given up writes nothing.
struct CanonicalCardWriter: @unchecked Sendable {
    /// The version written, or `nil` for each card's own.
    let version: VCardVersion?
    private var lines = CanonicalLines(version: .v3)
    /// What is written of the card so far.
    private var out: [UInt8] = []
    /// Whether the card's first `VERSION` line was read: the line written at the top.
    private var sawVersion = false
    /// Whether the card has a line that only the general path writes.
    private(set) var gaveUp = false

    init(version: VCardVersion?) {
        self.version = version
    }

    /// Starts a card of `version` read from `sizeAsRead` bytes, with its `BEGIN` and `VERSION`
    /// lines; gives up at once when the card is written in another version.
    mutating func start(version cardVersion: VCardVersion, sizeAsRead: Int) {
        sawVersion = false
        gaveUp = version.map { $0 != cardVersion } ?? false
        guard !gaveUp else { return }
        lines = CanonicalLines(version: cardVersion)
        // A buffer of its own for each card, handed over whole by `finish()`: one allocation,
        // no copy. A card given up keeps it for the next.
        if out.capacity == 0 { out.reserveCapacity(sizeAsRead + 128) } else { out.removeAll(keepingCapacity: true) }
        CanonicalLines.appendBegin(cardVersion, to: &out)
    }

    /// Writes a well-formed line (``CanonicalLines/write(_:_:decodedValue:to:)``), but the card's
    /// first `VERSION` line, which `start` wrote; gives up on a line it cannot write from its
    /// bytes.
    @inline(__always)
    mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, decodedValue: UnsafeBufferPointer<UInt8>?) {
        guard !gaveUp else { return }
        if layout.cardWideName == .version && !sawVersion {
            sawVersion = true
            return
        }
        if !lines.write(text, layout, decodedValue: decodedValue, to: &out) { gaveUp = true }
    }

    /// Gives the card up: a line the parser keeps as raw text, or not shown to this writer.
    mutating func giveUp() {
        gaveUp = true
    }

    /// The card written, with its `END` line, or `nil` when it was given up.
    mutating func finish() -> [UInt8]? {
        guard !gaveUp else { return nil }
        lines.flush(to: &out)
        CanonicalLines.appendEnd(to: &out)
        var written: [UInt8] = []
        swap(&written, &out)
        return written
    }
}
