import Synchronization
import Testing
import VCardParser

/// `VCardReader.forEachCard(threads:…)` (cards parsed on several threads, the next batch while
/// the caller handles the one before) gives what `next()` gives: the same cards, warnings and
/// trailing bytes, in input order, however the batches cut the input.
@Suite struct BatchReadingTests {
    struct Layout: Sendable, CustomTestStringConvertible {
        var threads: Int
        var batchBytes: Int
        var testDescription: String { "\(threads) threads, batches of \(batchBytes) bytes" }
    }

    static let layouts = [
        Layout(threads: 1, batchBytes: 1 << 20), Layout(threads: 2, batchBytes: 1),
        Layout(threads: 2, batchBytes: 4096), Layout(threads: 3, batchBytes: 1 << 20),
        Layout(threads: 8, batchBytes: 300_000),
    ]

    /// Every UTF-8 fixture, junk and broken cards included, several times, then text after the last card.
    static let input: [UInt8] = {
        var bytes = (try? StreamingTests.manyCards(atLeast: 1 << 20)) ?? []
        bytes += Array("trailing junk\r\n".utf8)
        return bytes
    }()

    static func readInParallel(_ bytes: [UInt8], _ layout: Layout, options: ParseOptions = ParseOptions()) throws
        -> StreamingTests.ReadAll
    {
        var reader = VCardReader(bytes: bytes, options: options)
        var all = StreamingTests.ReadAll()
        try reader.forEachCard(
            threads: layout.threads, batchBytes: layout.batchBytes, transform: { $0 },
            diagnostics: { all.warnings.append($0) }
        ) { all.cards.append($0) }
        all.trailingBytes = reader.trailingBytes
        return all
    }

    @Test(arguments: layouts)
    func parallelReadingGivesWhatNextGives(_ layout: Layout) throws {
        #expect(Self.input.count > 1 << 20)
        let parallel = try Self.readInParallel(Self.input, layout)
        var reader = VCardReader(bytes: Self.input)
        let one = try StreamingTests.readAll(&reader)
        #expect(parallel.cards.count == one.cards.count)
        #expect(parallel.cards == one.cards)
        #expect(parallel.cards.map(\.line) == one.cards.map(\.line))
        #expect(parallel.warnings == one.warnings)
        #expect(parallel.warnings.last?.code == .junkOutsideCard, "the reader's own warning comes last")
        #expect(parallel.trailingBytes == Array("\r\ntrailing junk\r\n".utf8))
        #expect(VCardWriter().encode(parallel.cards) + parallel.trailingBytes == Self.input)
    }

    @Test func utf16WarningComesFirst() throws {
        let bytes = try Fixtures.bytes("utf16le-bom-3.0.vcf")
        let parallel = try Self.readInParallel(bytes, Layout(threads: 2, batchBytes: 1))
        var reader = VCardReader(bytes: bytes)
        let one = try StreamingTests.readAll(&reader)
        #expect(parallel.warnings.first?.code == .utf16Input)
        #expect(parallel.warnings == one.warnings)
        #expect(parallel.cards == one.cards)
    }

    @Test func transformRunsOnEveryCardAndResultsKeepInputOrder() throws {
        var reader = VCardReader(bytes: Self.input)
        let writer = VCardWriter()
        var output: [UInt8] = []
        var cards = 0
        try reader.forEachCard(
            threads: 4, batchBytes: 64 << 10, transform: { writer.encode([$0]) },
            diagnostics: { _ in }
        ) { bytes in
            cards += 1
            output += bytes
        }
        #expect(cards > 300)
        #expect(output + reader.trailingBytes == Self.input)
    }

    /// `preparing` gets every result once, in input order, each before `body` gets it, and
    /// what it changes is what `body` gets; on one thread with large batches, it gets a whole
    /// batch before `body` gets the batch's first card.
    @Test(arguments: layouts)
    func preparingSeesEachResultOfABatchBeforeTheBody(_ layout: Layout) throws {
        enum Event: Equatable { case prepared(Int), delivered(Int) }
        var reader = VCardReader(bytes: Self.input)
        var events: [Event] = []
        try reader.forEachCard(
            threads: layout.threads, batchBytes: layout.batchBytes, transform: { (line: $0.line, prepared: false) },
            preparing: { result in
                #expect(!result.prepared)
                result.prepared = true
                events.append(.prepared(result.line))
            },
            diagnostics: { _ in }
        ) { result in
            #expect(result.prepared)
            events.append(.delivered(result.line))
        }
        let prepared = events.compactMap { if case .prepared(let line) = $0 { line } else { nil } }
        let delivered = events.compactMap { if case .delivered(let line) = $0 { line } else { nil } }
        #expect(prepared.count > 300 && prepared == delivered && prepared == prepared.sorted())
        for (index, event) in events.enumerated() {
            if case .delivered(let line) = event { #expect(events[..<index].contains(.prepared(line))) }
        }
        if layout.batchBytes >= 1 << 20 {
            #expect(events.prefix(while: { if case .prepared = $0 { true } else { false } }).count > 100)
        }
    }

    @Test func cardsBeforeALimitGoThroughThenTheLimitIsThrown() throws {
        let small = Array(card("4.0", "NOTE:small").utf8)
        let large = Array(card("4.0", "NOTE:" + String(repeating: "x", count: 500)).utf8)
        var options = ParseOptions()
        options.limits.maxCardBytes = 400
        for batchBytes in [1, 1 << 20] {
            var reader = VCardReader(bytes: small + small + large + small, options: options)
            var seen = 0
            let error = #expect(throws: ParseError.self) {
                try reader.forEachCard(threads: 2, batchBytes: batchBytes, transform: { $0 }, diagnostics: { _ in }) { _ in
                    seen += 1
                }
            }
            #expect(seen == 2, "batches of \(batchBytes) bytes")
            #expect(error?.diagnostic.code == .limitExceeded)
            #expect(error?.position.line == 11, "the large card begins on line 11")
        }
    }

    @Test func strictModeStopsAtTheFirstProblemInInputOrder() throws {
        let clean = Array(card("4.0", "NOTE:fine").utf8)
        let broken = Array(card("4.0", "NOTE;BROKEN").utf8)
        var reader = VCardReader(bytes: clean + clean + broken + broken, options: ParseOptions(mode: .strict))
        var seen = 0
        let error = #expect(throws: ParseError.self) {
            try reader.forEachCard(threads: 3, transform: { $0 }, diagnostics: { _ in }) { _ in seen += 1 }
        }
        #expect(seen == 2)
        #expect(error?.diagnostic.code == .malformedLine)
        #expect(error?.position.line == 14)
    }

    @Test func anErrorFromTheBodyStopsTheReading() throws {
        struct Stop: Error {}
        var reader = VCardReader(bytes: Self.input)
        var seen = 0
        #expect(throws: Stop.self) {
            try reader.forEachCard(threads: 2, batchBytes: 4096, transform: { $0 }, diagnostics: { _ in }) { _ in
                seen += 1
                if seen == 10 { throw Stop() }
            }
        }
        #expect(seen == 10)
    }

    /// Each batch's results are moved out to the body one by one: every result made is freed
    /// exactly once, the ones delivered and the ones the body never got because it threw.
    @Test(arguments: [1, 2, 3]) func everyResultIsFreedWhenTheBodyStopsHalfway(threads: Int) throws {
        struct Stop: Error {}
        let counts = Counts()
        do {
            var reader = VCardReader(bytes: Self.input)
            var seen = 0
            #expect(throws: Stop.self) {
                try reader.forEachCard(threads: threads, batchBytes: 64 * 1024, transform: { _ in Tracked(counts) }, diagnostics: { _ in }) { _ in
                    seen += 1
                    if seen == 25 { throw Stop() }
                }
            }
        }
        #expect(counts.made.load(ordering: .relaxed) > 25)  // the body stopped inside a batch
        #expect(counts.freed.load(ordering: .relaxed) == counts.made.load(ordering: .relaxed))
    }

    /// How many ``Tracked`` were made and freed.
    final class Counts: Sendable {
        let made = Atomic(0), freed = Atomic(0)
    }

    final class Tracked: Sendable {
        let counts: Counts
        init(_ counts: Counts) {
            self.counts = counts
            counts.made.add(1, ordering: .relaxed)
        }
        deinit { counts.freed.add(1, ordering: .relaxed) }
    }
}
