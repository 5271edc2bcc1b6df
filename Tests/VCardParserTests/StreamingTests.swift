import Foundation
import Testing
import VCardParser

/// `VCardReader` over files and pipes gives what `VCardDecoder` gives over the same bytes in
/// memory, however the 256 KiB read chunks cut the input.
@Suite struct StreamingTests {
    static let chunkSize = 256 << 10

    /// A file in a fresh temporary directory, removed by `cleanup`.
    struct TemporaryFile {
        let directory: URL
        let url: URL
        init(_ bytes: [UInt8], name: String = "cards.vcf") throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "VCardParserTests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
        }
        func cleanup() { try? FileManager.default.removeItem(at: directory) }
    }

    struct ReadAll {
        var cards: [VCard] = []
        var warnings: [Diagnostic] = []
        var trailingBytes: [UInt8] = []
        var inputEncoding: InputEncoding = .utf8
    }

    static func readAll(_ reader: inout VCardReader) throws -> ReadAll {
        var all = ReadAll()
        while let card = try reader.next() {
            all.cards.append(card)
            all.warnings += reader.takeWarnings()
        }
        all.warnings += reader.takeWarnings()
        all.trailingBytes = reader.trailingBytes
        all.inputEncoding = reader.inputEncoding
        return all
    }

    static func readFile(_ bytes: [UInt8]) throws -> ReadAll {
        let file = try TemporaryFile(bytes)
        defer { file.cleanup() }
        var reader = try VCardReader(path: file.url.path)
        return try readAll(&reader)
    }

    /// Expects the streamed result to equal the in-memory one, and lossless output to equal the input.
    static func expectSameAsInMemory(
        _ streamed: ReadAll, _ bytes: [UInt8],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let memory = try VCardDecoder().decode(bytes)
        #expect(streamed.cards.count == memory.cards.count, sourceLocation: sourceLocation)
        #expect(streamed.cards == memory.cards, sourceLocation: sourceLocation)
        #expect(
            streamed.cards.map(\.line) == memory.cards.map(\.line), sourceLocation: sourceLocation)
        #expect(streamed.warnings == memory.warnings, sourceLocation: sourceLocation)
        #expect(streamed.trailingBytes == memory.trailingBytes, sourceLocation: sourceLocation)
        #expect(streamed.inputEncoding == memory.inputEncoding, sourceLocation: sourceLocation)
        if memory.inputEncoding == .utf8 {
            #expect(
                VCardWriter().encode(streamed.cards) + streamed.trailingBytes == bytes,
                sourceLocation: sourceLocation)
        }
    }

    /// Every UTF-8 fixture, each followed by a line end, repeated until the whole passes `size`.
    static func manyCards(atLeast size: Int) throws -> [UInt8] {
        var unit: [UInt8] = []
        for name in Fixtures.all where !name.hasPrefix("utf16") {
            unit += try Fixtures.bytes(name) + [0x0D, 0x0A]
        }
        var bytes: [UInt8] = []
        while bytes.count <= size { bytes += unit }
        return bytes
    }

    @Test func fileOfManyCardsGivesTheSameCardsAsMemory() throws {
        let bytes = try Self.manyCards(atLeast: 1 << 20)
        #expect(bytes.count > 4 * Self.chunkSize)
        let streamed = try Self.readFile(bytes)
        #expect(streamed.cards.count > 300)
        #expect(!streamed.warnings.isEmpty)
        try Self.expectSameAsInMemory(streamed, bytes)
    }

    /// One card placed so that a chosen byte of it is the first byte of the second read chunk.
    struct StraddleCase: Sendable, CustomTestStringConvertible {
        var name: String
        var lineEnding: String
        /// Finds, in the card's bytes, the offset that must land on the chunk boundary.
        var landmark: @Sendable ([UInt8]) -> Int
        var testDescription: String { name }
    }

    static func offset(of needle: String, in bytes: [UInt8], plus extra: Int = 0) -> Int {
        let n = Array(needle.utf8)
        for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n {
            return i + extra
        }
        preconditionFailure("\(needle) not found")
    }

    static let straddleCases: [StraddleCase] = [
        StraddleCase(name: "inside BEGIN:VCARD", lineEnding: "\r\n") { _ in 3 },
        StraddleCase(name: "between CR and LF", lineEnding: "\r\n") {
            offset(of: "Straddler\r\n", in: $0, plus: 10)
        },
        StraddleCase(name: "between CRLF and folding space", lineEnding: "\r\n") {
            offset(of: "folded\r\n  ", in: $0, plus: 8)
        },
        StraddleCase(name: "inside a UTF-8 sequence", lineEnding: "\r\n") {
            offset(of: "é", in: $0, plus: 1)
        },
        StraddleCase(name: "inside a quoted-printable soft break", lineEnding: "\r\n") {
            offset(of: "=\r\n", in: $0, plus: 1)
        },
        StraddleCase(name: "inside END:VCARD", lineEnding: "\r\n") {
            offset(of: "END:VCARD", in: $0, plus: 4)
        },
        StraddleCase(name: "between the CR and LF of END:VCARD", lineEnding: "\r\n") {
            offset(of: "END:VCARD\r\n", in: $0, plus: 10)
        },
        StraddleCase(name: "between the two CRs of CR CR LF", lineEnding: "\r\r\n") {
            offset(of: "Straddler\r\r\n", in: $0, plus: 10)
        },
        StraddleCase(name: "between CR CR and LF", lineEnding: "\r\r\n") {
            offset(of: "Straddler\r\r\n", in: $0, plus: 11)
        },
        StraddleCase(name: "after a lone CR", lineEnding: "\r") {
            offset(of: "Straddler\r", in: $0, plus: 10)
        },
    ]

    static func straddler(_ eol: String) -> [UInt8] {
        let lines = [
            "BEGIN:VCARD", "VERSION:2.1", "FN:Chunk Straddler", "NOTE:café folded",
            "  across the boundary",
            "TITLE;ENCODING=QUOTED-PRINTABLE:soft =", "break", "TEL;CELL:+1 555 0100", "END:VCARD",
        ]
        return Array(lines.map { $0 + eol }.joined().utf8)
    }

    static func filler(_ count: Int, number: Int) -> [UInt8] {
        let head = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Filler \(number)\r\nNOTE:"
        let tail = "\r\nEND:VCARD\r\n"
        let pad = count - head.utf8.count - tail.utf8.count
        precondition(pad >= 0)
        return Array((head + String(repeating: "x", count: pad) + tail).utf8)
    }

    @Test(arguments: straddleCases)
    func cardAcrossTheChunkBoundary(_ straddle: StraddleCase) throws {
        let card = Self.straddler(straddle.lineEnding)
        let before = Self.chunkSize - straddle.landmark(card)
        var bytes: [UInt8] = []
        var number = 0
        while before - bytes.count > 2000 {
            bytes += Self.filler(1000, number: number)
            number += 1
        }
        bytes += Self.filler(before - bytes.count, number: number)
        #expect(bytes.count + straddle.landmark(card) == Self.chunkSize)
        let straddlerLine = bytes.count(where: { $0 == 0x0A }) + 1
        bytes += card
        var after = 0
        while bytes.count < (1 << 20) + 1000 {
            bytes += Self.filler(1500, number: 1000 + after)
            after += 1
        }
        bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Last\r\nNO COLON\r\nEND:VCARD\r\n".utf8)
        // The straddler has 9 lines and each filler 5; NO COLON is the 4th line of the last card.
        let lastLine = straddlerLine + 9 + 5 * after + 3

        let streamed = try Self.readFile(bytes)
        try Self.expectSameAsInMemory(streamed, bytes)
        let found = try #require(streamed.cards.first { $0.first("FN")?.text == "Chunk Straddler" })
        #expect(found.line == straddlerLine)
        #expect(found.first("NOTE")?.text == "café folded across the boundary")
        #expect(found.first("TITLE")?.text == "soft break")
        #expect(found.first("TEL")?.value == "+1 555 0100")
        #expect(found.first("TEL")?.line == straddlerLine + 7)
        #expect(codesAndLines(streamed.warnings) == [Pair(.malformedLine, lastLine)])
        #expect(streamed.cards.count == number + 1 + after + 2)
    }

    /// A card of many read chunks (a photo of 3 MB between two small cards): the reader grows
    /// its buffer for it and moves no byte twice for each read, from a file and from a pipe.
    @Test func aCardOfManyChunks() throws {
        let photo = String(repeating: "QUJD", count: 3 << 18)  // 3 MiB of base64, on one line
        let big = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(photo)\r\nEND:VCARD\r\n"
        let bytes = Self.filler(700, number: 1) + Array(big.utf8) + Self.filler(900, number: 2)
        #expect(bytes.count > 12 * Self.chunkSize)
        let streamed = try Self.readFile(bytes)
        try Self.expectSameAsInMemory(streamed, bytes)
        #expect(streamed.cards.map { $0.first("FN")?.text } == ["Filler 1", "Big", "Filler 2"])
        #expect(streamed.cards[1].first("PHOTO")?.value.utf8.count == photo.utf8.count)

        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            for start in stride(from: 0, to: bytes.count, by: 70_001) {  // short writes, unaligned to the chunks
                writer.write(Data(bytes[start..<min(start + 70_001, bytes.count)]))
            }
            try? writer.close()
        }
        thread.start()
        var reader = VCardReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
        try Self.expectSameAsInMemory(try Self.readAll(&reader), bytes)
    }

    @Test func pipeWithShortReads() throws {
        let bytes = try Self.manyCards(atLeast: 600_000)
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            writer.write(Data(bytes))
            try? writer.close()
        }
        thread.start()
        var reader = VCardReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
        let streamed = try Self.readAll(&reader)
        try Self.expectSameAsInMemory(streamed, bytes)
    }

    @Test func missingEndAtEndOfFile() throws {
        let bytes = try Fixtures.bytes("broken-missing-end-3.0.vcf")
        let streamed = try Self.readFile(bytes)
        try Self.expectSameAsInMemory(streamed, bytes)
        #expect(codesAndLines(streamed.warnings) == [Pair(.missingEnd, 8), Pair(.missingEnd, 11)])
    }

    @Test(arguments: Fixtures.all)
    func everyFixtureStreamsLikeItDecodes(_ name: String) throws {
        let bytes = try Fixtures.bytes(name)
        try Self.expectSameAsInMemory(try Self.readFile(bytes), bytes)
    }

    /// In strict mode too, the decoder (all bytes at once) and a reader of the file stop at the
    /// same problem, or both read everything.
    @Test(arguments: Fixtures.all)
    func everyFixtureStopsInStrictModeWhereItDecodes(_ name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let strict = ParseOptions(mode: .strict)
        var decoded: Result<Int, ParseError>
        do { decoded = .success(try VCardDecoder(options: strict).decode(bytes).cards.count) } catch { decoded = .failure(error) }
        let file = try TemporaryFile(bytes)
        defer { file.cleanup() }
        var reader = try VCardReader(path: file.url.path, options: strict)
        var streamed: Result<Int, ParseError>
        var count = 0
        do {
            while try reader.next() != nil { count += 1 }
            streamed = .success(count)
        } catch let error as ParseError {
            streamed = .failure(error)
        }
        #expect(decoded == streamed)
        if name == "broken-no-colon-3.0.vcf" { #expect(throws: ParseError.self) { try decoded.get() } }
    }

    @Test func emptyAndBlankInputs() throws {
        for bytes in [[], [0x0D, 0x0A], Array("\n\n".utf8)] as [[UInt8]] {
            let streamed = try Self.readFile(bytes)
            #expect(streamed.cards.isEmpty)
            #expect(streamed.warnings.isEmpty)
            #expect(streamed.trailingBytes == bytes)
        }
    }

    @Test func strictReaderThrowsAtTheBrokenCard() throws {
        let good = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\n".utf8)
        let bytes =
            good + Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:B\r\nBROKEN\r\nEND:VCARD\r\n".utf8)
        let file = try TemporaryFile(bytes)
        defer { file.cleanup() }
        var reader = try VCardReader(path: file.url.path, options: ParseOptions(mode: .strict))
        #expect(try reader.next()?.first("FN")?.text == "A")
        let error = #expect(throws: ParseError.self) { try reader.next() }
        #expect(error?.code == .malformedLine)
        #expect(error?.position.line == 8)
    }

    @Test func unreadablePaths() throws {
        #expect(throws: ReadError.self) { try VCardReader(path: "/nonexistent/contacts.vcf") }
        let file = try TemporaryFile([])
        defer { file.cleanup() }
        let error = #expect(throws: ReadError.self) { try VCardReader(path: file.directory.path) }
        #expect(error?.message == "is a directory")
    }

    @Test func takeWarningsEmptiesTheList() throws {
        var reader = VCardReader(bytes: try Fixtures.bytes("broken-names-3.0.vcf"))
        _ = try reader.next()
        #expect(reader.takeWarnings().count == 3)
        #expect(reader.takeWarnings().isEmpty)
        #expect(try reader.next() == nil)
    }
}
