import Foundation
import HostileInputs
import Testing
import VCardParser

/// Cards inside cards: the vCard 2.1 `AGENT:` property with its card on the lines after it
/// (vCard 2.1 §2.4.4), `AGENT:BEGIN:VCARD` on one line, and Android's bare nested
/// `BEGIN:VCARD`, in memory and streamed, and what the version converters make of them.
@Suite struct NestedCardTests {
    static let modes: [ParseOptions.Mode] = [.lenient, .strict]

    /// vCard 2.1 §2.4.4: `AGENT:` with an empty value, then the agent's card, then more of the
    /// outer card. The agent is the property's card, not a contact of its own.
    /// The value of a line that holds a nested card is its own even when it was decoded (a
    /// charset, quoted-printable, bytes beyond UTF-8): the nested card's lines, decoded after
    /// it, do not take its place.
    @Test(arguments: ["AGENT;CHARSET=UTF-8:BEGIN:VCARD", "AGENT;ENCODING=QUOTED-PRINTABLE:BEGIN:VCARD", "AGENT;CHARSET=ISO-8859-1:BEGIN:VCARD"])
    func aDecodedLineKeepsItsValueOverItsNestedCard(_ agentLine: String) throws {
        let text = card("2.1", agentLine, "VERSION:2.1", "FN;CHARSET=UTF-8:Bob", "NOTE;ENCODING=QUOTED-PRINTABLE:B=C3=B6b", "END:VCARD", fn: false)
        let outer = try #require(try decode(text).cards.first)
        let agent = try #require(outer.first("AGENT"))
        #expect(agent.value == "BEGIN:VCARD")
        #expect(agent.embeddedCard?.first("FN")?.text == "Bob")
    }

    /// A card's version is named by its own VERSION line, never by the line of a card nested in
    /// it: when the outer card names none (read as 3.0, as its warning says) or names it after
    /// the nested card, in each way a card is nested (found by `ContactFuzz`: a 2.1 nested card
    /// made its parent read as 2.1, and the parent's values changed when the card was dropped).
    @Test(arguments: ["AGENT:BEGIN:VCARD", "AGENT:\r\nBEGIN:VCARD", "BEGIN:VCARD", "UID:BEGIN:VCARD", "item1.AGENT:BEGIN:VCARD"])
    func aNestedCardsVersionIsNotItsParents(_ opening: String) throws {
        for outer: VCardVersion? in [nil, .v2_1, .v4] {
            let inner: VCardVersion = outer == .v2_1 ? .v4 : .v2_1
            let nested = [opening, "VERSION:\(inner.rawValue)", "FN:Inner", "END:VCARD"]
            let lines = ["BEGIN:VCARD", "FN:Outer"] + nested + (outer.map { ["VERSION:\($0.rawValue)"] } ?? []) + ["NOTE:a\\,b", "END:VCARD"]
            let text = lines.map { $0 + "\r\n" }.joined()
            let context = Comment(rawValue: text)
            // Strict mode refuses a card without a VERSION of its own.
            for mode in outer == nil ? [.lenient] : Self.modes {
                let result = try VCardDecoder(mode: mode).decode(text)
                let card = try #require(result.cards.first, context)
                #expect(result.cards.count == 1, context)
                #expect(card.version == outer ?? .v3, context)
                // 2.1 escapes no commas.
                #expect(card.first("NOTE")?.text == (outer == .v2_1 ? #"a\,b"# : "a,b"), context)
                #expect(result.warnings.contains { $0.code == .missingVersion } == (outer == nil), context)
                let holder = try #require(card.properties.first { $0.embeddedCard != nil }, context)
                #expect(holder.embeddedCard?.version == inner, context)
            }
            let streamed = try StreamingTests.readFile(Array(text.utf8))
            #expect(streamed.cards.map(\.version) == [outer ?? .v3], context)
        }
    }

    @Test(arguments: modes)
    func agentCardOnTheNextLinesIsTheAgentsValue(_ mode: ParseOptions.Mode) throws {
        let bytes = try Fixtures.bytes("agent-next-line-2.1.vcf")
        let result = try VCardDecoder(mode: mode).decode(bytes)
        #expect(result.warnings.isEmpty)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Martha Gerber", "Sofia Lind"])
        let martha = result.cards[0]
        let agent = try #require(martha.first("AGENT"))
        #expect(agent.line == 7)
        #expect(agent.value == "")
        let tomas = try #require(agent.embeddedCard)
        #expect(tomas.line == 8)
        #expect(tomas.first("FN")?.text == "Tomas Okafor")
        #expect(tomas.properties(named: "TEL").map(\.value) == ["+1-408-555-0141", "+1-408-555-0142"])
        #expect(tomas.first("NOTE")?.text == "Orders only\r\nMon-Thu")
        // The outer card goes on after the agent, and nothing of the agent leaks into it.
        #expect(martha.first("EMAIL")?.value == "martha.gerber@example.com")
        #expect(martha.first("EMAIL")?.line == 17)
        #expect(martha.first("NOTE")?.text == "Tomas takes the orders while Martha travels.")
        #expect(martha.properties(named: "TEL").count == 1)
        // An agent right before the outer END:VCARD.
        #expect(result.cards[1].first("AGENT")?.embeddedCard?.first("FN")?.text == "Erik Lind")
        #expect(result.cards[1].line == 20)
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    /// Android writes nested cards with no property before them. Each one is held by an
    /// `X-NESTED-VCARD` property in its place, and the parent keeps what follows them.
    @Test(arguments: modes)
    func androidNestedCardsStayInsideTheirParent(_ mode: ParseOptions.Mode) throws {
        let bytes = try Fixtures.bytes("android-nested-2.1.vcf")
        let result = try VCardDecoder(mode: mode).decode(bytes)
        #expect(result.warnings.isEmpty)
        #expect(result.cards.map { $0.first("FN")?.text } == ["Anna Berg", "Per Dahl"])
        let anna = result.cards[0]
        let nested = anna.properties(named: Property.nestedCardName)
        #expect(nested.map(\.line) == [6, 12])
        #expect(nested.map { $0.embeddedCard?.first("FN")?.text } == ["Ole Berg", "Åse Berg"])
        #expect(nested.allSatisfy { $0.value == "" })
        #expect(anna.first("EMAIL")?.value == "anna.berg@example.no")
        #expect(anna.first("X-ANDROID-CUSTOM")?.line == 18)
        #expect(anna.properties(named: "FN").count == 1)
        #expect(result.cards[1].line == 20)
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    /// A `BEGIN:VCARD` inside a card that is not followed, after its `END:VCARD`, by more of the
    /// outer card is the next card of a file whose card lost its `END:VCARD`.
    @Test(arguments: [
        ("no END, then two cards", "A\nB*\nC*\n", ["A", "B", "C"], [4]),
        ("no END, then a card without END", "A\nB\n", ["A", "B"], [4, 7]),
        ("no END, then a card holding a nested one", "A\nB*+\n", ["A", "B"], [4]),
        ("a nested card, then no END", "A+\n", ["A"], [9]),
        ("no END after a nested card, then a card", "A+\nB*\n", ["A", "B"], [9]),
    ])
    func aCardWithoutEndIsNotANest(_ name: String, _ shape: String, _ names: [String], _ missing: [Int]) throws {
        let bytes = Self.cards(shape)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.map { $0.first("FN")?.text } == names.map(Optional.some), "\(name)")
        #expect(codesAndLines(result.warnings) == missing.map { Pair(.missingEnd, $0) }, "\(name)")
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
        let streamed = try StreamingTests.readFile(bytes)
        try StreamingTests.expectSameAsInMemory(streamed, bytes)
    }

    /// Junk after a whole card (a page separator, text after the last card) is not more of the
    /// card before it: that one lacks its END.
    /// A value set on a property that held a nested card takes its place (a ContactFuzz finding:
    /// a social profile edited over `X-SOCIALPROFILE:BEGIN:VCARD` kept writing the old card).
    @Test(arguments: VCardVersion.allCases)
    func aValueSetOverANestedCardReplacesIt(_ version: VCardVersion) throws {
        var card = try #require(try VCardDecoder().decode(try Fixtures.bytes("agent-next-line-2.1.vcf")).cards.first)
        let agent = try #require(card.properties.firstIndex { $0.hasName("AGENT") })
        card.properties[agent].value = "http://example.com/tomas"
        #expect(card.properties[agent].embeddedCard == nil)
        for writer in [VCardWriter(), VCardWriter(style: .canonical, version: version)] {
            let again = try #require(try VCardDecoder().decode(writer.encode([card])).cards.first)
            let written = try #require(again.first("AGENT") ?? again.first("RELATED"), "4.0 writes AGENT as RELATED")
            #expect(written.value == "http://example.com/tomas")
            #expect(again.properties.allSatisfy { $0.embeddedCard == nil })
            #expect(again.first("FN")?.text == "Martha Gerber")
        }
    }

    /// A ParserFuzz finding: `AGENT:` with a tab is an empty agent to the reader, so a bare nested
    /// card written right after it would become the agent's card; the writer asked whether the
    /// line ended in `:` only. Canonical output is its own fixed point.
    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func aBareNestedCardAfterAnAgentWithATabStaysItsOwn(_ version: VCardVersion) throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Outer;;;;\r\nAGENT:\t\r\nNOTE:x\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:Kid;;;;\r\nEND:VCARD\r\nEND:VCARD\r\n"
        var card = try #require(try VCardDecoder().decode(text).cards.first)
        #expect(card.first("AGENT")?.embeddedCard == nil)
        card.properties.removeAll { $0.hasName("NOTE") }
        let writer = VCardWriter(style: .canonical, version: version)
        let once = writer.encode([card])
        let again = try #require(try VCardDecoder().decode(once).cards.first)
        #expect(writer.encode([again]) == once, "\(String(decoding: once, as: UTF8.self))")
    }

    @Test func junkAfterACardIsNotMoreOfTheCardBefore() throws {
        let bytes = Self.cards("A\nB*\n") + Array("-- page 2 --\r\n".utf8) + Self.cards("C*\n")
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.map { $0.first("FN")?.text } == ["A", "B", "C"])
        #expect(codesAndLines(result.warnings) == [Pair(.missingEnd, 4), Pair(.junkOutsideCard, 8)])
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    /// A run of whole cards after a card without END:VCARD that reaches the card size limit
    /// is not held for nesting past it: the card before lacks its END, and the run is read.
    @Test func aRunOfCardsPastTheCardLimitIsNotNested() throws {
        var options = ParseOptions()
        options.limits.maxCardBytes = 500
        let bytes = Self.cards("A\n" + String(repeating: "B*\n", count: 40))
        let result = try VCardDecoder(options: options).decode(bytes)
        #expect(result.cards.count == 41)
        #expect(codesAndLines(result.warnings) == [Pair(.missingEnd, 4)])
        #expect(VCardWriter().encode(result.cards) == bytes)
    }

    /// Cards described one per line: a letter is the FN, `*` an END:VCARD, `+` a nested Android
    /// card (with its own END:VCARD) after the FN. Each card is BEGIN, VERSION, FN (lines 1–3).
    static func cards(_ shape: String) -> [UInt8] {
        var text = ""
        for line in shape.split(separator: "\n") {
            text += "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\(line.first!)\r\n"
            if line.contains("+") { text += "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:nested\r\nEND:VCARD\r\nTEL:1\r\n" }
            if line.contains("*") { text += "END:VCARD\r\n" }
        }
        return Array(text.utf8)
    }

    /// The reader cuts cards from 256 KiB chunks: every place a nested card can be cut gives
    /// what the whole input in memory gives.
    @Test(arguments: ["agent-next-line-2.1.vcf", "android-nested-2.1.vcf", "agent-2.1.vcf"])
    func nestedCardsAcrossEveryChunkBoundary(_ name: String) throws {
        let card = try Fixtures.bytes(name)
        // The chunk ends at the start of each line of the card, and one byte into it.
        let lineStarts = [0] + card.indices.filter { card[$0] == 0x0A }.map { $0 + 1 }.dropLast()
        for cut in lineStarts.flatMap({ [$0, $0 + 1] }) {
            var bytes = StreamingTests.filler(StreamingTests.chunkSize - cut, number: 0)
            bytes += card + StreamingTests.filler(300, number: 1)
            try StreamingTests.expectSameAsInMemory(try StreamingTests.readFile(bytes), bytes)
        }
    }

    // MARK: Writing and converting

    /// The nested card, written canonically in 2.1, reads back as the same card; the Android
    /// form is written back as a bare nested card.
    @Test(arguments: ["agent-next-line-2.1.vcf", "android-nested-2.1.vcf"])
    func canonical21KeepsTheShape(_ name: String) throws {
        let cards = try Fixtures.decode(name).cards
        let written = VCardWriter(style: .canonical).encode(cards)
        let again = try VCardDecoder(mode: .strict).decode(written)
        #expect(again.cards == cards)
        if name.hasPrefix("android") {
            #expect(String(decoding: written, as: UTF8.self).contains("+47-900-55-010\r\nBEGIN:VCARD\r\nVERSION:2.1\r\n"))
        }
    }

    /// vCard 3.0 (RFC 2426 §3.5.4) and 4.0 (RFC 6350 §6.6.6, `RELATED;VALUE=text`) carry the
    /// nested card as text: all of it, up to the last `D` of its END:VCARD, and back in 2.1 it
    /// is a nested card again.
    @Test(
        arguments: [
            ("agent-2.1.vcf", "AGENT", "Jane Smith"), ("agent-next-line-2.1.vcf", "AGENT", "Tomas Okafor"),
            ("android-nested-2.1.vcf", Property.nestedCardName, "Ole Berg"),
        ], [VCardVersion.v3, .v4])
    func conversionCarriesTheWholeNestedCard(_ fixture: (String, String, String), _ version: VCardVersion) throws {
        let (name, property, fn) = fixture
        let original = try #require(try Fixtures.decode(name).cards.first)
        let nested = try #require(original.first(property)?.embeddedCard)
        let converted = try VCardDecoder(mode: .strict).decode(VCardWriter(style: .canonical, version: version).encode([original]))
        let carrier = try #require(converted.cards.first?.properties.first { $0.hasName(version == .v4 && property == "AGENT" ? "RELATED" : property) })
        #expect(carrier.embeddedCard == nil)
        #expect(carrier.text.hasPrefix("BEGIN:VCARD\nVERSION:\(version.rawValue)\n"))
        #expect(carrier.text.hasSuffix("\nEND:VCARD"))
        let inner = try #require(try VCardDecoder(mode: .strict).decode(carrier.text).cards.first)
        let written = try VCardDecoder().decode(VCardWriter(style: .canonical, version: version).encode([nested]))
        #expect(inner == written.cards.first)
        #expect(inner.first("FN")?.text == fn)
        // And back to 2.1: a nested card again.
        let back = try VCardDecoder(mode: .strict).decode(VCardWriter(style: .canonical, version: .v2_1).encode(converted.cards))
        let again = try #require(back.cards.first?.first(property)?.embeddedCard)
        #expect(again.first("FN")?.text == fn)
        #expect(again.properties.count == nested.properties.count)
        #expect(back.cards.first?.first("FN") == original.first("FN"))
    }

    /// A bare nested card right after an `AGENT:` that has no card of its own (lines between them
    /// were left out) is written on a line of its own, so that it does not become the agent's
    /// card; read again and written again, the output is the same (found by `ParserFuzz`).
    @Test func aBareNestedCardAfterAnEmptyAgentKeepsItsOwnLine() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nAGENT:\r\nNOTE:between\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:x\r\nEND:VCARD\r\nEND:VCARD\r\n"
        var card = try #require(try VCardDecoder(mode: .strict).decode(text).cards.first)
        card.properties.removeAll { $0.hasName("NOTE") }
        let written = VCardWriter(style: .canonical).encode([card])
        #expect(String(decoding: written, as: UTF8.self).contains("AGENT:\r\nX-NESTED-VCARD:BEGIN:VCARD\r\n"))
        let again = try VCardDecoder(mode: .strict).decode(written)
        #expect(again.cards == [card])
        #expect(VCardWriter(style: .canonical).encode(again.cards) == written)
    }

    @Test func aNestedCardSetInCodeIsTextIn3And4() throws {
        var agent = Property(name: "AGENT", value: "")
        agent.embeddedCard = VCard(version: .v2_1, properties: [Property(name: "FN", value: "Zed, the agent", version: .v2_1)])
        let card = VCard(version: .v2_1, properties: [Property(name: "FN", value: "Ann", version: .v2_1), agent])
        let v3 = String(decoding: VCardWriter(style: .canonical, version: .v3).encode([card]), as: UTF8.self)
        // The nested FN's own `\,` escaped once more, the N that a 3.0 card requires derived, and
        // the last `D` kept (RFC 2426 §3.5.4, §3.1.2).
        let unfolded = v3.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(#"AGENT:BEGIN:VCARD\nVERSION:3.0\nFN:Zed\\\, the agent\nN:Zed\;the\;agent\;\;\nEND:VCARD"# + "\r\n"))
    }

    // MARK: Hostile input

    /// Built in memory and not timed: a size and ten times that size both run, which a
    /// quadratic step would turn into minutes (see `HostileInputTests`).
    static func repeated(_ unit: String, _ count: Int, around: (String, String) = ("", "")) -> [UInt8] {
        var bytes = Array(around.0.utf8)
        let unit = Array(unit.utf8)
        bytes.reserveCapacity(unit.count * count + 64)
        for _ in 0..<count { bytes += unit }
        return bytes + Array(around.1.utf8)
    }

    @Test(arguments: [5_000, 50_000])
    func manyNestedCardsInOneCard(_ count: Int) throws {
        let bytes = Self.repeated(
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:x\r\nEND:VCARD\r\n", count,
            around: ("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Outer\r\n", "TEL:1\r\nEND:VCARD\r\n"))
        let result = try VCardDecoder(mode: .strict).decode(bytes)
        #expect(result.cards.count == 1)
        #expect(result.cards.first?.properties(named: Property.nestedCardName).count == count)
        #expect(result.cards.first?.first("TEL")?.line == 3 + 4 * count + 1)
        #expect(VCardWriter().encode(result.cards) == bytes)
    }

    /// Each card lost its END:VCARD and the next one is whole: nothing nests.
    @Test(arguments: [10_000, 100_000])
    func manyCardsWithoutEndBeforeWholeOnes(_ count: Int) throws {
        let bytes = Self.repeated("BEGIN:VCARD\r\nVERSION:2.1\r\nN:a\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:b\r\nEND:VCARD\r\n", count)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.count == 2 * count)
        #expect(result.warnings.count == count)
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    /// `BEGIN:VCARD` after `BEGIN:VCARD`, thousands deep, and then as many END:VCARD lines.
    @Test(arguments: [1_000, 10_000])
    func deeplyNestedBareCardsFinish(_ depth: Int) throws {
        let bytes = Self.repeated("BEGIN:VCARD\r\nVERSION:2.1\r\n", depth) + Self.repeated("END:VCARD\r\n", depth)
        let result = try VCardDecoder().decode(bytes)
        #expect(!result.cards.isEmpty)
        #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes)
    }

    /// The 2.1 form, thousands deep, stops at the nesting limit like `AGENT:BEGIN:VCARD`.
    @Test(arguments: [1_000, 10_000])
    func deeplyNestedAgentsOnTheNextLineStopAtTheLimit(_ depth: Int) throws {
        let bytes =
            Self.repeated("AGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\n", depth, around: ("BEGIN:VCARD\r\nVERSION:2.1\r\n", ""))
            + Self.repeated("END:VCARD\r\n", depth + 1)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.count == 1)
        #expect(codesAndLines(result.warnings) == [Pair(.limitExceeded, 3 + 3 * ParseOptions.Limits().maxNestingDepth)])
        #expect(nestingDepth(try #require(result.cards.first)) == ParseOptions.Limits().maxNestingDepth)
        #expect(VCardWriter().encode(result.cards) == bytes)
    }

    // MARK: Random shapes

    static let shapeLines = [
        "BEGIN:VCARD", "END:VCARD", "AGENT:", "x.agent;TYPE=a:", "AGENT:BEGIN:VCARD", "NOTE:BEGIN:VCARD", "VERSION:2.1",
        "N:x", "", " folded", "NOTE;ENCODING=QUOTED-PRINTABLE:a=", "BEGIN:VCARD",
    ]

    /// Random sequences of card boundaries, agents, folds and properties: the reader and the
    /// parser agree on where every card ends (lossless output is the input), and canonical
    /// output reads back as as many cards, with as many nested ones, in both modes.
    @Test func randomShapesKeepTheirBytesAndTheirCards() throws {
        var rng = SplitMix64(seed: 14)
        for iteration in 0..<2000 {
            let lines = (0..<(1 + rng.below(30))).map { _ in Self.shapeLines[rng.below(Self.shapeLines.count)] }
            let bytes = Array((["BEGIN:VCARD", "VERSION:2.1"] + lines).map { $0 + "\r\n" }.joined().utf8)
            let result = try VCardDecoder().decode(bytes)
            let context = Comment(rawValue: "iteration \(iteration): \(lines)")
            #expect(VCardWriter().encode(result.cards) + result.trailingBytes == bytes, context)
            let canonical = try VCardDecoder().decode(VCardWriter(style: .canonical).encode(result.cards))
            #expect(canonical.cards.count == result.cards.count, context)
            // 3.0 and 4.0 carry nested cards as text; past the nesting limit they are raw text.
            let kept = { (card: VCard) in card.version == .v2_1 && nestingDepth(card) < ParseOptions.Limits().maxNestingDepth }
            if canonical.cards.count == result.cards.count {
                #expect(
                    zip(canonical.cards, result.cards).filter { kept($0.1) }.map { Self.nestedCount($0.0) }
                        == result.cards.filter(kept).map(Self.nestedCount), context)
            }
            _ = try? VCardDecoder(mode: .strict).decode(bytes)
        }
    }

    /// How many cards are nested in `card`, at any depth.
    static func nestedCount(_ card: VCard) -> Int {
        card.properties.reduce(0) { sum, p in sum + (p.embeddedCard.map { 1 + nestedCount($0) } ?? 0) }
    }
}
