import Testing
import VCardParser

/// `VCardReader.nextBatch` (cards parsed on several threads) gives what `next()` gives: the same
/// cards, warnings and trailing bytes, in input order, however the batches cut the input.
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

    static func readBatches(_ bytes: [UInt8], _ layout: Layout, options: ParseOptions = ParseOptions()) throws
        -> StreamingTests.ReadAll
    {
        var reader = VCardReader(bytes: bytes, options: options)
        var all = StreamingTests.ReadAll()
        while case let batch = try reader.nextBatch(threads: layout.threads, batchBytes: layout.batchBytes, { $0 }),
            !batch.isEmpty
        {
            all.warnings += reader.takeWarnings()
            for (card, warnings) in batch {
                all.cards.append(card)
                all.warnings += warnings
            }
        }
        all.warnings += reader.takeWarnings()
        all.trailingBytes = reader.trailingBytes
        return all
    }

    @Test(arguments: layouts)
    func batchesGiveWhatNextGives(_ layout: Layout) throws {
        #expect(Self.input.count > 1 << 20)
        let batched = try Self.readBatches(Self.input, layout)
        var reader = VCardReader(bytes: Self.input)
        let one = try StreamingTests.readAll(&reader)
        #expect(batched.cards.count == one.cards.count)
        #expect(batched.cards == one.cards)
        #expect(batched.cards.map(\.line) == one.cards.map(\.line))
        #expect(batched.warnings == one.warnings)
        #expect(batched.warnings.last?.code == .junkOutsideCard, "the reader's own warning comes last")
        #expect(batched.trailingBytes == Array("\r\ntrailing junk\r\n".utf8))
        #expect(VCardWriter().encode(batched.cards) + batched.trailingBytes == Self.input)
    }

    @Test func transformRunsOnEveryCardAndResultsKeepInputOrder() throws {
        var reader = VCardReader(bytes: Self.input)
        let writer = VCardWriter()
        var output: [UInt8] = []
        var batches = 0
        while case let batch = try reader.nextBatch(threads: 4, batchBytes: 64 << 10, { writer.encode([$0]) }),
            !batch.isEmpty
        {
            batches += 1
            for (bytes, _) in batch { output += bytes }
        }
        #expect(batches > 10)
        #expect(output + reader.trailingBytes == Self.input)
    }

    @Test func cardsBeforeALimitComeFirstThenTheLimitIsThrown() throws {
        let small = Array(card("4.0", "NOTE:small").utf8)
        let large = Array(card("4.0", "NOTE:" + String(repeating: "x", count: 500)).utf8)
        var options = ParseOptions()
        options.limits.maxCardBytes = 400
        var reader = VCardReader(bytes: small + small + large + small, options: options)
        let first = try reader.nextBatch(threads: 2, { $0 })
        #expect(first.count == 2)
        let error = #expect(throws: ParseError.self) { try reader.nextBatch(threads: 2, { $0 }) }
        #expect(error?.diagnostic.code == .limitExceeded)
        #expect(error?.position.line == 11, "the large card begins on line 11")
    }

    @Test func strictModeThrowsTheFirstProblemInInputOrder() throws {
        let clean = Array(card("4.0", "NOTE:fine").utf8)
        let broken = Array(card("4.0", "NOTE;BROKEN").utf8)
        var reader = VCardReader(bytes: clean + clean + broken + broken, options: ParseOptions(mode: .strict))
        let error = #expect(throws: ParseError.self) { try reader.nextBatch(threads: 3, batchBytes: 1 << 20, { $0 }) }
        #expect(error?.diagnostic.code == .malformedLine)
        #expect(error?.position.line == 14)
    }
}
