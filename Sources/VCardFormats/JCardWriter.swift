import VCardParser

/// Writes jCard (RFC 7095) as the cards come, with the same bytes as ``JCard/encode(_:)`` gives
/// for all of them at once: a lone jCard for one card, else an array of jCards.
///
/// Only the first card waits (until a second one shows whether an array is needed), so memory
/// stays at about one card whatever the number of cards.
///
/// ```swift
/// var writer = JCardWriter()
/// var out: [UInt8] = [], warnings: [String] = []
/// while let card = try reader.next() {
///     writer.write(card, to: &out, warnings: &warnings)      // flush `out` whenever it suits
/// }
/// writer.finish(to: &out)
/// ```
public struct JCardWriter {
    /// The first card, as ``JCard/lines(_:warnings:)``.
    private var first: [JSON]?
    private var count = 0

    public init() {}

    /// Appends the card (converted to 4.0) to `out`, or keeps it if it is the first one. Names
    /// jCard cannot hold are changed and reported in `warnings` at once, as
    /// ``JCard/encode(_:warnings:)`` says.
    public mutating func write(_ card: VCard, to out: inout [UInt8], warnings: inout [String]) {
        count += 1
        let lines = JCard.lines(card, warnings: &warnings)
        if count == 1 {
            first = lines
            return
        }
        if let first {
            out.append(contentsOf: "[\n  ".utf8)
            JCard.write(first, indent: "  ", to: &out)
            self.first = nil
        }
        out.append(contentsOf: ",\n  ".utf8)
        JCard.write(lines, indent: "  ", to: &out)
    }

    /// Ends the document: the lone jCard, `[]` for no card, or the array's `]`; then a line feed.
    public mutating func finish(to out: inout [UInt8]) {
        if let first {
            JCard.write(first, indent: "", to: &out)
        } else {
            out.append(contentsOf: (count == 0 ? "[]" : "\n]").utf8)
        }
        out.append(0x0A)
        first = nil
        count = 0
    }
}
