import Testing
import VCardParser

@testable import VCardFormats

/// ``XCardReader``: cards one at a time, before the input ends, with positions (limits:
/// ``HostileStreamTests``).
@Suite struct XCardStreamingTests {
    static let start = "<?xml version=\"1.0\"?>\n<x:vcards xmlns:x=\"urn:ietf:params:xml:ns:vcard-4.0\">\n"

    static func card(_ name: String) -> String { "  <x:vcard><x:fn><x:text>\(name)</x:text></x:fn></x:vcard>\n" }

    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write(Self.start + "<!-- people -->\n" + Self.card("Ada"))
        var reader = XCardReader(ByteStream(fileDescriptor: pipe.readEnd))
        #expect(try reader.next()?.first("FN")?.text == "Ada")  // the rest is not written yet
        pipe.write("  <other xmlns=\"urn:other\"/>\n" + Self.card("Grace") + "  <x:vcard>\n    <x:fn><x:text>Eve</x:fn>\n")
        pipe.write("  </x:vcard>\n</x:vcards>\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Grace")
        #expect {
            try reader.next()
        } throws: { error in
            guard let e = error as? FormatError else { return false }
            // </x:fn> closes <x:text>: the card's tags do not pair up, the input cannot go on.
            return e.line == 8 && e.column == 22 && e.message == "invalid XML: an end tag that does not match its start tag"
        }
        #expect(try reader.next() == nil)
    }

    @Test func aLoneVCardAndAnEmptyDocument() throws {
        var lone = XCardReader(ByteStream(bytes: Array("<vcard xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"><fn><text>Ada</text></fn></vcard>".utf8)))
        #expect(try lone.next()?.first("FN")?.text == "Ada")
        #expect(try lone.next() == nil)
        var empty = XCardReader(ByteStream(bytes: Array("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"/>\n".utf8)))
        #expect(try empty.next() == nil)
    }
}
