import FuzzSupport
import VCardFormats
import VCardParser

/// The invariants the jCard, xCard and CSV targets share, and WriterFuzz's for the format writers.
///
/// Every card a reader gives is read (after an error in one card, reading goes on, as
/// `vcardtool convert` does); written as vCard 4.0 and decoded again, they are as many cards.
/// Cards written as jCard or xCard decode again, without an error, to as many cards; written as
/// CSV in Google's and Outlook's layouts they do not crash the writer (CSV skips rows with only
/// empty cells, so its count is not checked).
///
/// ```swift
/// FormatFuzz.checkCardCount(bytes, .jcard)   // read as jCard, written as vCard and as jCard
/// FormatFuzz.checkWriters(cards)             // cards read from vCard, written in every format
/// ```
public enum FormatFuzz {
    /// Checks the invariants for one input read as `format` (jCard, xCard or CSV): the cards are
    /// written as vCard and in the format they were read from.
    public static func checkCardCount(_ bytes: [UInt8], _ format: CardFormat) {
        let cards = read(bytes, format)
        let vcard = VCardWriter(style: .canonical, version: .v4).encode(cards)
        guard let decoded = Fuzz.decode(vcard) else { Fuzz.fail("the cards written as vCard hit a limit", actual: vcard) }
        if decoded.cards.count != cards.count {
            Fuzz.fail("\(cards.count) cards read, \(decoded.cards.count) after writing them as vCard", actual: vcard)
        }
        checkWriters(cards, in: [format])
    }

    /// Writes `cards` in each of `formats`: as jCard and as xCard they read back to as many
    /// cards, without an error; as CSV (both layouts: relations, custom fields, drops) the writer
    /// does not crash.
    public static func checkWriters(_ cards: [VCard], in formats: [CardFormat] = [.jcard, .xcard, .csv]) {
        for format in formats {
            switch format {
            case .jcard: checkReadBack(JCard.encode(cards), as: format, count: cards.count, JCard.decode)
            case .xcard: checkReadBack(XCard.encode(cards), as: format, count: cards.count, XCard.decode)
            case .csv:
                _ = CSV.encode(cards, layout: .google)
                _ = CSV.encode(cards, layout: .outlook)
            default:
                break
            }
        }
    }

    /// `written` (cards written as `format`) decodes without an error to `count` cards.
    private static func checkReadBack(
        _ written: [UInt8], as format: CardFormat, count: Int, _ decode: ([UInt8]) throws(FormatError) -> [VCard]
    ) {
        do {
            let decoded = try decode(written).count
            if decoded != count { Fuzz.fail("\(count) cards, \(decoded) after writing them as \(format)", actual: written) }
        } catch {
            Fuzz.fail("the cards written as \(format) do not read back: \(error)", actual: written)
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
