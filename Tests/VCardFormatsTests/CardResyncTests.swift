import Testing
import VCardParser

@testable import VCardFormats

/// A problem inside one jCard or xCard card is reported for that card, and the cards after it
/// are still read.
@Suite struct CardResyncTests {
    /// Every card and error of a reader, in order: the FN of a card, `error L:C` for an error.
    static func outcomes(_ reader: inout some CardReader) -> [String] {
        var out: [String] = []
        while true {
            do {
                guard let card = try reader.next() else { return out }
                out.append(card.first("FN")?.text ?? "?")
            } catch {
                out.append("error \(error.line):\(error.column)")
            }
        }
    }

    static func xcard(_ cards: String) -> [String] { xcard(Array(cards.utf8)) }

    static func xcard(_ cards: [UInt8]) -> [String] {
        let document = Array("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n".utf8) + cards + Array("</vcards>\n".utf8)
        var reader = XCardReader(ByteStream(bytes: document))
        return outcomes(&reader)
    }

    static func jcard(_ cards: String) -> [String] {
        var reader = JCardReader(ByteStream(bytes: Array("[\n\(cards)]\n".utf8)))
        return outcomes(&reader)
    }

    static func x(_ name: String, _ more: String = "") -> String { "<vcard><fn><text>\(name)</text></fn>\(more)</vcard>\n" }
    static func j(_ name: String, _ more: String = "") -> String { "[\"vcard\", [[\"fn\", {}, \"text\", \"\(name)\"]\(more)]]" }

    @Test func badXCardTwoOfThreeLeavesOneAndThree() {
        #expect(Self.xcard(Self.x("A") + "<vcard><fn><text>&foo;</text></fn></vcard>\n" + Self.x("C")) == ["A", "error 3:18", "C"])
        // The 11 bytes <a><\xC3/></a> that crashed Foundation's XMLParser, in card 2.
        let bad = Array("<vcard><fn><text><".utf8) + [0xC3] + Array("/></text></fn></vcard>\n".utf8)
        #expect(Self.xcard(Array(Self.x("A").utf8) + bad + Array(Self.x("C").utf8)) == ["A", "error 3:19", "C"])
    }

    /// `Tests/Fixtures/fuzz/non-utf8-tag-name.xml`: the input that crashed Foundation's XMLParser.
    @Test func theFixtureThatCrashedXMLParser() throws {
        var reader = XCardReader(ByteStream(bytes: try Fixtures.bytes("fuzz/non-utf8-tag-name.xml")))
        #expect(Self.outcomes(&reader) == ["A", "error 3:22", "C"])
    }

    @Test func badJCardPropertyTwoOfThreeLeavesOneAndThree() {
        #expect(Self.jcard(Self.j("A") + ",\n" + Self.j("B", ", [\"note\"]") + ",\n" + Self.j("C")) == ["A", "error 3:37", "C"])
    }

    /// An input without a header row is one error, then the end (the empty input made
    /// CSVFuzz's read-on-after-errors loop spin: `Fuzz/README.md`).
    @Test func aCSVWithoutHeaderIsOneErrorThenTheEnd() {
        var reader = CSVCardReader(ByteStream(bytes: []))
        #expect(Self.outcomes(&reader) == ["error 1:1"])
    }

    /// Tags that do not pair up: where the card ends is not known, so the input ends there.
    @Test func tagsThatDoNotPairUpEndTheInput() {
        #expect(Self.xcard(Self.x("A") + "<vcard><fn></vcard>\n" + Self.x("C")) == ["A", "error 3:12"])
    }

    /// What a vCard cannot name is an error at its place, never passed on.
    @Test(arguments: [
        (CardFormat.jcard, j("A", ", [\"x-a\", {\"group\": \"g\\r\\nEND:VCARD\"}, \"text\", \"v\"]"), "error 2:55"),
        (.jcard, j("A", ", [\"End\", {}, \"text\", \"VCARD\"]"), "error 2:38"),
        (.jcard, j("A", ", [\"BEGIN\", {}, \"unknown\", \"VCARD\"]"), "error 2:38"),
        (.jcard, j("A", ", [\"note\", {\"x-p;y=z:w\": \"v\"}, \"text\", \"n\"]"), "error 2:60"),
        (.xcard, x("A", "<group name=\"g&#13;&#10;END:VCARD\"><note><text>n</text></note></group>"), "error 2:31"),
        (.xcard, x("A", "<end><text>VCARD</text></end>"), "error 2:31"),
        (.xcard, x("A", "<note><parameters><x_p><text>v</text></x_p></parameters><text>n</text></note>"), "error 2:49"),
        (.xcard, x("A", "<x.y><text>n</text></x.y>"), "error 2:31"),
    ])
    func namesAVCardCannotHoldAreErrors(format: CardFormat, card: String, outcome: String) {
        let outcomes = format == .jcard ? Self.jcard(card + ",\n" + Self.j("B")) : Self.xcard(card + Self.x("B"))
        #expect(outcomes == [outcome, "B"])
    }
}
