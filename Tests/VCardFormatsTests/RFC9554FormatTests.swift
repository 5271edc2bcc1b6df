import Testing
import VCardParser

@testable import VCardFormats

/// The RFC 9554 properties, parameters and components in jCard and xCard: typed from
/// ``PropertyRules``, and back to the same vCard.
@Suite struct RFC9554FormatTests {
    static let card = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Ana Gómez\r
        N:Gómez;Ana;;;;Ruiz;Jr.\r
        ADR:;;Calle 1;Madrid;;28001;ES;;3B;2\r
        CREATED:20220705T093412Z\r
        PRONOUNS;PROP-ID=k19;PREF=1:they/them\r
        GRAMGENDER:neuter\r
        LANGUAGE:de-AT\r
        SOCIALPROFILE;SERVICE-TYPE=Mastodon:https://example.com/@ana\r
        SOCIALPROFILE;SERVICE-TYPE=SomeSite;VALUE=text:ana94\r
        TEL;CREATED=20220705T093412Z;DERIVED=true:+1 555 0100\r
        END:VCARD\r

        """

    func decoded() throws -> [VCard] { try VCardDecoder().decode(Array(Self.card.utf8)).cards }

    // RFC 9554 §2 (N, ADR components), §3 (properties), RFC 7095 §3.4 (jCard types)
    @Test func jCardTypesThem() throws {
        var writer = JCardWriter()
        var out: [UInt8] = [], warnings: [String] = []
        for card in try decoded() { writer.write(card, to: &out, warnings: &warnings) }
        writer.finish(to: &out)
        #expect(warnings.isEmpty)
        let json = String(decoding: out, as: UTF8.self)
        for line in [
            #"["n", {}, "text", ["Gómez", "Ana", "", "", "", "Ruiz", "Jr."]]"#,
            #"["adr", {}, "text", ["", "", "Calle 1", "Madrid", "", "28001", "ES", "", "3B", "2"]]"#,
            #"["created", {}, "timestamp", "2022-07-05T09:34:12Z"]"#,
            #"["pronouns", {"prop-id": "k19", "pref": "1"}, "text", "they/them"]"#,
            #"["gramgender", {}, "text", "neuter"]"#,
            #"["language", {}, "language-tag", "de-AT"]"#,
            #"["socialprofile", {"service-type": "Mastodon"}, "uri", "https://example.com/@ana"]"#,
            #"["socialprofile", {"service-type": "SomeSite"}, "text", "ana94"]"#,
        ] {
            #expect(json.contains(line), "\(line)")
        }
        #expect(canonical(try JCard.decode(out)) == Self.card)
    }

    // RFC 9554 §2, §3, §4 (CREATED and DERIVED parameters), RFC 6351 §3.4, §3.5
    @Test func xCardTypesThem() throws {
        var writer = XCardWriter()
        var out: [UInt8] = []
        var warnings: [String] = []
        for card in try decoded() { writer.write(card, to: &out, warnings: &warnings) }
        writer.finish(to: &out)
        let xml = String(decoding: out, as: UTF8.self)
        for element in [
            "<n><surname>Gómez</surname><given>Ana</given><additional/><prefix/><suffix/><surname2>Ruiz</surname2><generation>Jr.</generation></n>",
            "<adr><pobox/><ext/><street>Calle 1</street><locality>Madrid</locality><region/><code>28001</code><country>ES</country><room/><apartment>3B</apartment><floor>2</floor></adr>",
            "<created><timestamp>20220705T093412Z</timestamp></created>",
            "<language><language-tag>de-AT</language-tag></language>",
            "<socialprofile><parameters><service-type><text>Mastodon</text></service-type></parameters><uri>https://example.com/@ana</uri></socialprofile>",
            "<parameters><created><timestamp>20220705T093412Z</timestamp></created><derived><boolean>true</boolean></derived></parameters>",
        ] {
            #expect(xml.contains(element), "\(element)")
        }
        #expect(canonical(try XCard.decode(out)) == Self.card)
    }
}
