import Foundation
import Testing
import VCardParser

/// Parameters written in a form the target version has: no quoted lists in 3.0, no quotes at all
/// in 2.1, and whatever 2.1 cannot say kept in an `X-PARAM-` property and given back.
@Suite struct ParameterConversionTests {
    static func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(text.replacingOccurrences(of: "\n", with: "\r\n")).cards.first)
    }

    static func written(_ card: VCard, _ version: VCardVersion) -> String {
        String(decoding: VCardWriter(style: .canonical, version: version).encode([card]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    static func card4(_ body: String) throws -> VCard { try card("BEGIN:VCARD\nVERSION:4.0\nFN:X\n\(body)END:VCARD\n") }

    // RFC 2425 §5.8.2 (a quoted value is one value), RFC 6350 §5.6 (TYPE="a,b" is a list), RFC 2426 §3.3.1 (pref is a type)
    @Test func quotedTypeListBecomesAListIn3And21() throws {
        let v4 = try Self.card4("TEL;TYPE=\"work,voice\";PREF=1;VALUE=uri:tel:+1-555-0100\n")
        #expect(Self.written(v4, .v3) == "BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:;X;;;\nTEL;TYPE=work,voice,pref:+1-555-0100\nEND:VCARD\n")
        #expect(Self.written(v4, .v2_1) == "BEGIN:VCARD\nVERSION:2.1\nFN:X\nN:;X;;;\nTEL;WORK;VOICE;PREF:+1-555-0100\nEND:VCARD\n")
        let v3 = try Self.card(Self.written(v4, .v3))
        #expect(v3.first("TEL")?.types == ["work", "voice", "pref"])
    }

    /// 3.0 can quote: a value that needs quotes keeps them there, one that does not loses them.
    @Test func version3QuotesOnlyWhatNeedsQuotes() throws {
        let v4 = try Self.card4("N;SORT-AS=\"Doe,John\":Doe;John;;;\nADR;GEO=\"geo:46.7,-71.2\";TYPE=\"home\":;;1 Main St;Town;;;\n")
        #expect(
            Self.written(v4, .v3) == """
                BEGIN:VCARD\nVERSION:3.0\nFN:X\nN;SORT-AS="Doe,John":Doe;John;;;\nADR;GEO="geo:46.7,-71.2";TYPE=home:;;1 Main St;Town;;;\nEND:VCARD\n
                """)
    }

    @Test func whatVersion21CannotSayGoesToAnXParamPropertyAndComesBack() throws {
        let v4 = try Self.card4("ADR;TYPE=WORK;GEO=\"geo:46.7,-71.2\":;;1 Main St;Town;;;\nN;SORT-AS=\"Doe;J\":Doe;John;;;\n")
        let v21 = Self.written(v4, .v2_1)
        #expect(
            v21 == """
                BEGIN:VCARD\nVERSION:2.1\nFN:X\nparam1.ADR;WORK:;;1 Main St;Town;;;\nparam1.X-PARAM-GEO:geo:46.7,-71.2\n\
                param2.N:Doe;John;;;\nparam2.X-PARAM-SORT-AS:Doe\\;J\nEND:VCARD\n
                """)
        let back = try Self.card(v21)
        #expect(Self.written(back, .v4) == Self.written(v4, .v4))
    }

    /// 3.0 → 2.1 too, and a property that already has a group keeps it.
    @Test func groupedPropertyFrom3KeepsItsGroup() throws {
        let v3 = try Self.card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:;X;;;\nitem1.EMAIL;TYPE=INTERNET;X-SERVICE=\"a:b\":x@y.z\nitem1.X-ABLabel:Boat\nEND:VCARD\n")
        #expect(
            Self.written(v3, .v2_1) == """
                BEGIN:VCARD\nVERSION:2.1\nFN:X\nN:;X;;;\nitem1.EMAIL;INTERNET:x@y.z\nitem1.X-PARAM-X-SERVICE:a:b\nitem1.X-ABLABEL:Boat\nEND:VCARD\n
                """)
        #expect(Self.written(try Self.card(Self.written(v3, .v2_1)), .v3) == Self.written(v3, .v3))
    }

    /// 2.1 calls `VALUE=uri` `VALUE=URL`: there and back again.
    @Test func valueURIIsURLIn21AndBack() throws {
        let v3 = try Self.card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:;X;;;\nPHOTO;VALUE=uri:http://example.com/a.gif\nEND:VCARD\n")
        let v21 = Self.written(v3, .v2_1)
        #expect(v21 == "BEGIN:VCARD\nVERSION:2.1\nFN:X\nN:;X;;;\nPHOTO;VALUE=URL:http://example.com/a.gif\nEND:VCARD\n")
        #expect(Self.written(try Self.card(v21), .v3) == Self.written(v3, .v3))
        #expect(Self.written(try Self.card(v21), .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN:;X;;;\nPHOTO:http://example.com/a.gif\nEND:VCARD\n")
    }

    static let names = ["SORT-AS", "GEO", "ALTID", "PID", "TZ", "LANGUAGE", "CALSCALE", "X-CUSTOM", "VALUE", "TYPE"]
    static let values = ["plain", "a;b", "a,b", "a:b", "say \"hi\"", "x y", "ünï", "line\nbreak"]

    /// The rule holds for every parameter and value: the 2.1 line has only words as parameter
    /// values, and 2.1 → 4.0 gives the parameter back.
    @Test(arguments: names)
    func everyParameterSurvives21(name: String) throws {
        for value in Self.values {
            var card = try Self.card4("")
            card.properties.append(Property(name: "NOTE", parameters: [Parameter(name: name, values: [value])], value: "hi"))
            let v21 = VCardWriter(style: .canonical, version: .v2_1).encode([card])
            let line = try #require(String(decoding: v21, as: UTF8.self).components(separatedBy: "\r\n").first { $0.contains("NOTE") })
            #expect(!line.contains("\""), "\(name)=\(value): \(line)")
            let back = try #require(try VCardDecoder().decode(v21).cards.first).converted(to: .v4)
            let note = try #require(back.first("NOTE"))
            // A comma in a TYPE value separates types (RFC 6350 §5.6).
            let expected = name == "TYPE" ? value.split(separator: ",").map(String.init) : [WrittenForm.lineBreaksAsLF(value)]
            let got = note.parameters.filter { $0.hasName(name) }.flatMap(\.values).map { $0.lowercased() }
            #expect(got == expected.map { $0.lowercased() }, "\(name)=\(value)")
            #expect(back.properties.allSatisfy { !$0.name.uppercased().hasPrefix("X-PARAM-") })
        }
    }
}
