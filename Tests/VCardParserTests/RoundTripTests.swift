import Foundation
import Testing
import VCardParser

/// Round trips at two strengths: lossless output equals the input bytes, and canonical output
/// decodes to equal cards (and is itself reproduced byte for byte).
@Suite struct RoundTripTests {
    @Test func thereAreFixtures() {
        #expect(Fixtures.all.count >= 20)
        #expect(Fixtures.utf16.count == 2)
    }

    @Test(arguments: Fixtures.all)
    func losslessOutputEqualsInput(_ name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.allSatisfy { $0.isUnchanged })
        let output = VCardWriter().encode(result.cards) + result.trailingBytes
        if case .utf16(let bigEndian, let hasBOM) = result.inputEncoding {
            // UTF-16 input is transcoded: compare with the same text in UTF-8, then encode it back.
            let body = Data(bytes.dropFirst(hasBOM ? 2 : 0))
            let text = try #require(
                String(data: body, encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian))
            #expect(output == Array(text.utf8))
            #expect(result.inputEncoding.encode(output, withByteOrderMark: true) == bytes)
        } else {
            #expect(output == bytes)
        }
    }

    @Test(arguments: Fixtures.all)
    func canonicalOutputDecodesToEqualCards(_ name: String) throws {
        let result = try Fixtures.decode(name)
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        let again = try VCardDecoder().decode(canonical)
        #expect(again.cards.count == result.cards.count)
        // Names that are not letters, digits and '-' (broken-names-3.0.vcf) come back mapped.
        for (original, decoded) in zip(result.cards.map(WrittenForm.canonical), again.cards) {
            #expect(decoded == original)
            for (p, q) in zip(original.properties, decoded.properties) where p != q {
                Issue.record(
                    "\(name): \(p.name) \(p.parameters) \(p.value.debugDescription) became \(q.name) \(q.parameters) \(q.value.debugDescription)"
                )
            }
        }
        #expect(again.trailingBytes.isEmpty)
        // Canonical input comes back byte for byte, in either style.
        #expect(VCardWriter(style: .canonical).encode(again.cards) == canonical)
        #expect(VCardWriter().encode(again.cards) == canonical)
    }

    @Test(arguments: Fixtures.wellFormed)
    func canonicalOutputOfWellFormedInputIsClean(_ name: String) throws {
        let cards = try Fixtures.decode(name).cards
        let canonical = VCardWriter(style: .canonical).encode(cards)
        let again = try VCardDecoder(mode: .strict).decode(canonical)
        #expect(again.warnings.isEmpty)
        #expect(again.cards == cards)
    }

    @Test func canonicalRoundTripOfLowercaseTypesAndBase64Spellings() throws {
        let text =
            card("2.1", "EMAIL;type=INTERNET;type=pref:xy@example.com", "TEL;x-mobil:1", fn: false)
            + card("3.0", "PHOTO;BASE64:R0lGODlh", "X-A;TYPE=Work:1")
        let cards = try decode(text).cards
        let canonical = VCardWriter(style: .canonical).encode(cards)
        #expect(
            String(decoding: canonical, as: UTF8.self).contains(
                "EMAIL;INTERNET;PREF:xy@example.com\r\n"))
        #expect(
            String(decoding: canonical, as: UTF8.self).contains("PHOTO;ENCODING=b:R0lGODlh\r\n"))
        #expect(try decode(canonical).cards == cards)
    }

    @Test func changedPropertyIsRewrittenAndEveryOtherLineKept() throws {
        let name = "apple-ios-crcrlf-3.0.vcf"
        let bytes = try Fixtures.bytes(name)
        var cards = try Fixtures.decode(name).cards
        let index = try #require(cards[0].properties.firstIndex { $0.hasName("TEL") })
        let original = try #require(cards[0].properties[index].raw)
        cards[0].properties[index].setText("905-555-0000")
        #expect(!cards[0].isUnchanged)
        #expect(cards[1].isUnchanged)
        let output = VCardWriter().encode(cards)
        // The changed line keeps the spelling of its name and parameter names.
        let replacement = Array("TEL;type=CELL;type=VOICE;type=pref:905-555-0000\r\r\n".utf8)
        var expected = Array(bytes[..<original.startIndex])
        expected += replacement
        expected += bytes[original.endIndex...]
        #expect(output == expected)
    }

    @Test func appendedAndRemovedPropertiesInLosslessOutput() throws {
        let name = "broken-lf-only-3.0.vcf"
        let bytes = try Fixtures.bytes(name)
        var cards = try Fixtures.decode(name).cards
        cards[0].properties.removeAll { $0.hasName("NOTE") }
        cards[0].append(
            Property(
                name: "EMAIL", parameters: [Parameter(name: "TYPE", values: ["work"])],
                value: "lena@example.com"))
        let output = String(decoding: VCardWriter().encode(cards), as: UTF8.self)
        let input = String(decoding: bytes, as: UTF8.self)
        let expected =
            input
            .replacingOccurrences(of: "NOTE:a folded\n  note\n", with: "")
            .replacingOccurrences(
                of: "TEL:+1 555 0107\n", with: "TEL:+1 555 0107\nEMAIL;TYPE=work:lena@example.com\n"
            )
        #expect(output == expected)
    }

    @Test func changedPropertyInCardWithoutFinalLineEnd() throws {
        let name = "broken-missing-end-3.0.vcf"
        var cards = try Fixtures.decode(name).cards
        let last = cards.count - 1
        let index = try #require(cards[last].properties.firstIndex { $0.hasName("TEL") })
        cards[last].properties[index].setText("+1 555 0199")
        cards[last].append(Property(name: "NOTE", value: "added"))
        let output = String(decoding: VCardWriter().encode(cards), as: UTF8.self)
        #expect(output.hasSuffix("FN:Last Card\r\nTEL:+1 555 0199\r\nNOTE:added\r\n"))
        let again = try decode(Array(output.utf8))
        #expect(again.cards[last].first("NOTE")?.text == "added")
    }

    @Test func cardMadeInCodeIsWrittenCanonically() {
        var card = VCard(version: .v4)
        card.append(Property(name: "FN", value: "Ada Lovelace"))
        card.append(Property(group: "item1", name: "email", value: "ada@example.com"))
        let text = String(decoding: VCardWriter().encode([card]), as: UTF8.self)
        #expect(
            text
                == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nitem1.EMAIL:ada@example.com\r\nEND:VCARD\r\n"
        )
    }
}
