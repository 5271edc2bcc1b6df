import Foundation
import Testing
import VCardParser

/// Conversion between 2.1, 3.0 and 4.0: each rule both ways, and 4.0 → 3.0 → 4.0 gives the same card.
@Suite struct VersionConversionTests {
    func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(text.replacingOccurrences(of: "\n", with: "\r\n")).cards.first)
    }

    func written(_ card: VCard, _ version: VCardVersion) -> String {
        String(decoding: VCardWriter(style: .canonical, version: version).encode([card]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Each case: a 3.0 (or 2.1) card body, and the same card in 4.0.
    static let rules: [(String, String, String)] = [
        ("pref", "VERSION:3.0\nEMAIL;TYPE=work,pref:a@b.c\n", "VERSION:4.0\nEMAIL;TYPE=work;PREF=1:a@b.c\n"),
        ("photo", "VERSION:3.0\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\n", "VERSION:4.0\nPHOTO:data:image/jpeg;base64,/9j/4AAQ\n"),
        ("tel", "VERSION:3.0\nTEL;TYPE=cell:+1-555-0100\n", "VERSION:4.0\nTEL;TYPE=cell;VALUE=uri:tel:+1-555-0100\n"),
        (
            "label", "VERSION:3.0\nADR;TYPE=work:;;1 Main St;Town;;;\nLABEL;TYPE=work:1 Main St\\nTown\n",
            "VERSION:4.0\nADR;TYPE=work;LABEL=\"1 Main St^nTown\":;;1 Main St;Town;;;\n"
        ),
        ("anniversary", "VERSION:3.0\nX-ANNIVERSARY:2001-06-09\n", "VERSION:4.0\nANNIVERSARY:20010609\n"),
        ("kind-org", "VERSION:3.0\nX-ABSHOWAS:COMPANY\n", "VERSION:4.0\nKIND:org\n"),
        ("kind-group", "VERSION:3.0\nX-ADDRESSBOOKSERVER-KIND:group\n", "VERSION:4.0\nKIND:group\n"),
        ("agent", "VERSION:3.0\nAGENT;VALUE=uri:urn:uuid:1234\n", "VERSION:4.0\nRELATED;TYPE=agent:urn:uuid:1234\n"),
        ("gender", "VERSION:3.0\nX-GENDER:Female\n", "VERSION:4.0\nGENDER:F\n"),
        ("mailer", "VERSION:3.0\nMAILER:Mutt\n", "VERSION:4.0\nX-MAILER:Mutt\n"),
    ]

    @Test(arguments: rules.map { $0.0 })
    func ruleWorksBothWays(name: String) throws {
        let (_, v3, v4) = try #require(Self.rules.first { $0.0 == name })
        let old = try card("BEGIN:VCARD\n\(v3)FN:X\nN:X;;;;\nEND:VCARD\n")
        let new = try card("BEGIN:VCARD\n\(v4)FN:X\nN:X;;;;\nEND:VCARD\n")
        #expect(written(old, .v4) == "BEGIN:VCARD\n\(v4)FN:X\nN:X;;;;\nEND:VCARD\n")
        #expect(written(new, .v3) == "BEGIN:VCARD\n\(v3)FN:X\nN:X;;;;\nEND:VCARD\n")
    }

    @Test func appleAnniversaryBecomesAnniversary() throws {
        let apple = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nitem1.X-ABDATE:2001-06-09\nitem1.X-ABLabel:_$!<Anniversary>!$_\nEND:VCARD\n")
        #expect(written(apple, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nANNIVERSARY:20010609\nEND:VCARD\n")
    }

    @Test func version21BareTypesAndQuotedPrintable() throws {
        let old = try card("BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Anna;;;\nTEL;PREF;WORK;VOICE:+49 30 1234\nPHOTO;ENCODING=BASE64;JPEG:/9j/4AAQ\n\nEND:VCARD\n")
        #expect(written(old, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:Anna Müller\nN:Müller;Anna;;;\nTEL;TYPE=WORK,VOICE;PREF=1:+49 30 1234\nPHOTO:data:image/jpeg;base64,/9j/4AAQ\nEND:VCARD\n")
        #expect(written(old, .v3) == "BEGIN:VCARD\nVERSION:3.0\nFN:Anna Müller\nN:Müller;Anna;;;\nTEL;TYPE=PREF,WORK,VOICE:+49 30 1234\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\nEND:VCARD\n")
        let back = try card(written(old, .v4))
        #expect(
            written(back, .v2_1).hasPrefix(
                "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Anna M=C3=BCller\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Anna;;;\nTEL;WORK;VOICE;PREF:+49 30 1234\nPHOTO;ENCODING=BASE64;JPEG:/9j/4AAQ\n\nEND:VCARD\n"))
    }

    /// The same card, whatever order and spelling its parameters have.
    static func semantic(_ card: VCard) -> [String] {
        card.properties.map { p in
            let params = p.parameters.map { q -> String in
                let values = q.hasName("TYPE") ? q.values.flatMap { $0.split(separator: ",") }.map { $0.lowercased() }.sorted() : q.values
                return q.name.uppercased() + "=" + values.joined(separator: ",")
            }.sorted()
            return "\(p.group?.lowercased() ?? "").\(p.name.uppercased());\(params.joined(separator: ";")):\(p.value)"
        }
    }

    @Test(arguments: ["nextcloud-4.0.vcf", "thunderbird-4.0.vcf", "sample-contacts.vcf"])
    func version4To3AndBackIsTheSameCard(fixture: String) throws {
        let bytes = try Fixtures.bytes(fixture)
        for original in try VCardDecoder().decode(bytes).cards where original.version == .v4 {
            let v3 = try VCardDecoder().decode(VCardWriter(style: .canonical, version: .v3).encode([original])).cards
            let back = try VCardDecoder().decode(VCardWriter(style: .canonical, version: .v4).encode(v3)).cards
            #expect(back.count == 1)
            let a = Self.semantic(try #require(back.first)), b = Self.semantic(original)
            #expect(a == b, "\(a.difference(from: b))")
        }
    }
}
