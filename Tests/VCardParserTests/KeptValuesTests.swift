import Testing

@testable import VCardParser

/// `AsRead(keepingValuesOf:)`: a card read with no property made holds where the values of the
/// lines named lie in its bytes, the values a parse in full reads as written; a line whose value
/// does not lie there as written, or one past the capacity, leaves the places incomplete.
@Suite struct KeptValuesTests {
    /// What a reader sees of a card: its bytes, the values placed (as bytes), and whether every
    /// line named was placed.
    struct Seen: Equatable {
        var bytes: ArraySlice<UInt8>
        var values: [[UInt8]]
        var isComplete: Bool
    }

    static let names = ["EMAIL", "TEL"]

    /// What the places must be, from the card parsed in full: each named line whose value is its
    /// bytes as written (not folded, not decoded, at most 65,535 bytes), up to the capacity, in order.
    static func expected(_ card: VCard, bytes: ArraySlice<UInt8>) -> Seen {
        let named = card.properties.filter { property in names.contains { property.hasName($0) } }
        let asWritten = named.filter {
            $0.source?.isFolded == false && $0.source?.decodedValue == nil && !$0.isMalformed && $0.withValueBytes(\.count) <= Int(UInt16.max)
        }
        let values = asWritten.prefix(KeptValues.capacity).map { $0.withValueBytes { Array($0) } }
        return Seen(bytes: bytes, values: values, isComplete: asWritten.count == named.count && named.count <= KeptValues.capacity)
    }

    static func seen(_ card: CardAsRead) -> Seen {
        Seen(bytes: card.bytes, values: card.values.map { Array(card.bytes[$0]) }, isComplete: card.values.isComplete)
    }

    /// Reads `bytes` both ways; the cards whose places are incomplete are handed back, to be
    /// parsed in full. Returns how many were only checked and how many handed back.
    static func expectSameBothWays(_ bytes: [UInt8], threads: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> (checked: Int, handedBack: Int) {
        let writer = VCardWriter(style: .lossless)
        var full: [Seen] = [], read: [Seen] = []
        var reader = VCardReader(bytes: bytes)
        try reader.forEachCard(threads: threads, batchBytes: 8192, transform: { expected($0, bytes: writer.written($0)) }, diagnostics: { _ in }) {
            full.append($0)
        }
        var checked = 0, handedBack = 0
        let places = VCardReader.AsRead<(Seen, Bool)>(keepingValuesOf: ["email", "Tel"]) { card in
            #expect(card.properties.isEmpty)
            return card.values.isComplete ? (seen(card), true) : nil
        }
        reader = VCardReader(bytes: bytes)
        try reader.forEachCard(
            threads: threads, batchBytes: 8192, transform: { (expected($0, bytes: writer.written($0)), false) }, asRead: places, diagnostics: { _ in }
        ) { value, wasOnlyChecked in
            read.append(value)
            if wasOnlyChecked { checked += 1 } else { handedBack += 1 }
        }
        #expect(read == full, sourceLocation: sourceLocation)
        return (checked, handedBack)
    }

    @Test(arguments: [1, 3])
    func everyFixtureCardPlacesTheValuesItsParseReads(threads: Int) throws {
        let (checked, _) = try Self.expectSameBothWays(BatchReadingTests.input, threads: threads)
        #expect(checked > 300)
    }

    /// Each shape a named line can take, in a card of its own (CRLF and LF), read both ways;
    /// and the places found, checked by hand.
    @Test func eachShapeOfALineNamedIsPlacedOrLeftOut() throws {
        let cards: [(version: String, body: String, places: [String], isComplete: Bool)] = [
            ("3.0", "EMAIL:ann@example.com", ["ann@example.com"], true),
            ("4.0", "item1.email;type=work:Ann@Example.com\r\nTEL:+1 555 0100", ["Ann@Example.com", "+1 555 0100"], true),
            ("3.0", "EMAIL:a\\,b@example.com", ["a\\,b@example.com"], true),  // as written: the escape stays
            ("2.1", "\r\n\r\nEMAIL:after@blank.example", ["after@blank.example"], true),  // blank lines before it
            ("3.0", "EMAIL:ann@exa\r\n mple.com", [], false),  // folded
            ("2.1", "EMAIL;ENCODING=QUOTED-PRINTABLE:ann=40example.com", [], false),  // decoded
            ("2.1", "EMAIL;CHARSET=ISO-8859-1:caf\u{E9}@example.com", [], false),  // read in a charset
            ("4.0", (1...5).map { "EMAIL:u\($0)@example.com" }.joined(separator: "\r\n"), (1...4).map { "u\($0)@example.com" }, false),
            ("3.0", "X-EMAIL:a@example.com\r\nEMAILS:b@example.com\r\nNOTE:EMAIL:c@example.com", [], true),  // other names
            ("4.0", "EMAIL:", [""], true),
            ("3.0", "EMAIL:" + String(repeating: "a", count: 70_000) + "\r\nEMAIL:b@example.com", ["b@example.com"], false),  // too long to place
            ("3.0", "EMA\u{131}L:dotless@example.com", [], true),  // not EMAIL in ASCII
        ]
        var bytes: [UInt8] = []
        for card in cards {
            bytes += Array("BEGIN:VCARD\r\nVERSION:\(card.version)\r\nFN:A\r\n\(card.body)\r\nEND:VCARD\r\n".utf8)
        }
        for input in [bytes, bytes.filter { $0 != 0x0D }] {
            let (checked, handedBack) = try Self.expectSameBothWays(input, threads: 1)
            #expect(handedBack == cards.filter { !$0.isComplete }.count)
            #expect(checked == cards.filter(\.isComplete).count)
        }
        var reader = VCardReader(bytes: bytes)
        var found: [(places: [String], isComplete: Bool)] = []
        let places = VCardReader.AsRead<([String], Bool)>(keepingValuesOf: ["EMAIL", "TEL"]) { card in
            (card.values.map { String(decoding: card.bytes[$0], as: UTF8.self) }, card.values.isComplete)
        }
        try reader.forEachCard(threads: 1, transform: { _ in ([], false) }, asRead: places, diagnostics: { _ in }) { found.append($0) }
        #expect(found.map(\.places) == cards.map(\.places))
        #expect(found.map(\.isComplete) == cards.map(\.isComplete))
    }

    /// The example of `KeptValues`' documentation: a card whose values may hold the address (in
    /// another case, behind an escape, or not placed) is handed back; the others go out as read.
    @Test func theDocumentedFirstLookHandsBackWhatMayMatch() throws {
        let untouched = VCardReader.AsRead<ArraySlice<UInt8>>(keepingValuesOf: ["EMAIL"]) { card in
            let mayMatch =
                !card.values.isComplete
                || card.containsValue { value in
                    value.contains(UInt8(ascii: "\\")) || value.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }.elementsEqual("ann@example.com".utf8)
                }
            return mayMatch ? nil : card.bytes
        }
        let emails = ["ann@example.com", "ANN@Example.COM", "ann\\@example.com", "bob@example.com", "ann@exa\r\n mple.com", "bob@example.co"]
        var bytes: [UInt8] = []
        for email in emails { bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEMAIL:\(email)\r\nEND:VCARD\r\n".utf8) }
        var reader = VCardReader(bytes: bytes)
        var handedBack: [Bool] = []
        try reader.forEachCard(threads: 1, transform: { _ in [] }, asRead: untouched, diagnostics: { _ in }) { handedBack.append($0.isEmpty) }
        #expect(handedBack == [true, true, true, false, true, false])
    }

    /// The places a test sees are those of the values, and `containsValue(where:)` asks of each.
    @Test func containsValueAsksOfEachPlacedValue() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEMAIL:one@example.com\r\nEMAIL:two@example.com\r\nEND:VCARD\r\n".utf8)
        var reader = VCardReader(bytes: bytes)
        let places = VCardReader.AsRead<(asked: [String], found: Bool)>(keepingValuesOf: ["EMAIL"]) { card in
            var asked: [String] = []
            let found = card.containsValue {
                asked.append(String(decoding: $0, as: UTF8.self)); return $0.first == UInt8(ascii: "t")
            }
            return (asked, found)
        }
        var results: [(asked: [String], found: Bool)] = []
        try reader.forEachCard(threads: 1, transform: { _ in ([], false) }, asRead: places, diagnostics: { _ in }) { results.append($0) }
        #expect(results.map(\.found) == [true])
        #expect(results.map(\.asked) == [["one@example.com", "two@example.com"]])
    }
}
