import Foundation
import HostileInputs
import Testing
import VCardParser

/// Pathological inputs, built in memory: each one finishes, in lenient mode, with cards or with a
/// `limit-exceeded` diagnostic, never a crash, an out-of-memory or a hang.
///
/// Nothing here is timed. The sizes are the robustness issue's own (a 50 MB folded line, 100,000
/// parameters, 10,000 nested AGENTs, a million properties), which a debug build runs in about ten
/// seconds; where a quadratic algorithm could hide, a size and ten times that size both run, which
/// a quadratic step would turn into minutes. Timings are measured with a release build, outside
/// the tests: `swift run -c release vcard-bench hostile` times each input at two sizes.
@Suite struct HostileInputTests {
    static func options(_ set: (inout ParseOptions.Limits) -> Void) -> ParseOptions {
        var limits = ParseOptions.Limits()
        set(&limits)
        return ParseOptions(mode: .lenient, limits: limits)
    }

    static func lossless(_ result: VCardDecoder.Result) -> [UInt8] {
        VCardWriter().encode(result.cards) + result.trailingBytes
    }

    // MARK: Lines

    /// The 50 MB folded line: past the default limit of 32 MiB it is kept raw; with a
    /// higher limit it parses.
    @Test func longFoldedLineParsesAndPastTheLimitIsKeptRaw() throws {
        let bytes = HostileInputs.foldedNote(50_000_000)
        let parsed = try VCardDecoder(options: Self.options { $0.maxUnfoldedLineBytes = 64 << 20 }).decode(bytes)
        #expect(parsed.warnings.isEmpty)
        #expect(try #require(parsed.cards.first?.first("NOTE")).value.utf8.count > 48_000_000)

        let limited = try VCardDecoder().decode(bytes)
        #expect(codesAndLines(limited.warnings) == [Pair(.limitExceeded, 4)])
        #expect(limited.warnings.first?.message.hasSuffix("is longer than the limit of 33554432 bytes; kept as raw text") == true)
        let card = try #require(limited.cards.first)
        #expect(card.first("NOTE") == nil)
        #expect(card.properties.last?.isMalformed == true)
        #expect(Self.lossless(limited) == bytes)
    }

    @Test func physicalLinePastTheLimitStopsInBothModes() throws {
        let bytes = HostileInputs.longLine(2 << 20)
        for mode in [ParseOptions.Mode.lenient, .strict] {
            var options = Self.options { $0.maxLineBytes = 1 << 20 }
            options.mode = mode
            let error = #expect(throws: ParseError.self) { try VCardDecoder(options: options).decode(bytes) }
            #expect(error?.code == .limitExceeded)
            #expect(error?.position.line == 4)
            #expect(error?.diagnostic.message == "line of \(2 << 20 + 5) bytes is longer than the limit of 1048576 bytes")
        }
        #expect(try VCardDecoder().decode(bytes).cards.count == 1)
    }

    /// Read from a file in chunks, a line longer than a chunk is searched once, and a stream
    /// with no line end at all stops at the limit instead of filling memory.
    @Test func streamedLongLinesAreFoundOnceAndEndlessOnesStop() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let long = dir.appendingPathComponent("long.vcf").path
        let bytes = HostileInputs.longLine(3 << 20) + HostileInputs.foldedNote(2 << 20)
        try Data(bytes).write(to: URL(fileURLWithPath: long))
        var reader = try VCardReader(path: long)
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        #expect(cards == (try VCardDecoder().decode(bytes)).cards)
        #expect(VCardWriter().encode(cards) == bytes)

        let endless = dir.appendingPathComponent("endless.vcf").path
        try Data(HostileInputs.head + [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)).write(to: URL(fileURLWithPath: endless))
        var stopped = try VCardReader(path: endless, options: Self.options { $0.maxLineBytes = 1 << 20 })
        let error = #expect(throws: ParseError.self) { while try stopped.next() != nil {} }
        #expect(error?.code == .limitExceeded)
        #expect(error?.diagnostic.message == "line has no end within the limit of 1048576 bytes")
        #expect(error?.position.line == 4)
        // The reader stays stopped.
        #expect(throws: ParseError.self) { try stopped.next() }
    }

    @Test func textOutsideCardsCountsTowardTheCardLimit() throws {
        let junk = [UInt8](repeating: UInt8(ascii: "j"), count: 1000) + [0x0D, 0x0A]
        let bytes = Array(repeatElement(junk, count: 200).joined()) + HostileInputs.head + HostileInputs.tail
        let error = #expect(throws: ParseError.self) {
            try VCardDecoder(options: Self.options { $0.maxCardBytes = 64 << 10 }).decode(bytes)
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.diagnostic.message == "more than 65536 bytes of text outside any card")
    }

    /// Classic Mac files end lines with CR alone: finding each line must not scan the rest of the
    /// file for an LF that never comes.
    @Test(arguments: [10_000, 100_000])
    func crLineEndsStayLinear(_ count: Int) throws {
        let bytes = HostileInputs.tinyProperties(count, lineEnd: [0x0D])
        let result = try VCardDecoder(options: Self.options { $0.maxPropertiesPerCard = 1_000_000 }).decode(bytes)
        #expect(result.cards.first?.properties.count == count + 2)
        #expect(result.warnings.isEmpty)
    }

    // MARK: Parameters, nesting, properties

    @Test(arguments: [10_000, 100_000])
    func manyParametersParse(_ count: Int) throws {
        let bytes = HostileInputs.parameters(count)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.warnings.isEmpty)
        let tel = try #require(result.cards.first?.first("TEL"))
        #expect(tel.parameters.count == count)
        #expect(tel.parameters.last?.name == "X-P\(count - 1)")
        #expect(tel.value == "+1 555 0100")
        #expect(Self.lossless(result) == bytes)
        // The canonical writer handles them too, and reads back the same.
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        #expect(try VCardDecoder().decode(canonical).cards == result.cards)
    }

    @Test(arguments: [1_000, 10_000])
    func deeplyNestedAgentsStopAtTheNestingLimit(_ depth: Int) throws {
        let bytes = HostileInputs.nestedAgents(depth)
        let result = try VCardDecoder().decode(bytes)
        #expect(result.cards.count == 1)
        #expect(codesAndLines(result.warnings).map(\.code) == ["limit-exceeded"])
        #expect(nestingDepth(try #require(result.cards.first)) == ParseOptions.Limits().maxNestingDepth)
        #expect(Self.lossless(result) == bytes)
    }

    @Test(arguments: [10_000, 100_000])
    func manyTinyPropertiesParse(_ count: Int) throws {
        let bytes = HostileInputs.tinyProperties(count)
        let result = try VCardDecoder(options: Self.options { $0.maxPropertiesPerCard = 1_000_000 }).decode(bytes)
        #expect(result.warnings.isEmpty)
        #expect(result.cards.first?.properties.count == count + 2)
        #expect(Self.lossless(result) == bytes)
    }

    /// Past the property limit the rest is kept raw, with one warning for the card.
    @Test func propertiesPastTheLimitAreKeptRawWithOneWarning() throws {
        let bytes = HostileInputs.tinyProperties(1_000_000)
        let result = try VCardDecoder().decode(bytes)
        #expect(codesAndLines(result.warnings) == [Pair(.limitExceeded, 100_002)])
        let card = try #require(result.cards.first)
        #expect(card.properties.count == 1_000_002)
        #expect(card.properties.filter(\.isMalformed).count == 900_002)
        #expect(Self.lossless(result) == bytes)
    }

    // MARK: Binary data

    @Test func inlineBinaryPastTheLimitIsKeptRawAndNotDecoded() throws {
        let base64 = String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9w", count: 40_000)  // 1.68 MB decoded
        let photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + base64
        let uri = "PHOTO:data:image/jpeg;base64," + base64
        for line in [photo, uri] {
            let text = card("3.0", line)
            let decoded = try decode(text)
            #expect(decoded.warnings.isEmpty)
            #expect(decoded.cards.first?.first("PHOTO")?.binaryData?.count == 1_680_000)

            let limited = try VCardDecoder(options: Self.options { $0.maxBinaryBytes = 1 << 20 }).decode(text)
            #expect(codesAndLines(limited.warnings) == [Pair(.limitExceeded, 4)])
            #expect(limited.warnings.first?.message == "inline binary data of about 1680000 bytes is larger than the limit of 1048576 bytes; kept as raw text")
            #expect(limited.cards.first?.first("PHOTO") == nil)
            #expect(limited.cards.first?.properties.allSatisfy { $0.binaryData == nil } == true)
            #expect(Self.lossless(limited) == Array(text.utf8))
        }
    }
}
