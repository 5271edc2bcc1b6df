import VCardFormats
import VCardParser

/// Where `convert` writes the cards of all its inputs, one at a time as they are read: vCard
/// of a version, or one jCard, xCard or CSV document. Memory stays at about one card, except
/// for Google's CSV layout, whose header row depends on every card (the cards are kept until
/// ``finish(_:)``).
struct ConvertOutput {
    private enum Writer {
        case vcard(VCardWriter)
        case jcard(JCardWriter)
        case xcard(XCardWriter)
        case csv(CSVLayout, cards: [VCard])
    }

    private var writer: Writer

    init(_ target: Convert.Target, csvLayout: CSVLayout?) {
        switch target {
        case .vcard(let version): writer = .vcard(VCardWriter(style: .canonical, version: version))
        case .format(.jcard): writer = .jcard(JCardWriter())
        case .format(.xcard): writer = .xcard(XCardWriter())
        case .format(.csv): writer = .csv(csvLayout ?? .google, cards: [])
        case .format(.vcard): writer = .vcard(VCardWriter(style: .canonical, version: .v4))
        }
    }

    /// The vCard writer, when the output is vCard (so that cards can be written on the threads
    /// that parse them).
    var vcardWriter: VCardWriter? {
        if case .vcard(let writer) = writer { return writer }
        return nil
    }

    mutating func write(_ card: VCard, to terminal: Terminal) {
        var out: [UInt8] = []
        switch writer {
        case .vcard(let vcard): vcard.write(card, to: &out)
        case .jcard(var jcard):
            jcard.write(card, to: &out)
            writer = .jcard(jcard)
        case .xcard(var xcard):
            xcard.write(card, to: &out)
            writer = .xcard(xcard)
        case .csv(let layout, var cards):
            writer = .csv(layout, cards: [])  // not two references to the array while it grows
            cards.append(card)
            writer = .csv(layout, cards: cards)
        }
        terminal.write(out)
    }

    /// Ends the document; CSV warnings go to standard error.
    mutating func finish(_ terminal: Terminal) {
        var out: [UInt8] = []
        switch writer {
        case .vcard: break
        case .jcard(var jcard): jcard.finish(to: &out)
        case .xcard(var xcard): xcard.finish(to: &out)
        case .csv(let layout, let cards):
            var warnings: [String] = []
            out = CSV.encode(cards, layout: layout, warnings: &warnings)
            terminal.write(out)
            for warning in warnings { terminal.error("vcardtool convert: warning: \(warning)") }
            return
        }
        terminal.write(out)
    }
}
