import Testing
import VCardParser

@testable import VCardFormats

/// ``XCardReader`` and ``XCardWriter``: cards one at a time, positions, limits, the same bytes
/// as ``XCard/encode(_:)``.
@Suite struct XCardStreamingTests {
    static let start = "<?xml version=\"1.0\"?>\n<x:vcards xmlns:x=\"urn:ietf:params:xml:ns:vcard-4.0\">\n"

    static func card(_ name: String) -> String { "  <x:vcard><x:fn><x:text>\(name)</x:text></x:fn></x:vcard>\n" }

    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write(Self.start + "<!-- people -->\n" + Self.card("Ada"))
        var reader = XCardReader(fileDescriptor: pipe.readEnd)
        #expect(try reader.next()?.first("FN")?.text == "Ada")  // the rest is not written yet
        pipe.write("  <other xmlns=\"urn:other\"/>\n" + Self.card("Grace") + "  <x:vcard>\n    <x:fn><x:text>Eve</x:fn>\n")
        pipe.write("  </x:vcard>\n</x:vcards>\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Grace")
        #expect {
            try reader.next()
        } throws: { error in
            guard let e = error as? FormatError else { return false }
            // XMLParser gets over the mismatch and stops at the root's end tag (line 10).
            return e.line == 10 && e.message == "invalid XML: an end tag that does not match its start tag"
        }
        #expect(try reader.next() == nil)
    }

    @Test func aLoneVCardAndAnEmptyDocument() throws {
        var lone = XCardReader(bytes: Array("<vcard xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"><fn><text>Ada</text></fn></vcard>".utf8))
        #expect(try lone.next()?.first("FN")?.text == "Ada")
        #expect(try lone.next() == nil)
        var empty = XCardReader(bytes: Array("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"/>\n".utf8))
        #expect(try empty.next() == nil)
    }

    @Test func aNulFloodStopsAtItsFirstByte() throws {
        let pipe = OpenPipe()
        pipe.write(Self.start + Self.card("Ada") + "  <x:vcard>")
        pipe.write([UInt8](repeating: 0, count: 60_000))  // and more to come
        var reader = XCardReader(fileDescriptor: pipe.readEnd)
        #expect(try reader.next() != nil)
        #expect(throws: FormatError(line: 4, column: 12, "invalid XML: a character XML does not allow")) { try reader.next() }
        var zeros = XCardReader(bytes: [UInt8](repeating: 0, count: 1000))
        #expect(throws: FormatError(line: 1, column: 1, "invalid XML: the document is empty or does not start with an element")) {
            try zeros.next()
        }
    }

    @Test func deepNestingStopsAtTheLimit() throws {
        let pipe = OpenPipe()
        pipe.write(Self.start + "<x:vcard>" + String(repeating: "<a>", count: 15_000))
        var reader = XCardReader(fileDescriptor: pipe.readEnd)
        #expect(throws: FormatError(line: 3, column: 10 + 3 * 511, "invalid XML: elements nested more than 512 deep")) {
            try reader.next()
        }
    }

    @Test func aCardLargerThanTheLimitStopsThere() throws {
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = 1000
        let huge = "  <x:vcard><x:note><x:text>" + String(repeating: "x", count: 5000) + "</x:text></x:note></x:vcard>\n"
        var reader = XCardReader(bytes: Array((Self.start + Self.card("Ada") + huge + "</x:vcards>").utf8), limits: limits)
        #expect(try reader.next() != nil)
        #expect(throws: FormatError(line: 4, column: 3, "card is larger than the limit of 1000 bytes")) { try reader.next() }
    }

    @Test func entitiesAndUnterminatedDocumentsAreRejected() throws {
        let doctype = "<!DOCTYPE vcards [<!ENTITY a \"aaaaaaaaaa\">]>\n<vcards/>"
        var entities = XCardReader(bytes: Array(doctype.utf8))
        #expect(throws: FormatError(line: 1, column: 18,
                                    "invalid XML: a DOCTYPE with declarations is not read (entities could expand without bound)")) {
            try entities.next()
        }
        var unterminated = XCardReader(bytes: Array((Self.start + Self.card("Ada")).utf8))
        #expect(try unterminated.next() != nil)
        #expect(throws: FormatError(line: 4, column: 1,
                                    "invalid XML: the document does not end with its root element (an element left open, or text after it)")) {
            try unterminated.next()
        }
    }

    @Test(arguments: [0, 1, 3])
    func writerGivesTheBytesOfEncode(count: Int) throws {
        let cards = Array(try Fixtures.cards("sample-contacts.vcf").prefix(count))
        var writer = XCardWriter()
        var out: [UInt8] = []
        for card in cards { writer.write(card, to: &out) }
        writer.finish(to: &out)
        #expect(out == XCard.encode(cards))
        #expect(try XCard.decode(out).count == count)
    }
}
