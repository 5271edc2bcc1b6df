import Testing
import HostileInputs
import VCardParser

/// Parameters: lists, repetition, 2.1 bare values, quoting and RFC 6868 carets.
@Suite struct ParameterTests {
    struct TypeCase: Sendable, CustomTestStringConvertible {
        var version: String
        var line: String
        var testDescription: String { "\(version) \(line)" }
    }

    static let typeSpellings = [
        TypeCase(version: "4.0", line: "TEL;TYPE=work,voice:+1 555 0100"),
        TypeCase(version: "4.0", line: "TEL;TYPE=\"work,voice\":+1 555 0100"),
        TypeCase(version: "3.0", line: "TEL;TYPE=WORK;TYPE=VOICE:+1 555 0100"),
        TypeCase(version: "3.0", line: "TEL;type=work;type=voice:+1 555 0100"),
        TypeCase(version: "2.1", line: "TEL;WORK;VOICE:+1 555 0100"),
    ]

    @Test(arguments: typeSpellings)
    func typeListsRepeatedTypesAndBareTypesAgree(_ spelling: TypeCase) throws {
        let result = try decode(card(spelling.version, spelling.line))
        let tel = try #require(result.cards.first?.first("TEL"))
        #expect(tel.types == ["work", "voice"])
        #expect(tel.hasType("WORK") && tel.hasType("voice") && !tel.hasType("cell"))
        #expect(tel.value == "+1 555 0100")
        #expect(result.warnings.isEmpty)
    }

    @Test func bareParametersIn21AreTypeOrEncoding() throws {
        let text = card("2.1", "TEL;PREF;CELL:1", "PHOTO;BASE64;JPEG:R0lG", "", fn: false)
        let card = try #require(try decode(text).cards.first)
        let tel = try #require(card.first("TEL"))
        #expect(
            tel.parameters == [
                Parameter(name: "TYPE", values: ["PREF"], isBare: true),
                Parameter(name: "TYPE", values: ["CELL"], isBare: true),
            ])
        #expect(tel.preference == 1)
        let photo = try #require(card.first("PHOTO"))
        #expect(photo.parameter("encoding")?.values == ["BASE64"])
        #expect(photo.parameter("ENCODING")?.isBare == true)
        #expect(photo.types == ["jpeg"])
    }

    @Test func bareParameterOutside21IsReported() throws {
        let result = try decode(card("3.0", "TEL;CELL:+1 555 0100"))
        #expect(result.cards.first?.first("TEL")?.types == ["cell"])
        #expect(result.warnings.map(\.code) == [.invalidParameter])
        #expect(result.warnings.first?.position == SourcePosition(line: 4, column: 5))
    }

    @Test func appleRepeatedLowercaseTypes() throws {
        let card = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        let work = try #require(card.properties(named: "EMAIL").first { $0.hasType("work") })
        #expect(work.value == "jappleseed@apple.example")
        #expect(work.types == ["internet", "work", "pref"])
        #expect(work.parameters.map(\.name) == ["type", "type", "type"])
        #expect(work.parameters.map(\.values) == [["INTERNET"], ["WORK"], ["pref"]])
        #expect(work.preference == 1)
        let tel = try #require(card.first("TEL"))
        #expect(tel.types == ["cell", "voice", "pref"])
        #expect(card.properties(named: "TEL").filter { $0.preference != nil }.count == 1)
    }

    @Test func quotedValueKeepsColonSemicolonAndComma() throws {
        let adr = try property(
            "ADR",
            in: card(
                "4.0",
                #"ADR;LABEL="Main St. 1; Apt 2, Springfield: USA";TYPE=home:;;Main St. 1;Springfield;;;USA"#
            ))
        #expect(adr.parameter("LABEL")?.values == ["Main St. 1; Apt 2, Springfield: USA"])
        #expect(adr.types == ["home"])
        #expect(adr.value == ";;Main St. 1;Springfield;;;USA")
    }

    @Test func caretEscapesAreDecodedIn4() throws {
        let result = try Fixtures.decode("nextcloud-4.0.vcf")
        let adr = try #require(result.cards.first?.first("ADR"))
        #expect(
            adr.parameter("label")?.values == [
                "Ada \"The Enchantress\" Lovelace\n12 St James's Square, London; UK: ^HQ"
            ])
        #expect(
            adr.components == [
                "", "", "12 St James's Square", "London", "", "SW1Y 4JH", "United Kingdom",
            ])
    }

    @Test func unknownCaretSequenceIsKept() throws {
        let x = try property("X-P", in: card("4.0", "X-P;X-A=a^b^^c^nd^'e^:X"))
        #expect(x.parameter("X-A")?.values == ["a^b^c\nd\"e^"])
        #expect(x.value == "X")
    }

    @Test func caretsAreLiteralIn21() throws {
        let x = try property("X-P", in: card("2.1", "X-P;X-A=a^nb:X"))
        #expect(x.parameter("X-A")?.values == ["a^nb"])
    }

    @Test func sabreQuotedTypeListAndValueURI() throws {
        let card = try #require(try Fixtures.decode("nextcloud-4.0.vcf").cards.first)
        let tel = try #require(card.first("TEL"))
        #expect(tel.types == ["work", "voice"])
        #expect(tel.parameter("VALUE")?.values == ["uri"])
        #expect(tel.preference == 1)
        #expect(tel.value == "tel:+1-555-555-5555")
        let email = try #require(card.properties(named: "EMAIL").first)
        #expect(email.preference == 1)
        #expect(card.properties(named: "EMAIL").last?.preference == nil)
    }

    @Test func parameterNamesIgnoreCase() throws {
        let tel = try property("tel", in: card("3.0", "tel;Type=Home;pReF=2:1"))
        #expect(tel.parameter("TYPE")?.values == ["Home"])
        #expect(tel.parameter("type")?.name == "Type")
        #expect(tel.preference == 2)
    }

    /// A line read from a file decodes only the parameter asked for; it must be the one the
    /// whole list gives first, whatever the spelling, quoting or 2.1 bare form.
    @Test(arguments: [
        ("2.1", "TEL;WORK;PREF;ENCODING=8BIT;type=cell:1"),
        ("2.1", "PHOTO;TYPE=JPEG;BASE64;Encoding=b:AAAA"),
        ("3.0", "ADR;TYPE=\"a;b\";type=work;LABEL=\"x:y\";X-A=1;X-A=2:;;;;;;"),
        ("4.0", "EMAIL;pref=1;PREF=2;;X-EMPTY=;LANGUAGE=en:a@example.com"),
        ("4.0", "NOTE;X-Q=\"never closed;TYPE=a:text"),
    ])
    func oneParameterIsTheFirstOfTheWholeList(version: String, line: String) throws {
        let read = try property(String(line.prefix { $0 != ";" }), in: card(version, line))
        for name in ["TYPE", "type", "ENCODING", "PREF", "X-A", "x-empty", "LABEL", "LANGUAGE", "X-Q", "CHARSET"] {
            let expected = read.parameters.first { $0.hasName(name) }
            #expect(read.parameter(name) == expected, "\(name) in \(line)")
            #expect(read.parameter(name)?.name == expected?.name, "\(name) in \(line)")
            #expect(read.parameter(name)?.isBare == expected?.isBare, "\(name) in \(line)")
        }
    }

    @Test func unterminatedQuoteFallsBackToFirstColon() throws {
        let result = try Fixtures.decode("broken-quote-4.0.vcf")
        let card = try #require(result.cards.first)
        let email = try #require(card.first("EMAIL"))
        #expect(email.value == "quentin@example.com")
        #expect(email.line == 4)
        #expect(card.first("TEL")?.value == "+1 555 0106")
        #expect(codesAndLines(result.warnings) == [Pair(.unterminatedQuote, 4)])
        #expect(result.warnings.first?.position.column == 6)
    }

    @Test func emptyParameterIsReportedAndDropped() throws {
        let result = try decode(card("3.0", "TEL;;TYPE=cell:1"))
        #expect(
            result.cards.first?.first("TEL")?.parameters == [
                Parameter(name: "TYPE", values: ["cell"])
            ])
        #expect(result.warnings.map(\.code) == [.invalidParameter])
        #expect(result.warnings.first?.position == SourcePosition(line: 4, column: 5))
    }

    @Test func equalityIgnoresSpellingButNotContent() {
        #expect(
            Parameter(name: "type", values: ["pref"])
                == Parameter(name: "TYPE", values: ["PREF"], isBare: true))
        #expect(
            Parameter(name: "ENCODING", values: ["BASE64"])
                == Parameter(name: "encoding", values: ["b"]))
        #expect(
            Parameter(name: "TYPE", values: ["work"]) != Parameter(name: "TYPE", values: ["home"]))
        #expect(
            Parameter(name: "TYPE", values: ["work", "voice"])
                != Parameter(name: "TYPE", values: ["work"]))
        // Other values keep their case: a LABEL is text.
        #expect(
            Parameter(name: "LABEL", values: ["Home"]) != Parameter(name: "label", values: ["HOME"])
        )
        let set: Set = [
            Parameter(name: "type", values: ["Cell"]), Parameter(name: "TYPE", values: ["CELL"]),
        ]
        #expect(set.count == 1)
    }

    @Test func emptyParameterValues() throws {
        let x = try property("X-P", in: card("4.0", "X-P;X-A=;X-B=a,,b:v"))
        #expect(x.parameter("X-A")?.values == [""])
        #expect(x.parameter("X-B")?.values == ["a", "", "b"])
    }

    /// `types` reads the TYPE values from the line's bytes when no quote or caret needs decoding;
    /// on every mix of parameters it must give what the decoded parameters give (an edited
    /// property reads them so), across the versions, with folds and bytes that are not UTF-8.
    @Test func typesReadFromTheBytesAgreeWithTheDecodedParameters() throws {
        let pieces: [[UInt8]] =
            [
                "TYPE=work", "type=CELL,voice", "Type=", "TYPE=,a,,B,", "WORK", "pref", "BASE64", "quoted-printable", "b", "8BIT",
                "7bit", "X-FOO=a,b", "VALUE=uri", "PREF=1", "", "TYPE=\"home,fax\"", "TYPE=a^nb", "TYPE=Ärzte,ÉCOLE", "TYPEX=work",
                "TYP=work", "TYPE=x=y", "TYPE==z", "=work", "TYPE=WORK ", " TYPE=WORK",
            ].map { Array($0.utf8) } + [[0x54, 0x59, 0x50, 0x45, 0x3D, 0xC3, 0x41, 0xFF, 0x2C, 0x5A]]  // TYPE=\xC3A\xFF,Z
        var generator = SplitMix64(seed: 20_261_204)
        for round in 0..<3_000 {
            let version = ["2.1", "3.0", "4.0"][round % 3]
            var line = Array("TEL".utf8)
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                line += [UInt8(ascii: ";")] + pieces.randomElement(using: &generator)!
            }
            line += Array(":+1 555 0100".utf8)
            if round % 5 == 0, line.count > 6 { line.insert(contentsOf: [0x0D, 0x0A, 0x20], at: line.count / 2) }  // folded
            let text = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:T\r\n".utf8) + line + Array("\r\nEND:VCARD\r\n".utf8)
            let tel = try #require(try decode(text).cards.first?.first("TEL"))
            var decoded = tel
            decoded.value = tel.value  // an edited property reads its decoded parameters
            #expect(tel.types == decoded.types, "\(String(decoding: line, as: UTF8.self))")
        }
    }
}
