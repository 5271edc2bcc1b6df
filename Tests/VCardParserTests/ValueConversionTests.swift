import Foundation
import Testing
import VCardParser

/// Values written in the form the target version has: media types, URIs, GEO, dates and
/// offsets, phone numbers and structured values, each rule both ways.
@Suite struct ValueConversionTests {
    struct Rule: Sendable, CustomTestStringConvertible {
        var name: String
        /// The 3.0 (or 2.1) lines, and the same in 4.0.
        var old: String, new: String
        var version: VCardVersion = .v3
        var testDescription: String { name }
    }

    // 1×1 JPEG and PNG headers, and bytes that are no known format.
    static let jpeg = "/9j/4AAQSkZJRgABAQ", png = "iVBORw0KGgoAAAANSUhEUg", unknown = "AAECAwQFBgcI"

    static let rules: [Rule] = [
        // Media: RFC 2426 §3.1.4, §3.7.2; RFC 6350 §6.2.4, §6.8.1, §5.7.
        Rule(name: "photo-format-first", old: "PHOTO;ENCODING=b;TYPE=JPEG,WORK:\(jpeg)", new: "PHOTO;TYPE=WORK:data:image/jpeg;base64,\(jpeg)"),
        Rule(name: "photo-format-and-type", old: "PHOTO;ENCODING=b;TYPE=PNG,HOME:\(png)", new: "PHOTO;TYPE=HOME:data:image/png;base64,\(png)"),
        Rule(name: "untyped-photo", old: "PHOTO;ENCODING=b:\(unknown)", new: "PHOTO:data:application/octet-stream;base64,\(unknown)"),
        Rule(name: "pgp-key", old: "KEY;ENCODING=b;TYPE=PGP:\(unknown)", new: "KEY:data:application/pgp-keys;base64,\(unknown)"),
        Rule(
            name: "linked-photo-mediatype", old: "PHOTO;TYPE=JPEG;VALUE=uri:http://example.com/a.jpg",
            new: "PHOTO;MEDIATYPE=image/jpeg:http://example.com/a.jpg"),
        Rule(
            name: "linked-key-mediatype", old: "KEY;TYPE=PGP;VALUE=uri:https://example.com/k.asc",
            new: "KEY;MEDIATYPE=application/pgp-keys:https://example.com/k.asc"),
        // GEO: RFC 2426 §3.4.2, RFC 6350 §6.5.2, RFC 5870.
        Rule(name: "geo", old: "GEO:37.386013;-122.082932", new: "GEO:geo:37.386013,-122.082932"),
        Rule(name: "geo-2.1", old: "GEO:37.24,-17.87", new: "GEO:geo:37.24,-17.87", version: .v2_1),
        Rule(name: "geo-altitude", old: "X-GEO:geo:37.2,-17.8,20", new: "GEO:geo:37.2,-17.8,20"),
        // Dates and offsets: RFC 6350 §4.3 (basic format), RFC 2426 §3.1.5, §3.6.4, §3.4.1.
        Rule(name: "bday", old: "BDAY:1906-12-09", new: "BDAY:19061209"),
        Rule(name: "rev", old: "REV:2008-02-07T09:40:38Z", new: "REV:20080207T094038Z"),
        Rule(name: "bday-time", old: "BDAY:1953-10-15T23:10:00Z", new: "BDAY:19531015T231000Z"),
        Rule(name: "tz", old: "TZ:-05:00", new: "TZ;VALUE=utc-offset:-0500"),
        Rule(name: "tz-text", old: "TZ;VALUE=text:America/New_York", new: "TZ;VALUE=text:America/New_York"),
        Rule(name: "apple-omit-year", old: "BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-09", new: "BDAY:--0509"),
        Rule(name: "anniversary-omit-year", old: "X-ANNIVERSARY;X-APPLE-OMIT-YEAR=1604:1604-06-01", new: "ANNIVERSARY:--0601"),
        // Phones: RFC 3966 §5.1.5 (ext), RFC 6350 §6.4.1 (text allowed).
        Rule(name: "tel-extension", old: "TEL:+1-555-0100 ext. 23", new: "TEL;VALUE=uri:tel:+1-555-0100;ext=23"),
        Rule(name: "tel-typed-spaces", old: "TEL;TYPE=cell:+46 70 123 45 67", new: "TEL;TYPE=cell:+46 70 123 45 67"),
        Rule(name: "tel-parentheses", old: "TEL:+1(555)0100", new: "TEL;VALUE=uri:tel:+1(555)0100"),
        Rule(name: "tel-isub", old: "TEL;VALUE=uri:tel:+1-555-0100;isub=8", new: "TEL;VALUE=uri:tel:+1-555-0100;isub=8"),
        // Structured values: RFC 6350 §6.2.2, §6.3.1; RFC 2426 §3.1.2, §3.2.1.
        Rule(name: "n-full", old: "N:Doe;John;;;", new: "N:Doe;John;;;"),
        Rule(name: "adr-full", old: "ADR:;;1 Main St;Town;;;", new: "ADR:;;1 Main St;Town;;;"),
    ]

    static func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(text.replacingOccurrences(of: "\n", with: "\r\n")).cards.first)
    }

    static func written(_ card: VCard, _ version: VCardVersion) -> String {
        String(decoding: VCardWriter(style: .canonical, version: version).encode([card]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// A card of `version` with `line`, and the FN (and N, which 3.0 requires) it needs.
    static func wrap(_ line: String, _ version: VCardVersion) -> String {
        let hasN = ("\n" + line).contains("\nN:") || ("\n" + line).contains("\nN;")
        return "BEGIN:VCARD\nVERSION:\(version.rawValue)\nFN:X\n\(hasN ? "" : "N:;X;;;\n")\(line)\nEND:VCARD\n"
    }

    @Test(arguments: rules)
    func ruleWorksBothWays(rule: Rule) throws {
        let old = try Self.card(Self.wrap(rule.old, rule.version)), new = try Self.card(Self.wrap(rule.new, .v4))
        #expect(Self.written(old, .v4) == Self.wrap(rule.new, .v4))
        #expect(Self.written(new, rule.version) == Self.wrap(rule.old, rule.version))
    }

    /// KContacts writes `PHOTO;TYPE=WORK` (no format): a photo of work, whose type is read from its bytes.
    @Test func typeThatIsNoFormatStaysAType() throws {
        let v3 = try Self.card(Self.wrap("PHOTO;ENCODING=b;TYPE=WORK:\(Self.jpeg)\nLOGO;ENCODING=b:\(Self.png)", .v3))
        #expect(Self.written(v3, .v4) == Self.wrap("PHOTO;TYPE=WORK:data:image/jpeg;base64,\(Self.jpeg)\nLOGO:data:image/png;base64,\(Self.png)", .v4))
        #expect(!Self.written(v3, .v4).lowercased().contains("image/work"))
    }

    // RFC 6350 errata 3845 and 3846: the RFC's own examples escape the comma inside URIs.
    @Test func backslashesInURIsAreUndone() throws {
        let v4 = try Self.card(Self.wrap("PHOTO:data:image/gif;base64\\,R0lGODlh\nGEO:geo:37.3\\,-122.0\nURL:http\\://example.com/a\\,b", .v4))
        #expect(Self.written(v4, .v3) == Self.wrap("PHOTO;ENCODING=b;TYPE=GIF:R0lGODlh\nGEO:37.3;-122.0\nURL:http://example.com/a,b", .v3))
        let apple = try Self.card(Self.wrap("item1.URL;type=pref:http\\://www.example.com", .v3))
        #expect(Self.written(apple, .v4) == Self.wrap("item1.URL;PREF=1:http://www.example.com", .v4))
    }

    /// The errata form is data too, read as the URI it means (RFC 6350 errata 3845).
    @Test func binaryDataOfTheErrataForm() {
        let photo = Property(name: "PHOTO", value: "data:image/gif;base64\\,R0lGODlh")
        #expect(photo.binaryData == Array("GIF89a".utf8))
    }

    /// `ENCODING=b` on a value that is already a `data:` URI does not wrap it in another.
    @Test func mixedBase64AndDataURIStaysOneURI() throws {
        let v3 = try Self.card(Self.wrap("PHOTO;ENCODING=b;TYPE=png:data:image/png;base64,\(Self.png)", .v3))
        #expect(Self.written(v3, .v4) == Self.wrap("PHOTO:data:image/png;base64,\(Self.png)", .v4))
    }

    // RFC 6350 §6.5.1 (TZ is text by default in 4.0), RFC 2426 §3.4.1 (utc-offset in 3.0).
    @Test func aTextTimeZoneSaysSoIn3() throws {
        let v4 = try Self.card(Self.wrap("TZ:Raleigh/North America", .v4))
        #expect(Self.written(v4, .v3) == Self.wrap("TZ;VALUE=text:Raleigh/North America", .v3))
        #expect(Self.written(v4, .v2_1) == Self.wrap("TZ:Raleigh/North America", .v2_1))  // 2.1 has no text VALUE
    }

    // RFC 6350 §6.2.2, §6.3.1; RFC 2426 §3.1.2, §3.2.1: short N and ADR are padded; a longer 4.0
    // ADR (RFC 9554 §2 components) keeps its 3.0 seven and the whole value as X-ADR.
    @Test func shortStructuredValuesArePadded() throws {
        let v3 = try Self.card(Self.wrap("N:Doe;John\nADR;TYPE=home:;;1 Main St", .v3))
        #expect(Self.written(v3, .v4) == Self.wrap("N:Doe;John;;;\nADR;TYPE=home:;;1 Main St;;;;", .v4))
        let v4 = try Self.card(Self.wrap("N:Doe\nADR:;;Main;Town;;;;x", .v4))
        #expect(Self.written(v4, .v3) == Self.wrap("N:Doe;;;;\nADR:;;Main;Town;;;\nX-ADR:;;Main;Town;;;;x", .v3))
    }

    /// A `tel:` URI written without `VALUE=uri` is read as the URI it is.
    @Test func telURIWithoutValueParameter() throws {
        let v4 = try Self.card(Self.wrap("TEL;TYPE=\"work,voice\";PREF=1:tel:+1-555-0100;ext=7", .v4))
        #expect(Self.written(v4, .v3) == Self.wrap("TEL;TYPE=work,voice,pref:+1-555-0100 ext. 7", .v3))
        #expect(Self.written(v4, .v2_1) == Self.wrap("TEL;WORK;VOICE;PREF:+1-555-0100 ext. 7", .v2_1))
    }

    /// 3.0 → 4.0 → 3.0 gives back every typed number as typed.
    @Test(arguments: [
        "+46 70 123 45 67", "+1 (555) 010-0100", "+1-555-0100", "+1-555-0100 ext. 23", "555 0100", "0800 FLOWERS",
        "+49 30 1234 x5", "+1.555.0100",
    ])
    func typedNumbersComeBackAsTyped(number: String) throws {
        let v3 = try Self.card(Self.wrap("TEL;TYPE=work:\(number)", .v3))
        let v4 = Self.written(v3, .v4)
        #expect(Self.written(try Self.card(v4), .v3) == Self.wrap("TEL;TYPE=work:\(number)", .v3))
        let tel = try #require(try Self.card(v4).first("TEL"))
        if tel.parameter("VALUE") != nil { #expect(tel.value.hasPrefix("tel:") && !tel.value.contains(" ")) }
    }

    // RFC 2426 §3.4.2 (`;`) and the vCard 2.1 specification's GEO (two floats and a `,`, as 2.1 exports write it).
    @Test func geoBetween3And21() throws {
        let v3 = try Self.card(Self.wrap("GEO:37.24;-17.87", .v3))
        #expect(Self.written(v3, .v2_1) == Self.wrap("GEO:37.24,-17.87", .v2_1))
        #expect(Self.written(try Self.card(Self.written(v3, .v2_1)), .v3) == Self.wrap("GEO:37.24;-17.87", .v3))
        let notCoordinates = try Self.card(Self.wrap("GEO:somewhere", .v3))
        #expect(Self.written(notCoordinates, .v4) == Self.wrap("GEO:somewhere", .v4))
    }

    /// 2.1 writes dates extended too, and Apple's form for a date without a year.
    @Test func version21Dates() throws {
        let v4 = try Self.card(Self.wrap("BDAY:--0509\nANNIVERSARY:20010609\nTZ;VALUE=utc-offset:+0100", .v4))
        #expect(Self.written(v4, .v2_1) == Self.wrap("BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-09\nX-ANNIVERSARY:2001-06-09\nTZ:+01:00", .v2_1))
    }
}
