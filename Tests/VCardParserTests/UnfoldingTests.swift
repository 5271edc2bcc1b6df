import Testing
import VCardParser

/// Line ends, folding, byte-order marks (RFC 6350 §3.2, RFC 2425 §5.8.1).
@Suite struct UnfoldingTests {
    @Test func foldedLineWithSpaceIsUnfolded() throws {
        let note = try property(
            "NOTE", in: card("3.0", "NOTE:This is a long", "  note that continues"))
        #expect(note.value == "This is a long note that continues")
        #expect(note.line == 4)
    }

    @Test func foldedLineWithTabIsUnfolded() throws {
        let note = try property("NOTE", in: card("4.0", "NOTE:tab", "\tfolded", "\t line"))
        #expect(note.value == "tabfolded line")
    }

    @Test func foldInsideUTF8SequenceIsJoinedBeforeDecoding() throws {
        // "café" folded between the two bytes of "é" (C3 A9).
        var bytes = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:caf".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
        bytes += Array("\r\nEND:VCARD\r\n".utf8)
        let result = try decode(bytes)
        #expect(result.cards.first?.first("FN")?.text == "café")
        #expect(result.warnings.isEmpty)
    }

    /// The parser joins folded lines in one buffer that it reuses from line to line; each
    /// property must keep its own text, a long one before a short one included.
    @Test func everyFoldedLineKeepsItsOwnText() throws {
        let long = String(repeating: "x", count: 300)
        let text = card(
            "2.1", "NOTE:\(long)", " tail", "TITLE:ab", " c", "EMAIL:plain@example.com",
            "LABEL;ENCODING=QUOTED-PRINTABLE:one=", "two", "ORG:d", "\te", "AGENT:", "BEGIN:VCARD", "VERSION:2.1",
            "FN:f", " g", "END:VCARD", "X-LAST:h", " i")
        let parsed = try #require(try decode(text).cards.first)
        #expect(parsed.first("NOTE")?.value == long + "tail")
        #expect(parsed.first("TITLE")?.value == "abc")
        #expect(parsed.first("EMAIL")?.value == "plain@example.com")
        #expect(parsed.first("LABEL")?.value == "onetwo")
        #expect(parsed.first("ORG")?.value == "de")
        #expect(parsed.first("AGENT")?.embeddedCard?.first("FN")?.value == "fg")
        #expect(parsed.first("X-LAST")?.value == "hi")
        #expect(VCardWriter().encode([parsed]) == Array(text.utf8))
    }

    @Test func lineAfterFoldedLineHasItsOwnNumber() throws {
        let result = try decode(card("3.0", "NOTE:a", " b", " c", "BAD LINE"))
        #expect(codesAndLines(result.warnings) == [Pair(.malformedLine, 7)])
    }

    struct LineEndingCase: Sendable, CustomTestStringConvertible {
        var name: String
        var ending: [UInt8]
        var testDescription: String { name }
    }

    static let lineEndings = [
        LineEndingCase(name: "CRLF", ending: [0x0D, 0x0A]),
        LineEndingCase(name: "LF", ending: [0x0A]),
        LineEndingCase(name: "CR", ending: [0x0D]),
        LineEndingCase(name: "CR CR LF", ending: [0x0D, 0x0D, 0x0A]),
    ]

    @Test(arguments: lineEndings)
    func everyLineEndingGivesTheSameCard(_ lineEnding: LineEndingCase) throws {
        let lines = [
            "BEGIN:VCARD", "VERSION:3.0", "FN:Line Ending", "NOTE:folded", "  across lines",
            "NO COLON HERE",
            "TEL:+1 555 0100", "END:VCARD",
        ]
        var bytes: [UInt8] = []
        for line in lines { bytes += Array(line.utf8) + lineEnding.ending }
        let result = try decode(bytes)
        let card = try #require(result.cards.first)
        #expect(result.cards.count == 1)
        #expect(card.lineEnding == lineEnding.ending)
        #expect(card.first("NOTE")?.value == "folded across lines")
        #expect(card.first("TEL")?.value == "+1 555 0100")
        #expect(card.first("TEL")?.line == 7)
        // One line end is one line: CR CR LF is not a line plus a blank line.
        #expect(codesAndLines(result.warnings) == [Pair(.malformedLine, 6)])
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    @Test func appleCRCRLFFixture() throws {
        let result = try Fixtures.decode("apple-ios-crcrlf-3.0.vcf")
        #expect(result.warnings.isEmpty)
        #expect(result.cards.count == 2)
        let john = result.cards[0]
        #expect(john.lineEnding == [0x0D, 0x0D, 0x0A])
        #expect(john.line == 1)
        #expect(result.cards[1].line == 27)
        let note = try #require(john.first("NOTE"))
        #expect(
            note.text.hasPrefix(
                "Met at WWDC in San Jose. Prefers e-mail over phone calls; follow up about"))
        #expect(note.text.hasSuffix("the Swift on Server talk and the vCard import bug."))
        #expect(note.line == 17)
        #expect(john.first("BDAY")?.line == 19)
        let photo = try #require(john.first("PHOTO")?.binaryData)
        #expect(photo.count == 262)
        #expect(photo.prefix(4) == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(photo.suffix(2) == [0xFF, 0xD9])
    }

    @Test func lfOnlyFixture() throws {
        let result = try Fixtures.decode("broken-lf-only-3.0.vcf")
        #expect(result.warnings.isEmpty)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Lena Linefeed", "Second LF"])
        #expect(result.cards[0].first("NOTE")?.text == "a folded note")
        #expect(result.cards[0].first("TEL")?.line == 6)
        #expect(result.cards[1].line == 8)
        #expect(result.cards[0].lineEnding == [0x0A])
    }

    @Test func loneCRFixture() throws {
        let result = try Fixtures.decode("broken-cr-only-3.0.vcf")
        #expect(result.warnings.isEmpty)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Carl Return", "Second CR"])
        #expect(result.cards[0].first("NOTE")?.text == "old Mac Classic line ends")
        #expect(result.cards[0].first("TEL")?.line == 6)
        #expect(result.cards[1].line == 8)
        #expect(result.cards[0].lineEnding == [0x0D])
    }

    @Test func utf8ByteOrderMarkIsSkippedAndKept() throws {
        let result = try Fixtures.decode("broken-bom-3.0.vcf")
        #expect(result.warnings.isEmpty)
        let card = try #require(result.cards.first)
        #expect(card.first("FN")?.text == "Bob Bom")
        #expect(card.line == 1)
        #expect(card.first("VERSION")?.line == 2)
    }

    @Test func quotedPrintableSoftBreakKeepsLeadingSpaceOfNextLine() throws {
        // Android: the continuation after "=" is taken as it is, even when it starts with a space.
        let card = try Fixtures.card("android-2.1.vcf", fn: "Forrest Gump")
        #expect(card.first("NOTE")?.text == "Run, Forrest,  run! Life is like a box of chocolates.")
        #expect(card.first("URL")?.line == 34)
    }

    @Test func base64ContinuationWithoutIndentIn21() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:2.1\r
            PHOTO;ENCODING=BASE64;TYPE=GIF:R0lGODlh\r
            AQABAAAA\r
            ACw=\r
            \r
            TEL:1\r
            END:VCARD\r

            """
        let result = try decode(text)
        let card = try #require(result.cards.first)
        #expect(card.first("PHOTO")?.value == "R0lGODlhAQABAAAAACw=")
        #expect(card.first("PHOTO")?.binaryData?.prefix(6) == Array("GIF89a".utf8)[...])
        #expect(card.first("TEL")?.line == 7)
        #expect(result.warnings.isEmpty)
    }

    @Test func aLineAfterABackslashGoesOnUnlessItOpensWithANameAndParameter() throws {
        // Android 2.1 goes on with a value after a backslash at the end of a line; a line that
        // opens with `name;` is a content line whose `:` was folded onto the next line.
        let text = """
            BEGIN:VCARD\r
            VERSION:2.1\r
            NOTE:one\\\r
            two; three\r
            X-A:b\\\r
            X-LONG;X-P=aaaa\r
             :v\r
            END:VCARD\r

            """
        let result = try decode(text)
        let card = try #require(result.cards.first)
        #expect(card.first("NOTE")?.value == "one\\ two; three")
        #expect(card.first("X-A")?.value == "b\\")
        #expect(card.first("X-LONG")?.parameter("X-P")?.value == "aaaa")
        #expect(card.first("X-LONG")?.value == "v")
        #expect(result.warnings.isEmpty)
    }
}
