import FuzzSupport
import VCardFormats
import VCardParser

/// The invariant the jCard, xCard and CSV targets share: no card count change.
///
/// Every card a reader gives is read (after an error in one card, reading goes on, as
/// `vcardtool convert` does); written as vCard 4.0 and decoded again, they are as many cards.
/// For jCard and xCard, the cards written in their own format decode again, without an error,
/// to as many cards (CSV skips rows with only empty cells, so it is not checked so: its cards
/// are written in Google's and Outlook's layouts, which must not crash).
///
/// ```swift
/// FormatFuzz.checkCardCount(bytes, .jcard)
/// ```
public enum FormatFuzz {
    /// Checks the invariant for one input read as `format` (jCard, xCard or CSV).
    public static func checkCardCount(_ bytes: [UInt8], _ format: CardFormat) {
        let cards = read(bytes, format)
        let vcard = VCardWriter(style: .canonical, version: .v4).encode(cards)
        guard let decoded = Fuzz.decode(vcard) else { Fuzz.fail("the cards written as vCard hit a limit", actual: vcard) }
        if decoded.cards.count != cards.count {
            Fuzz.fail("\(cards.count) cards read, \(decoded.cards.count) after writing them as vCard", actual: vcard)
        }
        let again: [UInt8]
        switch format {
        case .jcard: again = JCard.encode(cards)
        case .xcard: again = XCard.encode(cards)
        case .csv:
            // Written back in both layouts (custom fields, relations, drops): no crash.
            _ = CSV.encode(cards, layout: .google)
            _ = CSV.encode(cards, layout: .outlook)
            return
        default: return
        }
        do {
            let count = try (format == .jcard ? JCard.decode(again) : XCard.decode(again)).count
            if count != cards.count { Fuzz.fail("\(cards.count) cards read, \(count) after writing them in the format", actual: again) }
        } catch {
            Fuzz.fail("the cards written in the format do not read back: \(error)", actual: again)
        }
    }

    /// Every card of the format's reader, skipping the cards it reports errors for.
    static func read(_ bytes: [UInt8], _ format: CardFormat) -> [VCard] {
        var reader = format.reader(ByteStream(bytes: bytes))!
        var cards: [VCard] = []
        while true {
            do {
                guard let card = try reader.next() else { return cards }
                cards.append(card)
            } catch {
                continue
            }
        }
    }
}
