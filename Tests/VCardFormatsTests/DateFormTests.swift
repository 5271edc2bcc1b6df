import Testing
import VCardParser

@testable import VCardFormats

/// Dates, times and UTC offsets of cards read from jCard and xCard, written in the form of the
/// target version by the version converter: ISO 8601 extended in 3.0 and 2.1 (RFC 2426 §3.1.5
/// and §3.4.1 allow both, and its examples and Apple write `1996-04-15` and `-05:00`), basic in
/// 4.0 (RFC 6350 §4.3).
@Suite struct DateFormTests {
    static let jCard = """
        ["vcard", [
          ["version", {}, "text", "4.0"],
          ["fn", {}, "text", "Ada"],
          ["bday", {}, "date", "1985-04-12"],
          ["anniversary", {}, "date-and-or-time", "2009-08-08T14:30-05:00"],
          ["x-abdate", {}, "date", "--04-12"],
          ["tz", {}, "utc-offset", "-05:00"],
          ["rev", {}, "timestamp", "1995-10-31T22:27:10Z"],
          ["note", {}, "text", "1985-04-12"]
        ]]
        """

    static let xCard = """
        <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0"><vcard>
          <fn><text>Ada</text></fn>
          <bday><date>19850412</date></bday>
          <anniversary><date-time>20090808T1430-0500</date-time></anniversary>
          <x-abdate><date>--0412</date></x-abdate>
          <tz><utc-offset>-0500</utc-offset></tz>
          <rev><timestamp>19951031T222710Z</timestamp></rev>
          <note><text>1985-04-12</text></note>
        </vcard></vcards>
        """

    /// `NAME:value` of each property written (parameters left out: `VALUE=date` comes from
    /// jCard's type, which xCard's `<bday><date>` does not say).
    static func written(_ card: VCard, _ version: VCardVersion) -> [String] {
        let text = VCardWriter(style: .canonical, version: version).encode([card])
        let cards = try! VCardDecoder(mode: .strict).decode(text).cards
        return cards[0].properties.map { "\($0.name):\($0.value)" }
    }

    /// 3.0 and 2.1 get the extended form, a year-less date Apple's form (RFC 2426 §3.1.5; the
    /// 2.1 specification's examples use both), with the N that both versions require derived.
    @Test(arguments: [CardFormat.jcard, .xcard], [VCardVersion.v3, .v2_1])
    func versions30And21AreExtended(format: CardFormat, version: VCardVersion) throws {
        let card = try #require(try Self.cards(format).first)
        #expect(
            Self.written(card, version) == [
                "VERSION:\(version.rawValue)", "FN:Ada", "N:;Ada;;;", "BDAY:1985-04-12", "X-ANNIVERSARY:2009-08-08T14:30-05:00",
                "X-ABDATE:1604-04-12", "TZ:-05:00", "REV:1995-10-31T22:27:10Z", "NOTE:1985-04-12",
            ])
    }

    @Test(arguments: [CardFormat.jcard, .xcard])
    func version40IsBasic(format: CardFormat) throws {
        let card = try #require(try Self.cards(format).first)
        #expect(
            Self.written(card, .v4) == [
                "VERSION:4.0", "FN:Ada", "BDAY:19850412", "ANNIVERSARY:20090808T1430-0500", "X-ABDATE:--0412", "TZ:-0500",
                "REV:19951031T222710Z", "NOTE:1985-04-12",
            ])
    }

    /// The 3.0 card read back, with its dates made basic again, gives the same 4.0 values.
    @Test func extendedThreeBackToFour() throws {
        let card = try #require(try Self.cards(.jcard).first)
        let v3 = VCardWriter(style: .canonical, version: .v3).encode([card])
        let back = try #require(try VCardDecoder(mode: .strict).decode(v3).cards.first).converted(to: .v4)
        #expect(back.properties(named: "BDAY").map(\.value) == ["19850412"])
        #expect(semantics(back).filter { !$0.hasPrefix("n;") } == semantics(card))  // but the derived N
    }

    static func cards(_ format: CardFormat) throws -> [VCard] {
        switch format {
        case .jcard: return try JCard.decode(Array(jCard.utf8))
        default: return try XCard.decode(Array(xCard.utf8))
        }
    }
}
