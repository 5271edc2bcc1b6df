import Foundation
import Testing
import VCardParser

/// The canonical writer: CRLF, folding at 75 octets on UTF-8 boundaries, escaping, parameter
/// quoting, quoted-printable for 2.1, and version conversion.
@Suite struct WriterTests {
    /// The physical lines of `bytes`, split at CRLF; fails on any other line end.
    func physicalLines(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> [[UInt8]]
    {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                lines.append(current)
                current = []
                i += 2
                continue
            }
            if bytes[i] == 0x0D || bytes[i] == 0x0A {
                Issue.record("bare CR or LF at offset \(i)", sourceLocation: sourceLocation)
            }
            current.append(bytes[i])
            i += 1
        }
        #expect(current.isEmpty, "output ends with CRLF", sourceLocation: sourceLocation)
        return lines
    }

    func canonical(_ properties: [Property], version: VCardVersion = .v4) -> [UInt8] {
        var card = VCard(version: version)
        for p in properties { card.append(p) }
        return VCardWriter(style: .canonical).encode([card])
    }

    /// The unfolded content line the canonical writer gives for `property`.
    func line(_ property: Property, version: VCardVersion = .v4) -> String {
        let lines = physicalLines(canonical([property], version: version))
        var text: [UInt8] = []
        for line in lines.dropFirst(2).dropLast() {
            text +=
                line.first == 0x20
                ? Array(line.dropFirst()) : (text.isEmpty ? line : [0x0D, 0x0A] + line)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The writer makes room for a card at once in the buffer it is given; cards written one
    /// after the other into one buffer (lossless and canonical) must come out as each alone does.
    @Test func cardsWrittenIntoOneBufferAreEachAsWrittenAlone() throws {
        let text = (0..<300).map { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(i)\r\nN:\(i);P;;;\r\nNOTE:\(String(repeating: "x", count: i * 7))\r\nEND:VCARD\r\n"
        }.joined()
        let cards = try VCardDecoder().decode(text).cards
        for writer in [VCardWriter(), VCardWriter(style: .canonical), VCardWriter(version: .v4)] {
            var alone: [UInt8] = []
            for card in cards { alone += writer.encode([card]) }
            #expect(writer.encode(cards) == alone)
        }
        #expect(VCardWriter().encode(cards) == Array(text.utf8))
    }

    @Test func longLinesFoldAt75Octets() throws {
        let text = String(repeating: "0123456789", count: 20)
        let output = canonical([Property(name: "NOTE", value: text)])
        let lines = physicalLines(output)
        #expect(lines.count == 3 + 3)  // BEGIN, VERSION, NOTE in 3 pieces, END
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(lines[2].count == 75)
        #expect(lines[3].first == 0x20 && lines[3].count == 75)
        #expect(try decode(output).cards.first?.first("NOTE")?.text == text)
    }

    @Test(arguments: ["é", "€", "😀", "aé", "a€€", "ab😀"])
    func foldingNeverSplitsUTF8(_ unit: String) throws {
        let text = String(repeating: unit, count: 120)
        let output = canonical([Property(name: "NOTE", value: text)])
        let lines = physicalLines(output)
        #expect(lines.count > 4)
        for line in lines {
            #expect(line.count <= 75)
            #expect(
                String(validating: line, as: UTF8.self) != nil,
                "a line starts or ends inside a character")
        }
        #expect(try decode(output).cards.first?.first("NOTE")?.text == text)
    }

    @Test func canonicalOutputUsesCRLFForAnyInput() throws {
        for name in [
            "broken-lf-only-3.0.vcf", "broken-cr-only-3.0.vcf", "apple-ios-crcrlf-3.0.vcf",
        ] {
            let output = VCardWriter(style: .canonical).encode(try Fixtures.decode(name).cards)
            #expect(!physicalLines(output).isEmpty, "\(name)")
        }
    }

    @Test func textIsEscapedPerVersion() {
        var note = Property(name: "NOTE", value: "")
        note.setText("a,b;c\\d\ne")
        #expect(line(note) == #"NOTE:a\,b\;c\\d\ne"#)
        var note3 = Property(name: "note", value: "", version: .v3)
        note3.setText("a,b;c\\d\ne")
        #expect(line(note3, version: .v3) == #"NOTE:a\,b\;c\\d\ne"#)
        var note21 = Property(name: "NOTE", value: "", version: .v2_1)
        note21.setText("a,b;c\\d\ne")
        #expect(
            line(note21, version: .v2_1)
                == #"NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:a,b\;c\d=0Ae"#)
    }

    @Test func structuredValueKeepsItsSeparators() {
        var n = Property(name: "N", value: "")
        n.setComponents(["Lovelace", "Ada", "Augusta, Countess", "", "a;b"])
        #expect(line(n) == #"N:Lovelace;Ada;Augusta\, Countess;;a\;b"#)
        #expect(n.components == ["Lovelace", "Ada", "Augusta, Countess", "", "a;b"])
    }

    @Test func parameterValuesAreQuotedAndCaretEscapedIn4() {
        let adr = Property(
            name: "ADR",
            parameters: [
                Parameter(
                    name: "label", values: ["Main St. 1; Apt 2\nSpringfield, \"USA\": ^home"]),
                Parameter(name: "TYPE", values: ["work", "home"]),
                Parameter(name: "X-PLAIN", values: ["caret^only"]),
            ],
            value: ";;Main St. 1;Springfield;;;USA")
        #expect(
            line(adr)
                == #"ADR;LABEL="Main St. 1; Apt 2^nSpringfield, ^'USA^': ^^home";TYPE=work,home;X-PLAIN=caret^^only:;;Main St. 1;Springfield;;;USA"#
        )
    }

    @Test func base64IsFoldedAndDecodesBack() throws {
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let encoded = Self.base64(data)
        let photo = Property(
            name: "PHOTO",
            parameters: [
                Parameter(name: "ENCODING", values: ["b"]),
                Parameter(name: "TYPE", values: ["JPEG"]),
            ], value: encoded, version: .v3)
        let output = canonical([photo], version: .v3)
        let lines = physicalLines(output)
        let pieces = 1 + (27 + encoded.utf8.count - 75 + 73) / 74
        #expect(lines.count == 3 + pieces)
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(
            String(decoding: lines[2].prefix(27), as: UTF8.self) == "PHOTO;ENCODING=b;TYPE=JPEG:")
        #expect(try decode(output).cards.first?.first("PHOTO")?.binaryData == data)
    }

    @Test func base64In21EndsWithBlankLine() throws {
        let photo = Property(
            name: "PHOTO", parameters: [Parameter(name: "ENCODING", values: ["b"])],
            value: Self.base64(Array(repeating: 0xAB, count: 90)), version: .v2_1)
        let output = canonical([photo, Property(name: "TEL", value: "1")], version: .v2_1)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("PHOTO;ENCODING=BASE64:"))
        #expect(text.contains("\r\n\r\nTEL:1\r\n"))
        let result = try decode(output)
        #expect(result.warnings.isEmpty)
        #expect(result.cards.first?.first("PHOTO")?.binaryData == Array(repeating: 0xAB, count: 90))
    }

    @Test func quotedPrintableLinesStayShort() throws {
        let text = String(repeating: "Grüße aus Köln – ", count: 12)
        var note = Property(name: "NOTE", value: "", version: .v2_1)
        note.setText(text)
        let output = canonical([note], version: .v2_1)
        let lines = physicalLines(output)
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { $0.count <= 76 })
        #expect(lines.allSatisfy { $0.allSatisfy { $0 < 0x80 } })
        let result = try decode(output)
        #expect(result.warnings.isEmpty)
        #expect(result.cards.first?.first("NOTE")?.text == text)
    }

    /// 2.1 lines of the shapes exporters write, for the canonical writer's byte-level path.
    static let lines21 = card(
        "2.1",
        "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;John;;;",
        "item1.ORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Soci=C3=A9t=C3=A9 G=C3=A9n=C3=",
        "=A9rale d'Exemple",
        "NOTE;ENCODING=QUOTED-PRINTABLE:line one=0D=0Aline two",
        "NOTE;QUOTED-PRINTABLE;CHARSET=ISO-8859-1:caf=E9",
        "EMAIL;internet;Work;PREF:user6@example.com",
        "TEL;TYPE=work,voice;TYPE=;X-Extra=a b;8BIT:+1 (555) 730-9640",
        "TEL;;HOME:+49 89 9207212",
        "LABEL;WORK;ENCODING=QUOTED-PRINTABLE;ENCODING=8BIT:Suite 5=",
        "2nd floor",
        "X-WEIRD;X-Q=\"a;b\";odd_word;TYPE=a b:v",
        "PHOTO;ENCODING=BASE64;TYPE=JPEG:QUJD",
        "",
        "PHOTO;ENCODING=BASE64;ENCODING=QUOTED-PRINTABLE:text",
        "NOTE:caf\u{E9} \\ ; " + String(repeating: "long ", count: 20),
        "X-EMPTY;=x:y", "X_UNDER;X_P=1:underscores are mapped", "END;X-A=b:VCARD", "grp.X-G;x y=1:odd parameter name",
        fn: true)

    /// Quoted parameter values in 4.0, which the byte-level path copies only when the canonical
    /// form quotes them the same way.
    static let quoted40 = card(
        "4.0",
        "TEL;VALUE=uri;TYPE=\"voice,home\";PREF=1:tel:+49-89-6720965",
        "ADR;LABEL=\"Suite 5: 2nd floor\";TYPE=work:;;Main St;;;;",
        "X-A;X-B=\"a^'b,c\":caret", "X-C;X-D=\"plain\":needless quotes", "X-E;X-F=\"x y\",z,,\"p;q\":several",
        "X-G;X-H=\"a\"b:odd", "X-I;TYPE=:empty", "X-J;TYPE=a,:trailing comma",
        // Lines whose head the byte-level path copies whole, then upper-cases: only when the
        // general path would write the same bytes.
        "x-k;:semicolon before the colon", "x-l;type=a;:trailing semicolon", "x-m;;type=a:empty parameter",
        "grp.tel;type=cell;x-a=b:+1 555 0100", "Grp.Email;Type=Home:a@example.com", "x-n;x-o=p:q:r;s",
        "x-p;x-q=\"a:b\";type=x:quoted colon")

    /// Unchanged lines are written canonically from their bytes where possible; a property that
    /// was touched takes the general path. Both must give the same bytes.
    @Test(arguments: Fixtures.all + ["(2.1 lines)", "(4.0 quoted)"])
    func canonicalOutputFromBytesEqualsTheGeneralPath(_ name: String) throws {
        let inline = ["(2.1 lines)": Self.lines21, "(4.0 quoted)": Self.quoted40]
        let bytes = try inline[name].map { Array($0.utf8) } ?? Fixtures.bytes(name)
        let cards = try VCardDecoder().decode(bytes).cards
        let touched = cards.map { card in
            var card = card
            for i in card.properties.indices where !card.properties[i].isMalformed {
                card.properties[i].value = card.properties[i].value
            }
            return card
        }
        #expect(!touched.contains { $0.properties.contains { $0.isUnchanged && !$0.isMalformed } })
        for version in [nil, VCardVersion.v2_1, .v3, .v4] {
            let writer = VCardWriter(style: .canonical, version: version)
            // Bytes, not strings: decoding would repair bytes that are not UTF-8 on one side.
            let fast = writer.encode(cards), general = writer.encode(touched)
            #expect(fast == general, "\(name) written as \(version?.rawValue ?? "its own version")")
            if fast != general {
                #expect(String(decoding: fast, as: UTF8.self) == String(decoding: general, as: UTF8.self))
            }
        }
    }

    @Test func namesAreUpperCasedAndGroupsKept() {
        let label = Property(group: "item1", name: "X-ABLabel", value: "_$!<Home>!$_")
        #expect(line(label, version: .v3) == "item1.X-ABLABEL:_$!<Home>!$_")
    }

    @Test func bareTypesIn21AndTypeParametersElsewhere() {
        let tel = Property(
            name: "TEL", parameters: [Parameter(name: "TYPE", values: ["work", "voice"])],
            value: "1")
        #expect(line(tel, version: .v2_1) == "TEL;WORK;VOICE:1")
        #expect(line(tel, version: .v3) == "TEL;TYPE=work,voice:1")
        let bare = Property(
            name: "TEL", parameters: [Parameter(name: "TYPE", values: ["CELL"], isBare: true)],
            value: "1", version: .v2_1)
        #expect(line(bare, version: .v4) == "TEL;TYPE=CELL:1")
    }

    /// Converting from 2.1 turns quoted-printable CRLF into `\n`; compare line breaks as LF.
    func normalized(_ text: String?) -> String? {
        text?.replacingOccurrences(of: "\r\n", with: "\n")
    }

    func label(_ card: VCard) -> String? {
        card.first("LABEL")?.text ?? card.properties.first { $0.hasName("ADR") && $0.parameter("LABEL") != nil }?.parameter("LABEL")?.value
    }

    @Test func convertingVersionsKeepsTheData() throws {
        for name in [
            "android-2.1.vcf", "outlook-2.1.vcf", "google-3.0.vcf", "nextcloud-4.0.vcf",
            "shift-jis-2.1.vcf",
        ] {
            let cards = try Fixtures.decode(name).cards
            for version in VCardVersion.allCases {
                let output = VCardWriter(style: .canonical, version: version).encode(cards)
                let again = try VCardDecoder().decode(output).cards
                #expect(again.count == cards.count)
                for (a, b) in zip(cards, again) {
                    #expect(b.version == version)
                    // 4.0 carries a 3.0 LABEL as the LABEL parameter of its ADR.
                    #expect(normalized(label(b)) == normalized(label(a)), "\(name) LABEL as \(version.rawValue)")
                    for field in ["FN", "NOTE", "TITLE"] {
                        #expect(
                            normalized(b.first(field)?.text) == normalized(a.first(field)?.text),
                            "\(name) \(field) as \(version.rawValue)")
                    }
                    for field in ["N", "ADR", "ORG"] {
                        #expect(
                            b.first(field)?.components.map(normalized)
                                == a.first(field)?.components.map(normalized),
                            "\(name) \(field) as \(version.rawValue)")
                    }
                    // 4.0 says TYPE=pref as PREF=1.
                    #expect(
                        b.first("TEL")?.types.filter { $0 != "pref" } == a.first("TEL")?.types.filter { $0 != "pref" },
                        "\(name) TEL as \(version.rawValue)")
                    #expect(
                        (b.first("TEL")?.preference != nil) == (a.first("TEL")?.preference != nil),
                        "\(name) TEL preference as \(version.rawValue)")
                    #expect(
                        b.first("PHOTO")?.binaryData == a.first("PHOTO")?.binaryData,
                        "\(name) PHOTO as \(version.rawValue)")
                }
            }
        }
    }

    @Test func nestedAgentCardIsWrittenPerVersion() throws {
        let cards = try Fixtures.decode("agent-2.1.vcf").cards
        let v21 = String(decoding: VCardWriter(style: .canonical).encode(cards), as: UTF8.self)
        // vCard 2.1 §2.4.4's form: `AGENT:` and the card on the lines after it.
        #expect(v21.contains("\r\nAGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;Jane;;;\r\n"))
        let again = try decode(Array(v21.utf8))
        #expect(again.cards.first?.first("AGENT")?.embeddedCard?.first("FN")?.text == "Jane Smith")
        #expect(again.cards.first?.first("EMAIL")?.value == "fred@host.example")
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = 0
            for k in 0..<3 { v = v << 8 | (k < n ? Int(bytes[i + k]) : 0) }
            for k in 0..<4 { out.append(k <= n ? alphabet[(v >> (18 - 6 * k)) & 63] : "=") }
            i += 3
        }
        return out
    }
}
