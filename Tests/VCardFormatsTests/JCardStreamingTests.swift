import Testing
import VCardParser

@testable import VCardFormats

/// ``JCardReader`` and ``JCardWriter``: cards one at a time, positions, limits, the same bytes
/// as ``JCard/encode(_:)``.
@Suite struct JCardStreamingTests {
    static let card1 = "[\"vcard\", [[\"fn\", {}, \"text\", \"Ada\"]]]"

    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write("[\n  " + Self.card1)
        var reader = JCardReader(fileDescriptor: pipe.readEnd)
        #expect(try reader.next()?.first("FN")?.text == "Ada")  // the rest is not written yet
        pipe.write(",\n  [\"vcard\", [[\"fn\", {}, \"text\", \"Grace\"]]],\n  [\"vcard\", [[\"fn\", {} \"text\"]]]\n]\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Grace")
        #expect(throws: FormatError(line: 4, column: 24, "expected ',' or ']'")) { try reader.next() }
        #expect(try reader.next() == nil)
    }

    @Test func aLoneJCardAndAnEmptyArray() throws {
        var lone = JCardReader(bytes: Array(("\u{FEFF}" + Self.card1 + "\n").utf8))
        #expect(try lone.next()?.first("FN")?.text == "Ada")
        #expect(try lone.next() == nil)
        var empty = JCardReader(bytes: Array(" [ ] ".utf8))
        #expect(try empty.next() == nil)
    }

    @Test func aNulFloodStopsAtItsFirstByte() throws {
        let pipe = OpenPipe()
        pipe.write([UInt8(ascii: "[")] + [UInt8](repeating: 0, count: 60_000))  // and more to come
        var reader = JCardReader(fileDescriptor: pipe.readEnd)
        #expect(throws: FormatError(line: 1, column: 2, "expected a value")) { try reader.next() }
        var zeros = JCardReader(bytes: [UInt8](repeating: 0, count: 1000))
        #expect(throws: FormatError(line: 1, column: 1, "expected a jCard array: [\"vcard\", [properties]]")) { try zeros.next() }
    }

    @Test func deepNestingStopsAtTheLimit() throws {
        let pipe = OpenPipe()
        pipe.write(String(repeating: "[", count: 60_000))
        var reader = JCardReader(fileDescriptor: pipe.readEnd)
        #expect(throws: FormatError(line: 1, column: 513, "nested more than 512 deep")) { try reader.next() }
    }

    @Test func aCardLargerThanTheLimitStopsThere() throws {
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = 1000
        let huge = "[\"vcard\", [[\"note\", {}, \"text\", \"" + String(repeating: "x", count: 5000) + "\"]]]"
        var reader = JCardReader(bytes: Array(("[\n" + Self.card1 + ",\n  " + huge + "]").utf8), limits: limits)
        #expect(try reader.next() != nil)
        #expect(throws: FormatError(line: 3, column: 3, "card is larger than the limit of 1000 bytes")) { try reader.next() }
    }

    @Test func unterminatedInputIsReportedWhereItEnds() throws {
        var array = JCardReader(bytes: Array(("[" + Self.card1 + "\n").utf8))
        #expect(try array.next() != nil)
        #expect(throws: FormatError(line: 2, column: 1, "unexpected end of input; expected ',' or ']'")) { try array.next() }
        var string = JCardReader(bytes: Array("[[\"vcard\", [[\"fn\", {}, \"text\", \"A".utf8))
        #expect(throws: FormatError(line: 1, column: 34, "unterminated string")) { try string.next() }
    }

    @Test(arguments: [0, 1, 2, 3])
    func writerGivesTheBytesOfEncode(count: Int) throws {
        let cards = Array(try Fixtures.cards("sample-contacts.vcf").prefix(count))
        var writer = JCardWriter()
        var out: [UInt8] = []
        for card in cards { writer.write(card, to: &out) }
        writer.finish(to: &out)
        #expect(out == JCard.encode(cards))
        #expect(try JCard.decode(out).count == count)
    }
}
