import Testing
import VCardParser

/// Warnings in lenient mode, errors in strict mode: codes, lines and columns.
@Suite struct DiagnosticsTests {
    @Test func wellFormedFixturesHaveNoWarnings() throws {
        for name in Fixtures.wellFormed {
            let result = try Fixtures.decode(name)
            let expected: [Pair] = name.hasPrefix("utf16") ? [Pair(.utf16Input, 1)] : []
            #expect(codesAndLines(result.warnings) == expected, "\(name)")
        }
    }

    @Test func missingEndBeforeNextCardAndAtEndOfInput() throws {
        let result = try Fixtures.decode("broken-missing-end-3.0.vcf")
        #expect(
            result.cards.map { $0.first("FN")?.text } == [
                "First Card", "No End Before Next", "Last Card",
            ])
        #expect(result.cards[2].first("TEL")?.value == "+1 555 0100")
        // Card 2 is cut by the BEGIN on line 8; card 3 ends with the input on line 11 (no final line end).
        #expect(codesAndLines(result.warnings) == [Pair(.missingEnd, 8), Pair(.missingEnd, 11)])
        #expect(result.cards.map(\.line) == [1, 5, 8])
    }

    @Test func missingEndAfterFinalLineEndPointsPastTheLastLine() throws {
        let result = try decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\n")
        #expect(codesAndLines(result.warnings) == [Pair(.missingEnd, 4)])
    }

    @Test func messageText() throws {
        let result = try Fixtures.decode("broken-missing-end-3.0.vcf")
        let first = try #require(result.warnings.first)
        #expect(first.message == "card that begins on line 5 has no END:VCARD")
        #expect(
            first.description == "8:1: \(first.severity.rawValue): \(first.message) [missing-end]")
        #expect(result.warnings.last?.message == "card that begins on line 8 has no END:VCARD")
        let error = #expect(throws: ParseError.self) {
            try Fixtures.decode("broken-missing-end-3.0.vcf", mode: .strict)
        }
        #expect(
            error?.description
                == "8:1: error: card that begins on line 5 has no END:VCARD [missing-end]")
    }

    @Test func junkAndBlankLinesBetweenCards() throws {
        let result = try Fixtures.decode("broken-junk-3.0.vcf")
        #expect(result.cards.map { $0.first("FN")?.text } == ["One", "Two", "Three"])
        #expect(result.cards.map(\.line) == [3, 10, 17])
        #expect(
            codesAndLines(result.warnings) == [
                Pair(.junkOutsideCard, 1), Pair(.junkOutsideCard, 9), Pair(.blankLine, 13),
                Pair(.junkOutsideCard, 22),
            ])
        #expect(result.trailingBytes == Array("\r\nend of export\r\n".utf8))
        #expect(Array(result.cards[1].rawPrefix) == Array("\r\n\r\n-- page 2 --\r\n".utf8))
        #expect(Array(result.cards[1].first("TEL")?.leadingTrivia ?? []) == [0x0D, 0x0A])
    }

    @Test func blankLinesOnlyBetweenCardsAreQuiet() throws {
        let one = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        let result = try decode("\r\n" + one + "\r\n\n\r\n" + one + "\r\n")
        #expect(result.cards.count == 2)
        #expect(result.warnings.isEmpty)
        #expect(result.trailingBytes == [0x0D, 0x0A])
    }

    @Test func beginWithTrailingSpaceAndEndWithDot() throws {
        let result = try Fixtures.decode("broken-begin-end-3.0.vcf")
        #expect(result.cards.map { $0.first("FN")?.text } == ["Trailing Space", "Fine"])
        #expect(result.warnings.map(\.code) == [.malformedBegin, .malformedEnd])
        #expect(result.warnings.map(\.position) == [SourcePosition(line: 1, column: 12), SourcePosition(line: 4, column: 10)])
        #expect(result.warnings.first?.message == "white space after BEGIN:VCARD; read as BEGIN:VCARD")
    }

    @Test func whiteSpaceAfterEndIsReportedAndTheCardKept() throws {
        let result = try decode("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD \t\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:B\r\nEND:VCARD\r\n")
        #expect(result.cards.map { $0.first("FN")?.text } == ["A", "B"])
        #expect(result.warnings.map(\.code) == [.malformedEnd])
        #expect(result.warnings.first?.message == "white space after END:VCARD; read as END:VCARD")
    }

    @Test func textAfterBeginIsReported() throws {
        let result = try decode("BEGIN:VCARD;X\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\n")
        #expect(result.cards.count == 1)
        #expect(result.warnings.map(\.code) == [.malformedBegin])
        #expect(result.warnings.first?.position == SourcePosition(line: 1, column: 12))
    }

    @Test func lineWithoutColonIsKeptAsMalformed() throws {
        let result = try Fixtures.decode("broken-no-colon-3.0.vcf")
        let card = try #require(result.cards.first)
        #expect(codesAndLines(result.warnings) == [Pair(.malformedLine, 4)])
        let malformed = try #require(card.properties.first { $0.isMalformed })
        #expect(malformed.line == 4)
        #expect(malformed.value == "NOTE This line has no colon")
        #expect(card.first("TEL")?.types == ["cell"])
        #expect(card.first("TEL")?.line == 5)
    }

    @Test func invalidNamesAreReportedAndKept() throws {
        let result = try Fixtures.decode("broken-names-3.0.vcf")
        let card = try #require(result.cards.first)
        #expect(
            codesAndLines(result.warnings) == [
                Pair(.invalidName, 4), Pair(.invalidName, 5), Pair(.invalidName, 6),
            ])
        #expect(card.first("X-FOO/BAR")?.value == "slash in name")
        #expect(card.first("X SPACE")?.value == "space in name")
        let grouped = try #require(card.properties.first { $0.group == "item 1" })
        #expect(grouped.name == "TEL")
        #expect(grouped.value == "+1 555 0104")
        #expect(card.properties(named: "TEL").map(\.value) == ["+1 555 0104", "+1 555 0105"])
    }

    @Test func missingVersionAndFN() throws {
        let noVersion = try decode("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n")
        #expect(noVersion.cards.first?.version == .v3)
        #expect(codesAndLines(noVersion.warnings) == [Pair(.missingVersion, 1)])
        let noFN = try decode("BEGIN:VCARD\r\nVERSION:4.0\r\nN:A;B;;;\r\nEND:VCARD\r\n")
        #expect(codesAndLines(noFN.warnings) == [Pair(.missingFN, 1)])
        let noFN21 = try decode("BEGIN:VCARD\r\nVERSION:2.1\r\nN:A;B;;;\r\nEND:VCARD\r\n")
        #expect(noFN21.warnings.isEmpty)
    }

    @Test func unknownVersion() throws {
        let result = try decode("BEGIN:VCARD\r\nFN:A\r\nVERSION:5.0\r\nEND:VCARD\r\n")
        #expect(result.cards.first?.version == .v3)
        #expect(codesAndLines(result.warnings) == [Pair(.unknownVersion, 3)])
    }

    @Test func blankLineInsideCard() throws {
        let result = try decode(card("4.0", "NOTE:a", "", "TEL:1"))
        #expect(codesAndLines(result.warnings) == [Pair(.blankLine, 5)])
        #expect(result.cards.first?.first("TEL")?.line == 6)
    }

    @Test func warningsFromSeveralCardsAreInInputOrder() throws {
        let text =
            card("3.0", "BAD ONE") + "junk\r\n" + card("3.0", "X/Y:1") + card("3.0", "BAD TWO")
        let result = try decode(text)
        #expect(
            codesAndLines(result.warnings) == [
                Pair(.malformedLine, 4), Pair(.junkOutsideCard, 6), Pair(.invalidName, 10),
                Pair(.malformedLine, 15),
            ])
    }

    // MARK: Strict mode

    struct StrictCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var code: DiagnosticCode
        var line: Int
        var testDescription: String { fixture }
    }

    static let strictCases = [
        StrictCase(fixture: "broken-missing-end-3.0.vcf", code: .missingEnd, line: 8),
        StrictCase(fixture: "broken-junk-3.0.vcf", code: .junkOutsideCard, line: 1),
        StrictCase(fixture: "broken-begin-end-3.0.vcf", code: .malformedBegin, line: 1),
        StrictCase(fixture: "broken-no-colon-3.0.vcf", code: .malformedLine, line: 4),
        StrictCase(fixture: "broken-invalid-utf8-3.0.vcf", code: .invalidUTF8, line: 3),
        StrictCase(fixture: "broken-names-3.0.vcf", code: .invalidName, line: 4),
        StrictCase(fixture: "broken-quote-4.0.vcf", code: .unterminatedQuote, line: 4),
    ]

    @Test(arguments: strictCases)
    func strictModeThrowsTheFirstProblem(_ strictCase: StrictCase) throws {
        let error = #expect(throws: ParseError.self) {
            try Fixtures.decode(strictCase.fixture, mode: .strict)
        }
        #expect(error?.code == strictCase.code)
        #expect(error?.position.line == strictCase.line)
        #expect(error?.diagnostic.severity == .error)
    }

    @Test func strictModeThrowsForJunkAfterTheLastCard() throws {
        let error = #expect(throws: ParseError.self) {
            try VCardDecoder(mode: .strict).decode(card("4.0") + "\r\ntrailing junk\r\n")
        }
        #expect(error?.code == .junkOutsideCard)
        #expect(error?.position.line == 6)
    }

    @Test func strictModeAcceptsWellFormedInput() throws {
        for name in Fixtures.wellFormed + [
            "broken-lf-only-3.0.vcf", "broken-cr-only-3.0.vcf", "broken-bom-3.0.vcf",
        ] {
            let lenient = try Fixtures.decode(name)
            let strict = try Fixtures.decode(name, mode: .strict)
            #expect(strict.cards == lenient.cards, "\(name)")
        }
    }

    // MARK: Limits

    @Test func tooManyPropertiesAreKeptRaw() throws {
        var options = ParseOptions()
        options.limits.maxPropertiesPerCard = 3
        let text = card("4.0", "TEL:1", "TEL:2", "TEL:3")
        let result = try VCardDecoder(options: options).decode(text)
        let card = try #require(result.cards.first)
        // One warning for the card, at the first line over the limit, not one per line.
        #expect(codesAndLines(result.warnings) == [Pair(.limitExceeded, 5)])
        #expect(card.properties.count == 5)
        #expect(card.properties.filter(\.isMalformed).map(\.line) == [5, 6])
        #expect(VCardWriter().encode(result.cards) == Array(text.utf8))
    }

    @Test func cardLargerThanTheLimitThrowsInBothModes() throws {
        var options = ParseOptions()
        options.limits.maxCardBytes = 64
        let text = card("4.0") + card("4.0", "NOTE:" + String(repeating: "x", count: 100))
        let error = #expect(throws: ParseError.self) {
            try VCardDecoder(options: options).decode(text)
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.position.line == 5)
    }

    @Test func nestingDeeperThanTheLimitIsKeptRaw() throws {
        var options = ParseOptions()
        options.limits.maxNestingDepth = 0
        let bytes = try Fixtures.bytes("agent-2.1.vcf")
        let result = try VCardDecoder(options: options).decode(bytes)
        #expect(codesAndLines(result.warnings) == [Pair(.limitExceeded, 6)])
        let agent = try #require(result.cards.first?.first("AGENT"))
        #expect(agent.embeddedCard == nil)
        #expect(result.cards.first?.first("EMAIL")?.value == "fred@host.example")
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }
}
