import Testing
import VCardParser

/// The one table of property rules: what it says, and the conversion rules that read it.
@Suite struct PropertyRulesTests {
    func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(text.replacingOccurrences(of: "\n", with: "\r\n")).cards.first)
    }

    func written(_ card: VCard, _ version: VCardVersion) -> String {
        String(decoding: VCardWriter(style: .canonical, version: version).encode([card]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func namesCompareIgnoringCase() {
        let name: Property.Name = "x-gender"
        #expect(name == Property.Name("X-Gender"))
        #expect(name.rawValue == "X-GENDER")
        #expect(name.isExtension)
        #expect(name.droppingExtensionPrefix == "GENDER")
        #expect(Property.Name("TEL").droppingExtensionPrefix == nil)
        #expect(Property(name: "tel", value: "1").propertyName == "TEL")
    }

    // RFC 6350 §6 (cardinality column) and RFC 2426 §3.1.1, §3.1.2
    @Test func cardinalitiesPerVersion() throws {
        func c(_ name: String, _ version: VCardVersion) -> PropertyRules.Cardinality? {
            PropertyRules.of(name)?.cardinality(in: version)
        }
        #expect(c("FN", .v3) == .one)
        #expect(c("FN", .v4) == .oneOrMore)
        #expect(c("FN", .v2_1) == .atMostOne)
        #expect(c("N", .v3) == .one)
        #expect(c("N", .v2_1) == .one)
        #expect(c("N", .v4) == .atMostOne)
        for name in ["BDAY", "ANNIVERSARY", "GENDER", "KIND", "REV", "PRODID", "UID", "CREATED", "LANGUAGE"] {
            #expect(c(name, .v4) == .atMostOne, "\(name)")
        }
        for name in ["TEL", "EMAIL", "ADR", "PRONOUNS", "GRAMGENDER", "SOCIALPROFILE"] {
            #expect(c(name, .v4) == .any, "\(name)")
        }
        #expect(c("ANNIVERSARY", .v3) == nil)
        #expect(c("MAILER", .v4) == nil)
    }

    @Test func namesInOtherVersions() throws {
        #expect(try #require(PropertyRules.of("ANNIVERSARY")).name(in: .v3) == "X-ANNIVERSARY")
        #expect(try #require(PropertyRules.of("GENDER")).name(in: .v3) == "X-GENDER")
        #expect(try #require(PropertyRules.of("MAILER")).name(in: .v4) == "X-MAILER")
        #expect(try #require(PropertyRules.of("TEL")).name(in: .v3) == "TEL")
        #expect(PropertyRules.standing(for: "X-PRONOUNS", in: .v4)?.name == "PRONOUNS")
        #expect(PropertyRules.standing(for: "X-PRONOUNS", in: .v3) == nil)
        #expect(PropertyRules.standing(for: "X-ABLABEL", in: .v4) == nil)
    }

    /// CLASS, NAME, PROFILE and SORT-STRING came with RFC 2426: a 2.1 card's `X-CLASS` stays an
    /// extension through 4.0 and back, and a 3.0 CLASS is `X-CLASS` in 2.1 and CLASS again in 3.0.
    @Test func version30PropertiesAreExtensionsIn21() throws {
        #expect(try #require(PropertyRules.of("CLASS")).name(in: .v2_1) == "X-CLASS")
        #expect(try #require(PropertyRules.of("SORT-STRING")).isKnown(in: .v2_1) == false)
        let v21 = try card("BEGIN:VCARD\nVERSION:2.1\nN:X;;;;\nX-CLASS:PRIVATE\nEND:VCARD\n")
        #expect(written(try card(written(v21, .v4)), .v2_1) == "BEGIN:VCARD\nVERSION:2.1\nFN:X\nN:X;;;;\nX-CLASS:PRIVATE\nEND:VCARD\n")
        let v3 = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\nCLASS:PRIVATE\nEND:VCARD\n")
        #expect(written(v3, .v2_1) == "BEGIN:VCARD\nVERSION:2.1\nFN:X\nN:X;;;;\nX-CLASS:PRIVATE\nEND:VCARD\n")
        #expect(written(try card(written(v3, .v2_1)), .v3) == "BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\nCLASS:PRIVATE\nEND:VCARD\n")
    }

    // RFC 6350 §6, RFC 6474, RFC 6715, RFC 9554 §3
    @Test func defaultValueTypes() {
        let expected: [(String, String?)] = [
            ("BDAY", "date-and-or-time"), ("REV", "timestamp"), ("LANG", "language-tag"), ("URL", "uri"), ("FN", "text"),
            ("DEATHDATE", "date-and-or-time"), ("ORG-DIRECTORY", "uri"), ("CREATED", "timestamp"), ("PRONOUNS", "text"),
            ("GRAMGENDER", "text"), ("SOCIALPROFILE", "uri"), ("LANGUAGE", "language-tag"), ("X-ABLABEL", nil),
        ]
        for (name, type) in expected { #expect(PropertyRules.of(name)?.valueType == type, "\(name)") }
        #expect(ParameterRules.valueType(of: "created") == "timestamp")
        #expect(ParameterRules.valueType(of: "DERIVED") == "boolean")
        #expect(ParameterRules.valueType(of: "PROP-ID") == "text")
    }

    /// The writer re-escapes by the table's shape: a 2.1 comma is literal, a 4.0 one escaped,
    /// in a text property (NOTE), a list (CATEGORIES items) and a structured one (ORG).
    @Test func writerEscapesByTheTablesShape() throws {
        let old = try card("BEGIN:VCARD\nVERSION:2.1\nN:A;B;;;\nFN:B A\nNOTE:a,b\nCATEGORIES:x;y\nORG:Acme, Inc.;R&D\nEND:VCARD\n")
        #expect(written(old, .v4) == "BEGIN:VCARD\nVERSION:4.0\nN:A;B;;;\nFN:B A\nNOTE:a\\,b\nCATEGORIES:x,y\nORG:Acme\\, Inc.;R&D\nEND:VCARD\n")
    }

    // RFC 6350 §6.7.5 (SOUND), §6.6.3 (LOGO): the table gives the top-level media type
    @Test func inlineDataTakesTheTablesMediaType() throws {
        #expect(PropertyRules.of("sound")?.dataMediaType == "audio")
        #expect(PropertyRules.of("NOTE")?.dataMediaType == nil)
        let old = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\nSOUND;ENCODING=b;TYPE=WAV:UklG\nLOGO;ENCODING=b;TYPE=PNG:iVBO\nEND:VCARD\n")
        #expect(written(old, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN:X;;;;\nSOUND:data:audio/wav;base64,UklG\nLOGO:data:image/png;base64,iVBO\nEND:VCARD\n")
    }

    // RFC 9554 §3: 4.0-only properties are X- in 3.0, and come back.
    @Test func rfc9554PropertiesAreExtensionsIn30() throws {
        let v4 = "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN:X;;;;\nCREATED:20220705T093412Z\nPRONOUNS;PROP-ID=k19:they/them\nGRAMGENDER:neuter\nLANGUAGE:de-AT\nSOCIALPROFILE;SERVICE-TYPE=Mastodon:https://example.com/@x\nEND:VCARD\n"
        let v3 = written(try card(v4), .v3)
        #expect(v3 == "BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\nX-CREATED:2022-07-05T09:34:12Z\nX-PRONOUNS;PROP-ID=k19:they/them\nX-GRAMGENDER:neuter\nX-LANGUAGE:de-AT\nX-SOCIALPROFILE;SERVICE-TYPE=Mastodon:https://example.com/@x\nEND:VCARD\n")
        #expect(written(try card(v3), .v4) == v4)
    }

    // RFC 9554 §2: N's secondary surname and generation, ADR's room … direction
    @Test func extendedComponentsAreKeptAsExtensionsIn30() throws {
        let v4 = "BEGIN:VCARD\nVERSION:4.0\nFN:Ana Gómez\nN:Gómez;Ana;;;;Ruiz;Jr.\nADR;TYPE=home:;;Calle 1;Madrid;;28001;ES;;3B;2\nADR:;;Main St;Town;;;\nEND:VCARD\n"
        let v3 = written(try card(v4), .v3)
        #expect(v3 == "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Gómez\nN:Gómez;Ana;;;\nX-N:Gómez;Ana;;;;Ruiz;Jr.\nADR;TYPE=home:;;Calle 1;Madrid;;28001;ES\nX-ADR;TYPE=home:;;Calle 1;Madrid;;28001;ES;;3B;2\nADR:;;Main St;Town;;;\nEND:VCARD\n")
        #expect(written(try card(v3), .v4) == v4)
    }

    // RFC 6350 §6.2.6: ANNIVERSARY is *1
    @Test func appleAnniversaryAndXAnniversaryGiveOneAnniversary() throws {
        let same = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nX-ANNIVERSARY:2001-06-09\nitem1.X-ABDATE:2001-06-09\nitem1.X-ABLabel:_$!<Anniversary>!$_\nEND:VCARD\n")
        #expect(written(same, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nANNIVERSARY:20010609\nEND:VCARD\n")
        let different = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nitem1.X-ABDATE:2001-06-09\nitem1.X-ABLabel:_$!<Anniversary>!$_\nX-ANNIVERSARY:20020101\nEND:VCARD\n")
        #expect(written(different, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nANNIVERSARY:20010609\nX-ANNIVERSARY:20020101\nEND:VCARD\n")
    }

    // RFC 6350 §6.2.1 (FN 1*) against RFC 2426 §3.1.1 (FN 1), §6.2.5 BDAY *1, §5.4 ALTID
    @Test func cardinalityIsAGeneralRule() throws {
        let two = try card("BEGIN:VCARD\nVERSION:4.0\nFN:Ada Lovelace\nFN:Countess of Lovelace\nN:Lovelace;Ada;;;\nEND:VCARD\n")
        #expect(written(two, .v3) == "BEGIN:VCARD\nVERSION:3.0\nFN:Ada Lovelace\nX-FN:Countess of Lovelace\nN:Lovelace;Ada;;;\nEND:VCARD\n")
        #expect(written(try card(written(two, .v3)), .v4) == written(two, .v4))
        let bdays = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\nBDAY:1990-01-02\nBDAY:19900102\nBDAY:1991-01-01\nEND:VCARD\n")
        #expect(written(bdays, .v4) == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN:X;;;;\nBDAY:19900102\nX-BDAY:19910101\nEND:VCARD\n")
        let alternatives = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN;ALTID=1;LANGUAGE=en:Smith;John;;;\nN;ALTID=1;LANGUAGE=ja:スミス;ジョン;;;\nEND:VCARD\n")
        #expect(written(alternatives, .v4).contains("\nN;ALTID=1;LANGUAGE=ja:スミス;ジョン;;;\n"))
        // 2.1 has no ALTID: it moves to an X-PARAM- property beside its line (ParameterConversion).
        let v21 = written(alternatives, .v2_1)
        #expect(v21.contains("\nparam2.X-N;LANGUAGE=ja;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:"))
        #expect(v21.contains("\nparam2.X-PARAM-ALTID:1\n"))
        let back = written(try card(v21), .v4)  // the same alternatives, ALTID put back last
        #expect(back.contains("\nN;LANGUAGE=en;ALTID=1:Smith;John;;;\nN;LANGUAGE=ja;ALTID=1:スミス;ジョン;;;\n"))
        let v4 = "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN;ALTID=1;LANGUAGE=en:Smith;John;;;\nN;ALTID=1;LANGUAGE=ja:スミス;ジョン;;;\nEND:VCARD\n"
        let v3 = written(try card(v4), .v3)
        #expect(v3 == v4.replacingOccurrences(of: "4.0", with: "3.0").replacingOccurrences(of: "\nN;ALTID=1;LANGUAGE=ja", with: "\nX-N;ALTID=1;LANGUAGE=ja"))
        #expect(written(try card(v3), .v4) == v4)
    }

    // RFC 6350 §6.2.7: GENDER's sex component is M, F, O, N or U
    @Test(arguments: [
        ("X-GENDER:female", "GENDER:F", "X-GENDER:Female"),
        ("X-GENDER:Male", "GENDER:M", "X-GENDER:Male"),
        ("X-GENDER:M", "GENDER:M", "X-GENDER:Male"),
        ("X-GENDER:non-binary", "GENDER:;non-binary", "X-GENDER:non-binary"),
        ("X-GENDER:F;grrrl", "GENDER:F;grrrl", "X-GENDER:F;grrrl"),
        ("X-GENDER:u", "GENDER:U", "X-GENDER:Unknown"),
    ])
    func genderIsTheSexComponent(v3: String, v4: String, back: String) throws {
        let old = try card("BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\n\(v3)\nEND:VCARD\n")
        let new = written(old, .v4)
        #expect(new == "BEGIN:VCARD\nVERSION:4.0\nFN:X\nN:X;;;;\n\(v4)\nEND:VCARD\n")
        #expect(written(try card(new), .v3) == "BEGIN:VCARD\nVERSION:3.0\nFN:X\nN:X;;;;\n\(back)\nEND:VCARD\n")
    }

    // RFC 6350 §6.2.1, RFC 2426 §3.1.1 and §3.1.2
    @Test(arguments: [
        ("N:Lovelace;Ada;King;Lady;", VCardVersion.v4, "FN:Lady Ada King Lovelace", "N"),
        ("ORG:Acme\\, Inc.;R&D", .v4, "FN:Acme\\, Inc.", "ORG"),
        ("NICKNAME:Ada,Addy", .v4, "FN:Ada", "NICKNAME"),
        ("EMAIL:ada@example.com", .v4, "FN:ada@example.com", "EMAIL"),
    ])
    func formattedNameIsDerived(property: String, version: VCardVersion, fn: String, source: String) throws {
        let old = try card("BEGIN:VCARD\nVERSION:3.0\n\(property)\nEND:VCARD\n")
        var notices: [Diagnostic] = []
        let new = old.converted(to: version, notices: &notices)
        #expect(new.properties.map { "\($0.name):\($0.value)" }.prefix(2) == ["VERSION:3.0", fn])
        #expect(notices.map(\.description) == ["1:1: warning: vCard 4.0 requires FN: derived '\(fn)' from \(source) [derived-property]"])
    }

    @Test(arguments: [
        ("FN:Ada King Lovelace", "N:Lovelace;Ada;King;;"),
        ("FN:Lovelace, Ada", "N:Lovelace;Ada;;;"),
        ("FN:Madonna", "N:;Madonna;;;"),
        ("FN:Acme\nORG:Acme", "N:;;;;"),
    ])
    func structuredNameIsDerivedFromFN(properties: String, n: String) throws {
        let old = try card("BEGIN:VCARD\nVERSION:4.0\n\(properties)\nEND:VCARD\n")
        var notices: [Diagnostic] = []
        let new = old.converted(to: .v3, notices: &notices)
        #expect(new.properties.map { "\($0.name):\($0.value)" }[2] == n)
        #expect(notices.map(\.code) == [.derivedProperty])
        #expect(old.converted(to: .v4, notices: &notices) == old)
    }

    @Test func nothingToDeriveFromIsReported() throws {
        let old = try card("BEGIN:VCARD\nVERSION:2.1\nTEL:123\nEND:VCARD\n")
        var notices: [Diagnostic] = []
        _ = old.converted(to: .v3, notices: &notices)
        #expect(
            notices.map(\.message) == [
                "vCard 3.0 requires FN: none to derive it from; written empty",
                "vCard 3.0 requires N: none to derive it from; written empty",
            ])
    }
}
