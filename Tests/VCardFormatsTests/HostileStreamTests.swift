import Testing
import VCardParser

@testable import VCardFormats

/// The streaming readers stop at hostile input with its position, without reading on: each
/// input is written to a pipe that stays open (unless the case is about the end of the input),
/// so a reader that waited for more would fail with "Resource temporarily unavailable".
@Suite struct HostileStreamTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var format: CardFormat
        var name: String
        var input: [UInt8]
        /// Cards read before the error.
        var cards = 0
        var error: FormatError
        var maxCardBytes = 64 << 20
        var endsInput = false
        var testDescription: String { "\(format.rawValue): \(name)" }
    }

    static let jcard = "[\"vcard\", [[\"fn\", {}, \"text\", \"Ada\"]]]"
    static let xcardStart = "<?xml version=\"1.0\"?>\n<x:vcards xmlns:x=\"urn:ietf:params:xml:ns:vcard-4.0\">\n"
    static let xcard = "  <x:vcard><x:fn><x:text>Ada</x:text></x:fn></x:vcard>\n"
    static let nuls = [UInt8](repeating: 0, count: 60_000)

    static let cases: [Case] = [
        Case(
            format: .jcard, name: "NUL flood", input: Array("[".utf8) + nuls,
            error: FormatError(line: 1, column: 2, "expected a value")),
        Case(
            format: .jcard, name: "deep nesting", input: Array(String(repeating: "[", count: 60_000).utf8),
            error: FormatError(line: 1, column: 513, "nested more than 512 deep")),
        Case(
            format: .jcard, name: "huge string",
            input: Array(
                ("[\n" + jcard + ",\n  [\"vcard\", [[\"note\", {}, \"text\", \""
                    + String(repeating: "x", count: 5000)).utf8),
            cards: 1, error: FormatError(line: 3, column: 3, "card is larger than the limit of 1000 bytes"), maxCardBytes: 1000),
        Case(
            format: .jcard, name: "unterminated array", input: Array(("[" + jcard + "\n").utf8), cards: 1,
            error: FormatError(line: 2, column: 1, "unexpected end of input; expected ',' or ']'"), endsInput: true),
        Case(
            format: .jcard, name: "unterminated string", input: Array("[[\"vcard\", [[\"fn\", {}, \"text\", \"A".utf8),
            error: FormatError(line: 1, column: 34, "unterminated string"), endsInput: true),
        Case(
            format: .xcard, name: "NUL flood", input: Array((xcardStart + xcard + "  <x:vcard>").utf8) + nuls, cards: 1,
            error: FormatError(line: 4, column: 12, "invalid XML: a character XML does not allow")),
        Case(
            format: .xcard, name: "deep nesting", input: Array((xcardStart + "<x:vcard>" + String(repeating: "<a>", count: 15_000)).utf8),
            error: FormatError(line: 3, column: 10 + 3 * 511, "invalid XML: elements nested more than 512 deep")),
        Case(
            format: .xcard, name: "huge text",
            input: Array(
                (xcardStart + xcard + "  <x:vcard><x:note><x:text>"
                    + String(repeating: "x", count: 5000)).utf8),
            cards: 1, error: FormatError(line: 4, column: 3, "card is larger than the limit of 1000 bytes"), maxCardBytes: 1000),
        Case(
            format: .xcard, name: "entities", input: Array("<!DOCTYPE vcards [<!ENTITY a \"aaaaaaaaaa\">]>\n<vcards/>".utf8),
            error: FormatError(line: 1, column: 1, "invalid XML: a DOCTYPE is not read (xCard needs none, and the entities it declares could not be expanded)")),
        Case(
            format: .xcard, name: "unterminated document", input: Array((xcardStart + xcard).utf8), cards: 1,
            error: FormatError(line: 4, column: 1, "invalid XML: the document does not end with its root element (an element left open, or text after it)"),
            endsInput: true),
        Case(
            format: .csv, name: "NUL flood", input: Array("FN\n".utf8) + nuls,
            error: FormatError(line: 2, column: 1, "row is larger than the limit of 1000 bytes"), maxCardBytes: 1000),
        Case(
            format: .csv, name: "unterminated quote", input: Array(("FN\nAda\n\"" + String(repeating: "x", count: 5000)).utf8),
            cards: 1, error: FormatError(line: 3, column: 1, "row is larger than the limit of 1000 bytes"), maxCardBytes: 1000),
    ]

    @Test(arguments: cases)
    func hostileInputStopsWithItsPosition(_ hostile: Case) throws {
        let pipe = OpenPipe()
        pipe.write(hostile.input)
        if hostile.endsInput { pipe.closeWriting() }
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = hostile.maxCardBytes
        var reader = try #require(hostile.format.reader(ByteStream(fileDescriptor: pipe.readEnd, limits: limits)))
        var cards = 0
        #expect(throws: hostile.error) { while try reader.next() != nil { cards += 1 } }
        #expect(cards == hostile.cards)
        #expect(try reader.next() == nil)  // nothing after the error
    }
}
