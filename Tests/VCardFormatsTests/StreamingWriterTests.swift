import Testing
import VCardParser

@testable import VCardFormats

/// ``JCardWriter`` and ``XCardWriter`` give, card by card, the bytes of ``JCard/encode(_:)`` and
/// ``XCard/encode(_:)`` (a lone jCard for one card, an array for any other number).
@Suite struct StreamingWriterTests {
    @Test(arguments: [CardFormat.jcard, .xcard], [0, 1, 2, 3])
    func writerGivesTheBytesOfEncode(format: CardFormat, count: Int) throws {
        let cards = Array(try Fixtures.cards("sample-contacts.vcf").prefix(count))
        var out: [UInt8] = [], warnings: [String] = []
        if format == .jcard {
            var writer = JCardWriter()
            for card in cards { writer.write(card, to: &out, warnings: &warnings) }
            writer.finish(to: &out)
            #expect(try JCard.decode(out).count == count)
        } else {
            var writer = XCardWriter()
            for card in cards { writer.write(card, to: &out, warnings: &warnings) }
            writer.finish(to: &out)
            #expect(try XCard.decode(out).count == count)
        }
        #expect(warnings.isEmpty)
        var expected = format == .jcard ? Array("[\n  ".utf8) : Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        if count == 1, format == .jcard { expected = Array("[\"vcard\",\n".utf8) }
        if count == 0, format == .jcard { expected = Array("[]\n".utf8) }
        #expect(out.starts(with: expected))
        #expect(out == (format == .jcard ? JCard.encode(cards) : XCard.encode(cards)))
    }
}
