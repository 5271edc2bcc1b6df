import FuzzSupport
import VCardFormats
import VCardParser

/// The invariant the jCard, xCard and CSV targets share: no card count change.
///
/// Every card a reader gives is read (after an error in one card, reading goes on, as
/// `vcardtool convert` does); written as vCard 4.0 and decoded again, they are as many cards.
/// For jCard and xCard, the cards written in their own format decode again, without an error,
/// to as many cards.
///
/// ```swift
/// FormatFuzz.checkCardCount(bytes, read: { var reader = JCardReader($0)
///     return FormatFuzz.cards { () throws(FormatError) in try reader.next() } }, roundTrip: (JCard.encode, JCard.decode))
/// ```
public enum FormatFuzz {
    public typealias RoundTrip = (encode: ([VCard]) -> [UInt8], decode: ([UInt8]) throws(FormatError) -> [VCard])

    /// Every card of a reader, skipping the cards it reports errors for, up to its `nil`.
    public static func cards(_ next: () throws(FormatError) -> VCard?) -> [VCard] {
        var cards: [VCard] = []
        while true {
            do {
                guard let card = try next() else { return cards }
                cards.append(card)
            } catch {
                continue
            }
        }
    }

    /// Checks the invariant for one input.
    ///
    /// - Parameters:
    ///   - read: All the cards the format's reader gives for a stream.
    ///   - roundTrip: The format's writer and reader, or `nil` when a round trip in the format
    ///     need not keep the number of cards (CSV skips blank rows).
    public static func checkCardCount(_ bytes: [UInt8], read: (ByteStream) -> [VCard], roundTrip: RoundTrip?) {
        let cards = read(ByteStream(bytes: bytes))
        let vcard = VCardWriter(style: .canonical, version: .v4).encode(cards)
        guard let decoded = Fuzz.decode(vcard) else { Fuzz.fail("the cards written as vCard hit a limit", actual: vcard) }
        if decoded.cards.count != cards.count {
            Fuzz.fail("\(cards.count) cards read, \(decoded.cards.count) after writing them as vCard", actual: vcard)
        }
        guard let roundTrip else { return }
        let again = roundTrip.encode(cards)
        do {
            let count = try roundTrip.decode(again).count
            if count != cards.count { Fuzz.fail("\(cards.count) cards read, \(count) after writing them in the format", actual: again) }
        } catch {
            Fuzz.fail("the cards written in the format do not read back: \(error)", actual: again)
        }
    }
}
