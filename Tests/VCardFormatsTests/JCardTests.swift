import Testing
import VCardParser

@testable import VCardFormats

/// jCard against RFC 7095's own example (Appendix B.1, the card of RFC 6350 §8), round trips of
/// every kind of fixture, and the details of the format.
@Suite struct JCardTests {
    @Test func rfcExampleDecodesToTheRFC6350Card() throws {
        let decoded = try JCard.decode(Fixtures.bytes("rfc7095-example.json"))
        let expected = try Fixtures.cards("rfc6350-4.0.vcf")
        #expect(decoded.count == 1)
        var want = semantics(expected[0])
        // The RFC's jCard writes the anniversary with seconds ("14:30:00") that its vCard does not have.
        let i = try #require(want.firstIndex { $0.hasPrefix("anniversary;") })
        want[i] = want[i].replacingOccurrences(of: "20090808T1430-0500", with: "20090808T143000-0500")
        #expect(semantics(decoded[0]) == want)
    }

    @Test func rfcExampleWritesTheseLines() throws {
        let decoded = try JCard.decode(Fixtures.bytes("rfc7095-example.json"))
        #expect(
            canonical(decoded) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:Simon Perreault\r
                N:Perreault;Simon;;;ing. jr,M.Sc.\r
                BDAY:--0203\r
                ANNIVERSARY:20090808T143000-0500\r
                GENDER:M\r
                LANG;PREF=1:fr\r
                LANG;PREF=2:en\r
                ORG;TYPE=work:Viagenie\r
                ADR;TYPE=work:;Suite D2-630;2875 Laurier;Quebec;QC;G1V 2M2;Canada\r
                TEL;TYPE=work,voice;PREF=1;VALUE=uri:tel:+1-418-656-9254;ext=102\r
                TEL;TYPE=work,cell,voice,video,text;VALUE=uri:tel:+1-418-262-6501\r
                EMAIL;TYPE=work:simon.perreault@viagenie.ca\r
                GEO;TYPE=work:geo:46.772673,-71.282945\r
                KEY;TYPE=work:http://www.viagenie.ca/simon.perreault/simon.asc\r
                TZ:-0500\r
                URL;TYPE=home:http://nomis80.org\r
                END:VCARD\r

                """)
    }

    @Test func rfc6350CardEncodesToTheRFCExample() throws {
        let card = try Fixtures.cards("rfc6350-4.0.vcf")
        let encoded = try JSON.parse(JCard.encode(card))
        var example = try JSON.parse(Fixtures.bytes("rfc7095-example.json"))
        // The one difference, as above: we keep the precision the vCard has.
        example = replacing("2009-08-08T14:30:00-05:00", with: "2009-08-08T14:30-05:00", in: example)
        #expect(encoded.isEquivalent(to: example))
        #expect(try JCard.decode(JCard.encode(card)).map(semantics) == card.map(semantics))
    }

    @Test(arguments: roundTripFixtures)
    func vcardToJCardToVCardKeepsEveryValue(fixture: String) throws {
        let cards = try Fixtures.cards(fixture)
        let json = JCard.encode(cards)
        let decoded = try JCard.decode(json)
        #expect(decoded.count == cards.count)
        #expect(decoded.map(semantics) == cards.map(semantics))
        #expect(decoded.map(contactValues) == cards.map(contactValues))
        #expect(decoded.allSatisfy { $0.version == .v4 })
        // Writing the result again gives the same jCard, byte for byte.
        #expect(JCard.encode(decoded) == json)
        // And the vCard text read back gives the same cards.
        let reread = try VCardDecoder(mode: .strict).decode(VCardWriter(style: .canonical).encode(decoded)).cards
        #expect(reread.map(semantics) == cards.map(semantics))
    }

    @Test func oneCardIsAJCardAndSeveralAnArrayOfThem() throws {
        let one = [VCard(properties: [Property(name: "FN", value: "A")])]
        #expect(
            String(decoding: JCard.encode(one), as: UTF8.self) == """
                ["vcard",
                  [
                    ["version", {}, "text", "4.0"],
                    ["fn", {}, "text", "A"]
                  ]
                ]

                """)
        let two = one + [VCard(properties: [Property(name: "FN", value: "B")])]
        #expect(
            String(decoding: JCard.encode(two), as: UTF8.self) == """
                [
                  ["vcard",
                    [
                      ["version", {}, "text", "4.0"],
                      ["fn", {}, "text", "A"]
                    ]
                  ],
                  ["vcard",
                    [
                      ["version", {}, "text", "4.0"],
                      ["fn", {}, "text", "B"]
                    ]
                  ]
                ]

                """)
        #expect(String(decoding: JCard.encode([]), as: UTF8.self) == "[]\n")
        #expect(try JCard.decode(JCard.encode(two)).map { $0.first("FN")?.text } == ["A", "B"])
        #expect(try JCard.decode(Array("[]".utf8)).isEmpty)
    }

    @Test func propertiesInJCard() throws {
        let card = try #require(
            try VCardDecoder().decode(
                """
                BEGIN:VCARD\r
                VERSION:4.0\r
                item1.EMAIL;TYPE=work;PREF=1;X-SERVICE="a,b";TYPE=pref:ada@example.com\r
                item1.X-ABLabel:_$!<Work>!$_\r
                CATEGORIES:Friends,Math\\, Logic\r
                NICKNAME:Ada\r
                NOTE:Line 1\\nLine "2"\\; \\\\ done\r
                X-COUNT;VALUE=integer:1,-2,+3\r
                X-RATIO;VALUE=float:1.50\r
                X-FLAG;VALUE=boolean:TRUE\r
                X-RAW:a\\,b;c\r
                X-TEXT;VALUE=text:a\\,b\r
                CLIENTPIDMAP:1;urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b\r
                GENDER:F;she/her\r
                BDAY:T1022\r
                REV:20240101T120000Z\r
                BDAY;VALUE=text:circa 1800\r
                END:VCARD\r

                """
            ).cards.first)
        let lines = String(decoding: JCard.encode([card]), as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }
        #expect(
            lines.dropFirst(3).dropLast(2).map(String.init) == [
                #"["email", {"group": "item1", "type": ["work", "pref"], "pref": "1", "x-service": "a,b"}, "text", "ada@example.com"],"#,
                #"["x-ablabel", {"group": "item1"}, "unknown", "_$!<Work>!$_"],"#,
                #"["categories", {}, "text", "Friends", "Math, Logic"],"#,
                #"["nickname", {}, "text", "Ada"],"#,
                #"["note", {}, "text", "Line 1\nLine \"2\"; \\ done"],"#,
                #"["x-count", {}, "integer", 1, -2, 3],"#,
                #"["x-ratio", {}, "float", 1.50],"#,
                #"["x-flag", {}, "boolean", true],"#,
                #"["x-raw", {}, "unknown", "a\\,b;c"],"#,
                #"["x-text", {}, "text", "a,b"],"#,
                #"["clientpidmap", {}, "text", ["1", "urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b"]],"#,
                #"["gender", {}, "text", ["F", "she/her"]],"#,
                #"["bday", {}, "date-and-or-time", "T10:22"],"#,
                #"["rev", {}, "timestamp", "2024-01-01T12:00:00Z"],"#,
                #"["bday", {}, "text", "circa 1800"]"#,
            ])
        let back = try #require(try JCard.decode(JCard.encode([card])).first)
        #expect(
            canonical([back]).split(separator: "\r\n").dropFirst(2).dropLast().map(String.init) == [
                "item1.EMAIL;TYPE=work,pref;PREF=1;X-SERVICE=\"a,b\":ada@example.com",
                "item1.X-ABLABEL:_$!<Work>!$_",
                "CATEGORIES:Friends,Math\\, Logic",
                "NICKNAME:Ada",
                "NOTE:Line 1\\nLine \"2\"\\; \\\\ done",
                "X-COUNT;VALUE=integer:1,-2,3",
                "X-RATIO;VALUE=float:1.50",
                "X-FLAG;VALUE=boolean:TRUE",
                "X-RAW:a\\,b;c",
                "X-TEXT;VALUE=text:a\\,b",
                "CLIENTPIDMAP:1;urn:uuid:3df403f4-5924-4bb7-b077-3c711d9eb34b",
                "GENDER:F;she/her",
                "BDAY:T1022",
                "REV:20240101T120000Z",
                "BDAY;VALUE=text:circa 1800",
            ])
    }

    @Test func structuredValuesWithListsAndJSONDetails() throws {
        let json = #"""
            ["vcard", [
              ["version", {}, "text", "4.0"],
              ["n", {"sort-as": ["Lovelace", "Ada"]}, "text", ["Lovelace", "Ada", ["Augusta", "Byron"], "", []]],
              ["adr", {"label": "12 St James\u0027s Sq\nLondon", "type": "home"}, "text", ["", "", "12 St James's Square", "London", "", "SW1Y 4JH", "UK"]],
              ["fn", {}, "text", "Ada \ud83d\ude00 Lovelace\u00e9"],
              ["org", {}, "text", ["Analytical; Engines", "R&D, Dept"]],
              ["tel", {"pref": 1}, "uri", "tel:+44-20-7946-0000"],
              ["x-structured", {}, "text", ["a", ["b", "c"]]],
              ["bday", {}, "date", "1815-12-10"],
              ["anniversary", {}, "date-time", "--12-10T10:00"],
              ["tz", {}, "text", "Europe/London"],
              ["x-time", {}, "time", "10:22:00Z"]
            ]]
            """#
        let card = try #require(try JCard.decode(Array(json.utf8)).first)
        #expect(
            canonical([card]) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                N;SORT-AS=Lovelace,Ada:Lovelace;Ada;Augusta,Byron;;\r
                ADR;LABEL="12 St James's Sq^nLondon";TYPE=home:;;12 St James's Square;Londo\r
                 n;;SW1Y 4JH;UK\r
                FN:Ada 😀 Lovelaceé\r
                ORG:Analytical\\; Engines;R&D\\, Dept\r
                TEL;PREF=1;VALUE=uri:tel:+44-20-7946-0000\r
                X-STRUCTURED;VALUE=text:a;b,c\r
                BDAY;VALUE=date:18151210\r
                ANNIVERSARY;VALUE=date-time:--1210T1000\r
                TZ:Europe/London\r
                X-TIME;VALUE=time:102200Z\r
                END:VCARD\r

                """)
    }

    @Test(arguments: [
        ErrorCase("", 1, 1, "unexpected end of input; expected a value"),
        ErrorCase("[\"vcard\", [}", 1, 12, "expected a value"),
        ErrorCase("[\"vcard\",\n  [[\"fn\", {}, \"text\" \"A\"]]]", 2, 22, "expected ',' or ']'"),
        ErrorCase("{\"vcard\": 1}", 1, 1, "expected a jCard array: [\"vcard\", [properties]]"),
        ErrorCase("[\"vcard\", [[\"fn\", {}, \"text\"]]]", 1, 12, "expected a property: [name, {parameters}, type, value, …]"),
        ErrorCase("[\"vcard\", [[\"fn\", [], \"text\", \"A\"]]]", 1, 19, "expected the parameters of 'fn' as an object"),
        ErrorCase("[\"vcard\", [[\"f n\", {}, \"text\", \"A\"]]]", 1, 13, "a property name a vCard cannot hold: 'f n' (letters, digits and '-' only)"),
        ErrorCase("[\"vcard\", [[\"fn\", {}, \"text\", \"A\\q\"]]]", 1, 33, "unknown escape '\\q'"),
        ErrorCase("[\"vcard\", []] x", 1, 15, "unexpected text after the JSON value"),
        ErrorCase("[[\"vcard\", []], 3]", 1, 17, "expected a jCard: [\"vcard\", [properties]]"),
        ErrorCase("[\"vcard\", [[\"fn\", {}, \"text\", \"A\n\"]]]", 1, 33, "control character in a string; write it as an escape"),
        ErrorCase(String(repeating: "[", count: 600), 1, 513, "nested more than 512 deep"),
    ])
    func badInputIsReportedWithItsPosition(_ error: ErrorCase) {
        #expect(throws: FormatError(line: error.line, column: error.column, error.message)) {
            try JCard.decode(Array(error.input.utf8))
        }
    }

    @Test func errorDescriptionHasThePosition() {
        #expect(FormatError(line: 2, column: 20, "expected ',' or ']'").description == "2:20: expected ',' or ']'")
        #expect(FormatError("no position").description == "no position")
    }
}

struct ErrorCase: Sendable, CustomTestStringConvertible {
    var input: String, line: Int, column: Int, message: String
    init(_ input: String, _ line: Int, _ column: Int, _ message: String) {
        self.input = input
        self.line = line
        self.column = column
        self.message = message
    }
    var testDescription: String { message }
}

/// `json` with every string equal to `old` replaced.
func replacing(_ old: String, with new: String, in json: JSON) -> JSON {
    var copy = json
    switch json.kind {
    case .string(let s) where s == old: copy.kind = .string(new)
    case .array(let items): copy.kind = .array(items.map { replacing(old, with: new, in: $0) })
    case .object(let members): copy.kind = .object(members.map { ($0.key, replacing(old, with: new, in: $0.value)) })
    default: break
    }
    return copy
}
