import Testing
import VCardParser

/// Cards, groups, names, unknown properties, nested 2.1 cards and whole-input encodings.
@Suite struct CardStructureTests {
    @Test func severalCardsInOrderWithTheirVersions() throws {
        let result = try Fixtures.decode("android-2.1.vcf")
        #expect(result.cards.map { $0.first("FN")?.text } == ["山田 太郎", "Forrest Gump", "Mom"])
        #expect(result.cards.map(\.line) == [1, 24, 38])
        #expect(result.cards.allSatisfy { $0.version == .v2_1 })
        #expect(result.trailingBytes.isEmpty)
        let nextcloud = try Fixtures.decode("nextcloud-4.0.vcf")
        #expect(nextcloud.cards.map(\.version) == [.v4, .v4])
        #expect(
            nextcloud.cards.map(\.uid) == [
                "6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c",
                "urn:uuid:0b7c8d2e-3f4a-4b5c-8d6e-7f8091a2b3c4",
            ])
    }

    @Test func groupedBeginAndEndStillDelimitACard() throws {
        let text = "home.begin:vcard\nversion:3.0\nfn:Meister Berger\nhome.end:vcard\nBEGIN:VCARD\nVERSION:3.0\nFN:B\nEND:VCARD\n"
        let result = try VCardDecoder().decode(text)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Meister Berger", "B"])
        #expect(result.warnings.map(\.code) == [.malformedBegin, .malformedEnd])
        #expect(result.warnings.first?.message == "BEGIN:VCARD with a group before it; read as BEGIN:VCARD")
        #expect(VCardWriter().encode(result.cards) == Array(text.utf8))
    }

    @Test func propertiesKeepFileOrder() throws {
        let card = try #require(try Fixtures.decode("thunderbird-4.0.vcf").cards.first)
        #expect(
            card.properties.map(\.name) == [
                "VERSION", "EMAIL", "FN", "NICKNAME", "N", "NOTE", "ORG", "TITLE", "TEL", "ADR",
                "URL", "BDAY", "UID",
            ])
        #expect(card.properties.map(\.line) == Array(2...14))
    }

    @Test func groupsPairLabelsWithTheirProperty() throws {
        let card = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        let grouped = card.properties.filter { $0.group == "item2" }
        #expect(grouped.map(\.name) == ["TEL", "X-ABLabel"])
        #expect(grouped.map(\.value) == ["+1 408 555 0102", "Boat phone"])
        let email = try #require(card.first("EMAIL"))
        #expect(email.group == "item1")
        let label = card.properties.first { $0.group == email.group && $0.hasName("X-ABLABEL") }
        #expect(label?.text == "_$!<Other>!$_")
        #expect(
            card.properties.first { $0.group == "item3" && $0.hasName("x-ablabel") }?.text
                == "_$!<Mobile>!$_")
        #expect(card.first("TEL")?.group == nil)
    }

    @Test func namesAreCaseInsensitiveButKeepTheirSpelling() throws {
        let text =
            "begin:vcard\r\nversion:3.0\r\nfn:Lower Case\r\nTel;Type=Cell:1\r\nx-abShowAs:COMPANY\r\nend:vcard\r\n"
        let result = try decode(text)
        let card = try #require(result.cards.first)
        #expect(card.version == .v3)
        #expect(card.first("FN")?.text == "Lower Case")
        #expect(card.first("tel")?.name == "Tel")
        #expect(card.first("X-ABSHOWAS")?.name == "x-abShowAs")
        #expect(card.indices(of: "TEL") == [2])
        #expect(result.warnings.isEmpty)
    }

    @Test func unknownAndExtensionPropertiesAreKeptVerbatim() throws {
        let android = try Fixtures.card("android-2.1.vcf", fn: "山田 太郎")
        #expect(
            android.properties(named: "X-ANDROID-CUSTOM").map(\.value) == [
                "vnd.android.cursor.item/nickname;Taro-chan;1;;;;;;;;;;;;;",
                "vnd.android.cursor.item/relation;Hanako;1;;;;;;;;;;;;;",
            ])
        let apple = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        let bday = try #require(apple.first("BDAY"))
        #expect(bday.value == "1604-04-15")
        #expect(bday.parameter("X-APPLE-OMIT-YEAR")?.values == ["1604"])
        #expect(apple.first("X-SOCIALPROFILE")?.types == ["twitter"])
        let unknown = try property("FOO-BAR", in: card("4.0", "FOO-BAR;X-Y=z:whatever\\q;;"))
        #expect(unknown.value == "whatever\\q;;")
        #expect(unknown.parameters == [Parameter(name: "X-Y", values: ["z"])])
    }

    @Test func datesAreKeptAsWritten() throws {
        let card = try #require(try Fixtures.decode("nextcloud-4.0.vcf").cards.first)
        #expect(card.first("BDAY")?.value == "--0415")
        #expect(card.first("ANNIVERSARY")?.value == "18350708")
        #expect(card.first("REV")?.value == "20240101T120000Z")
    }

    @Test func nestedAgentCardIn21() throws {
        let result = try Fixtures.decode("agent-2.1.vcf")
        #expect(result.warnings.isEmpty)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Fred Friday", "John Public"])
        let fred = result.cards[0]
        let agent = try #require(fred.first("AGENT"))
        #expect(agent.line == 6)
        let jane = try #require(agent.embeddedCard)
        #expect(jane.version == .v2_1)
        #expect(jane.first("FN")?.text == "Jane Smith")
        #expect(jane.first("TEL")?.types == ["work"])
        #expect(jane.first("TEL")?.line == 10)
        // The nested card's properties do not leak into the outer card.
        #expect(fred.properties(named: "FN").count == 1)
        #expect(fred.properties(named: "TEL").map(\.value) == ["+1-213-555-1234"])
        #expect(fred.first("EMAIL")?.value == "fred@host.example")
        #expect(fred.first("EMAIL")?.line == 13)
        #expect(fred.first("NOTE")?.line == 14)
        #expect(result.cards[1].line == 16)
    }

    @Test func nestedCardWithProblemReportsItsOwnLine() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:2.1\r
            AGENT:BEGIN:VCARD\r
            VERSION:2.1\r
            BROKEN LINE\r
            END:VCARD\r
            TEL:1\r
            END:VCARD\r

            """
        let result = try decode(text)
        #expect(codesAndLines(result.warnings) == [Pair(.malformedLine, 5)])
        #expect(result.cards.first?.first("TEL")?.line == 7)
        #expect(result.cards.first?.first("AGENT")?.embeddedCard?.properties.count == 2)
    }

    @Test(arguments: [
        ("utf16le-bom-3.0.vcf", InputEncoding.utf16(bigEndian: false, byteOrderMark: true)),
        ("utf16be-3.0.vcf", InputEncoding.utf16(bigEndian: true, byteOrderMark: false)),
    ])
    func utf16InputIsTranscoded(_ name: String, _ encoding: InputEncoding) throws {
        let result = try Fixtures.decode(name)
        #expect(result.inputEncoding == encoding)
        #expect(codesAndLines(result.warnings) == [Pair(.utf16Input, 1)])
        #expect(result.cards.map { $0.first("FN")?.text } == ["Łucja Żółć", "Jan Nowak 🎻"])
        #expect(result.cards[0].first("N")?.components == ["Żółć", "Łucja", "", "", ""])
        #expect(result.cards[1].line == 8)
    }

    @Test func utf8InputIsReportedAsUTF8() throws {
        #expect(try Fixtures.decode("google-3.0.vcf").inputEncoding == .utf8)
    }
}
