import Foundation
import Testing
import VCardParser

/// The inputs in `Tests/Fixtures/fuzz`, each once found by a fuzz target in `Fuzz/`, checked
/// against the same invariants (`Fixtures/fuzz/README.md` says what each one broke).
@Suite struct FuzzRegressionTests {
    static let directory = Fixtures.directory.appendingPathComponent("fuzz")

    static let all: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".vcf") }.sorted()
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test func thereAreFixtures() {
        #expect(Self.all.count >= 6)
    }

    /// ParserFuzz's invariants: lossless output is the input, and canonical output is a fixed
    /// point that decodes to the same cards, but for what the writer maps (`WrittenForm`: a 2.1
    /// `LABEL="Suite 5: 2nd floor"` comes back as `LABEL=Suite 5  2nd floor`; 3.0 and 4.0 carry a
    /// nested card as the text of its line, ``Property/embeddedCard``).
    @Test(arguments: Self.all)
    func parserInvariantsHold(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.inputEncoding == .utf8)
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        let again = try VCardDecoder().decode(canonical)
        #expect(again.cards.count == result.cards.count)
        let nestsAsText = { (card: VCard) in card.version != .v2_1 && card.properties.contains { $0.embeddedCard != nil } }
        for (back, card) in zip(again.cards, result.cards) where !nestsAsText(card) {
            #expect(back == WrittenForm.canonical(card))
        }
        #expect(VCardWriter(style: .canonical).encode(again.cards) == canonical)
    }

    @Test func textEndVCardInQuotedPrintableValueDoesNotEndTheCard() throws {
        let result = try VCardDecoder().decode(Self.bytes("qp-soft-break-before-end-2.1.vcf"))
        let note = try #require(result.cards.first?.first("NOTE"))
        let canonical = String(decoding: VCardWriter(style: .canonical).encode(result.cards), as: UTF8.self)
        // The soft break falls right before the text END:VCARD; its colon is encoded.
        #expect(canonical.contains("aaaa=\r\nEND=3AVCARD is text here, and so is BEGIN=3AVCARD\r\n"))
        let again = try VCardDecoder().decode(canonical)
        #expect(again.warnings.isEmpty)
        #expect(again.cards.count == 1)
        #expect(again.cards.first?.first("NOTE")?.text == note.text)
        #expect(again.cards.first?.first("TEL")?.value == "+1 555 0100")
    }

    @Test func encodingWordInAnotherParameterIsNotAnEncoding() throws {
        let result = try VCardDecoder().decode(Self.bytes("encoding-word-in-parameter-3.0.vcf"))
        #expect(result.warnings.isEmpty)
        #expect(result.cards.count == 2)
        // X-TAG=quoted-printable says nothing about the value: "a=" then a fold is "a=b".
        #expect(result.cards[0].first("NOTE")?.value == "a=b")
        // ENCODING=b and the bare 2.1 QUOTED-PRINTABLE still join their continuation lines.
        #expect(result.cards[0].first("PHOTO")?.binaryData == Array("ABCDEF".utf8))
        #expect(result.cards[1].first("NOTE")?.value == "onetwo")
    }

    @Test func laterQuotedPrintableOverridesBase64() throws {
        let result = try VCardDecoder().decode(Self.bytes("base64-overridden-by-quoted-printable-2.1.vcf"))
        #expect(result.warnings.isEmpty)
        let card = try #require(result.cards.first)
        // The last ENCODING counts (the first value of it): each value is quoted-printable text.
        #expect(card.first("NOTE")?.value == "first line\r\nsecond line")
        #expect(card.first("ADR")?.components == ["", "", "One Microsoft Way\r\nBuilding 9", "Redmond", "WA", "98052"])
        #expect(card.first("X-MEMO")?.value == "a\r\nb")
        #expect(card.first("NOTE")?.binaryData == nil)
        // The canonical writer writes them as text, with no base64 marker left to read them by.
        let canonical = String(decoding: VCardWriter(style: .canonical).encode(result.cards), as: UTF8.self)
        #expect(canonical.contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:first line=0D=0Asecond line\r\n"))
        #expect(canonical.contains("X-MEMO;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:a=0D=0Ab\r\n"))
        #expect(!canonical.contains("BASE64"))
        let again = try VCardDecoder().decode(canonical)
        #expect(again.warnings.isEmpty)
        #expect(again.cards.first?.first("ADR")?.components == card.first("ADR")?.components)
        #expect(again.cards.first?.first("TEL")?.value == "+1 555 0100")
    }

    @Test func typeNamedLikeAnEncodingStaysAType() throws {
        let result = try VCardDecoder().decode(Self.bytes("encoding-word-as-type-2.1.vcf"))
        #expect(result.warnings.isEmpty)
        let card = try #require(result.cards.first)
        #expect(card.first("X-ITEM")?.types == ["b"])
        #expect(card.first("URL")?.types == ["home", "base64"])
        #expect(card.first("NOTE")?.value == "1+1=3D2")
        #expect(card.first("X-CODE")?.types == ["7bit", "8bit"])
        // 2.1 writes a type bare only when the word does not read as an ENCODING.
        let canonical = String(decoding: VCardWriter(style: .canonical).encode(result.cards), as: UTF8.self)
        #expect(canonical.contains("\r\nX-ITEM;TYPE=B:plain text\r\n"))
        #expect(canonical.contains("\r\nURL;HOME;TYPE=BASE64:http://example.com/\r\n"))
        #expect(canonical.contains("\r\nNOTE;TYPE=QUOTED-PRINTABLE:1+1=3D2\r\n"))
        #expect(canonical.contains("\r\nX-CODE;TYPE=7bit;TYPE=8BIT:seven\r\n"))
        let again = try VCardDecoder().decode(canonical)
        #expect(again.warnings.isEmpty)
        #expect(again.cards == result.cards.map(WrittenForm.canonical))
    }

    @Test func parameterBytesThatAreNotUTF8AreWrittenAsDecoded() throws {
        let result = try VCardDecoder().decode(Self.bytes("latin1-parameter-in-nested-card-2.1.vcf"))
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        // Canonical output is UTF-8: a parameter byte that is not becomes U+FFFD, as the value
        // of the parameter reads, whether the line is written from its bytes or not.
        #expect(String(validating: canonical, as: UTF8.self) != nil)
        let text = String(decoding: canonical, as: UTF8.self)
        #expect(text.contains("\r\nX-MEMO;X-FROM=Caf\u{FFFD}:plain\r\n"))
        // In the nested card the soft break falls where the written parameter puts it.
        #expect(text.contains("\r\nNOTE;X-FROM=M\u{FFFD}ller;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=BC=C3=9F=\r\n=C3=A9"))
    }

    @Test func quotedColonInParametersDoesNotHideTheEncoding() throws {
        let result = try VCardDecoder().decode(Self.bytes("quoted-colon-before-encoding-2.1.vcf"))
        #expect(result.warnings.isEmpty)
        let adr = try #require(result.cards.first?.first("ADR"))
        // The soft break after "12=" joins the next line: the parameters end at the colon after
        // the quotes, so ENCODING=QUOTED-PRINTABLE is seen.
        #expect(adr.components == ["", "", "Rue de la Paix 12", "Genève", "", "1201", "Suisse"])
        #expect(adr.parameter("LABEL")?.values == ["Suite 5: 2nd floor"])
        #expect(result.cards.first?.first("TEL")?.value == "+41 22 555 01 00")
    }
}
