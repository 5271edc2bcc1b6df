import Testing
import VCardParser

@testable import VCardFormats

/// jCard (RFC 7095) and xCard (RFC 6351) carry a nested 2.1 card as the text of
/// `RELATED;VALUE=text` (an AGENT, RFC 6350 §6.6.6) or of `X-NESTED-VCARD` (Android's bare
/// nested card): the whole card, which is a nested card again once written as 2.1.
@Suite struct NestedCardFormatTests {
    struct Format: Sendable, CustomTestStringConvertible {
        var name: String
        var encode: @Sendable ([VCard]) -> [UInt8]
        var decode: @Sendable ([UInt8]) throws -> [VCard]
        var testDescription: String { name }
    }

    static let formats = [
        Format(name: "jCard", encode: { JCard.encode($0) }, decode: { try JCard.decode($0) }),
        Format(name: "xCard", encode: { XCard.encode($0) }, decode: { try XCard.decode($0) }),
    ]

    @Test(
        arguments: formats,
        [
            ("agent-2.1.vcf", "RELATED", "AGENT", "Jane Smith"),
            ("agent-next-line-2.1.vcf", "RELATED", "AGENT", "Tomas Okafor"),
            ("android-nested-2.1.vcf", "X-NESTED-VCARD", "X-NESTED-VCARD", "Ole Berg"),
        ])
    func nestedCardSurvivesTheFormat(_ format: Format, _ fixture: (String, String, String, String)) throws {
        let (file, carrierName, name21, fn) = fixture
        let original = try #require(try Fixtures.cards(file).first)
        let nested = try #require(original.first(name21)?.embeddedCard)
        let decoded = try format.decode(format.encode([original]))
        let carrier = try #require(decoded.first?.first(carrierName))
        #expect(carrier.text.hasSuffix("\nEND:VCARD"))
        let inner = try #require(try VCardDecoder(mode: .strict).decode(carrier.text).cards.first)
        #expect(inner.first("FN")?.text == fn)
        #expect(inner.properties.count == nested.properties.count)
        let back = try VCardDecoder(mode: .strict).decode(VCardWriter(style: .canonical, version: .v2_1).encode(decoded))
        let again = try #require(back.cards.first?.first(name21)?.embeddedCard)
        #expect(again.first("FN")?.text == fn)
        #expect(again.properties.map { $0.name.uppercased() } == nested.properties.map { $0.name.uppercased() })
    }
}
