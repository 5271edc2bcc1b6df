import Testing
import VCardParser

@testable import VCardFormats

/// ``JCardReader``: cards one at a time, before the input ends, with positions (limits:
/// ``HostileStreamTests``).
@Suite struct JCardStreamingTests {
    static let card1 = "[\"vcard\", [[\"fn\", {}, \"text\", \"Ada\"]]]"

    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write("[\n  " + Self.card1)
        var reader = JCardReader(ByteStream(fileDescriptor: pipe.readEnd))
        #expect(try reader.next()?.first("FN")?.text == "Ada")  // the rest is not written yet
        pipe.write(",\n  [\"vcard\", [[\"fn\", {}, \"text\", \"Grace\"]]],\n  [\"vcard\", [[\"fn\", {} \"text\"]]]\n]\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Grace")
        #expect(throws: FormatError(line: 4, column: 24, "expected ',' or ']'")) { try reader.next() }
        #expect(try reader.next() == nil)
    }

    @Test func aLoneJCardAndAnEmptyArray() throws {
        var lone = JCardReader(ByteStream(bytes: Array(("\u{FEFF}" + Self.card1 + "\n").utf8)))
        #expect(try lone.next()?.first("FN")?.text == "Ada")
        #expect(try lone.next() == nil)
        var empty = JCardReader(ByteStream(bytes: Array(" [ ] ".utf8)))
        #expect(try empty.next() == nil)
    }
}
