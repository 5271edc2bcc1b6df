import VCardParser

/// Writes one xCard (RFC 6351) document as the cards come, with the same bytes as
/// ``XCard/encode(_:)`` gives for all of them at once: memory stays at one card.
///
/// ```swift
/// var writer = XCardWriter()
/// var out: [UInt8] = [], warnings: [String] = []
/// while let card = try reader.next() {
///     writer.write(card, to: &out, warnings: &warnings)      // flush `out` whenever it suits
/// }
/// writer.finish(to: &out)
/// ```
public struct XCardWriter {
    private var started = false

    public init() {}

    /// Appends the card (converted to 4.0), after the XML declaration and `<vcards>` for the
    /// first. What XML cannot hold is changed and reported in `warnings`, as
    /// ``XCard/encode(_:warnings:)`` says.
    public mutating func write(_ card: VCard, to out: inout [UInt8], warnings: inout [String]) {
        var text = ""
        if !started { text = header }
        started = true
        XCard.write(card.converted(to: .v4), to: &text, warnings: &warnings)
        out.append(contentsOf: text.utf8)
    }

    /// Ends the document with `</vcards>` (the whole document when no card was written).
    public mutating func finish(to out: inout [UInt8]) {
        out.append(contentsOf: ((started ? "" : header) + "</vcards>\n").utf8)
        started = false
    }

    private var header: String { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<vcards xmlns=\"\(XCard.namespace)\">\n" }
}
