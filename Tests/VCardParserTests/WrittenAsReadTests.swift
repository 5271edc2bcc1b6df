import HostileInputs
import Testing
import VCardParser

/// `cat --normalize` writes a card in its own version as the parser reads its lines
/// (`VCardReader.AsRead(writing:)`), with no property made. What it writes must be what the
/// canonical writer writes for the card parsed in full, byte for byte and with the same
/// diagnostics, on one thread or several; a card it cannot write so (a line only a property
/// writes right, another version to convert to) is parsed in full instead.
@Suite struct WrittenAsReadTests {
    struct Read: Equatable {
        var output: [UInt8] = []
        var warnings: [Diagnostic] = []
    }

    static let writers = [VCardWriter(style: .canonical), VCardWriter(version: .v3), VCardWriter(version: .v4), VCardWriter(version: .v2_1)]

    /// Reads `bytes`, each card parsed and then written by `writer`, or with `asRead` written as
    /// read where it can be; `writtenAsRead` counts those.
    static func read(
        _ bytes: [UInt8], writer: VCardWriter, options: ParseOptions = ParseOptions(), threads: Int, asRead: Bool, writtenAsRead: inout Int
    ) throws -> Read {
        var reader = VCardReader(bytes: bytes, options: options)
        var read = Read()
        let writing = asRead ? VCardReader.AsRead(writing: writer) { card in card.written.map { ($0, true) } } : nil
        try reader.forEachCard(
            threads: threads, batchBytes: 4096, transform: { (writer.encode([$0]), false) }, asRead: writing, diagnostics: { read.warnings.append($0) }
        ) { bytes, wasWrittenAsRead in
            read.output += bytes
            if wasWrittenAsRead { writtenAsRead += 1 }
        }
        return read
    }

    /// Expects the same output and diagnostics both ways; returns how many cards were written as read.
    static func expectSameBothWays(
        _ bytes: [UInt8], writer: VCardWriter, options: ParseOptions = ParseOptions(), threads: Int = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        var none = 0, written = 0
        let full = try read(bytes, writer: writer, options: options, threads: threads, asRead: false, writtenAsRead: &none)
        let asRead = try read(bytes, writer: writer, options: options, threads: threads, asRead: true, writtenAsRead: &written)
        #expect(none == 0, sourceLocation: sourceLocation)
        if asRead.output != full.output {
            Issue.record(
                "\(String(decoding: bytes, as: UTF8.self).debugDescription) written as read as \(String(decoding: asRead.output, as: UTF8.self).debugDescription), not \(String(decoding: full.output, as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        }
        #expect(asRead.warnings == full.warnings, sourceLocation: sourceLocation)
        return written
    }

    @Test(arguments: [1, 3])
    func everyFixtureIsWrittenAsItsParseIs(threads: Int) throws {
        var written: [Int] = []
        for writer in Self.writers {
            written.append(try Self.expectSameBothWays(BatchReadingTests.input, writer: writer, threads: threads))
        }
        // Most cards are written as read when each keeps its version; some are in each version.
        #expect(written[0] > 300)
        #expect(written[1...].allSatisfy { $0 > 20 })
    }

    /// Cards of the seeded lines that the canonical writer's copy of lines as read is tested
    /// with (`CanonicalCopyTests`): every condition of the copy, folded lines, malformed ones,
    /// line ends of every kind, blank lines.
    @Test func seededLinesAreWrittenAsTheirParseWritesThem() throws {
        var rng = SplitMix64(seed: 20_261_206)
        var written = 0, cards = 0
        for round in 0..<600 {
            let version = ["3.0", "4.0", "2.1"][round % 3]
            var text = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\n".utf8)
            for _ in 0..<Int.random(in: 1...8, using: &rng) { text += CanonicalCopyTests.line(&rng) }
            text += Array("END:VCARD\r\n".utf8)
            for writer in Self.writers {
                written += try Self.expectSameBothWays(text, writer: writer, threads: 1)
                cards += 1
            }
        }
        // Both ways are taken many times: cards written as read (most lines are hostile, and
        // three writers in four convert most cards), and cards given up.
        #expect(written > 50)
        #expect(cards - written > 300)
    }

    /// The cases a card is given up for, each in a card of its own, and what lies around
    /// cards, with limits small enough to reach.
    @Test func cardsGivenUpAreWrittenAsTheirParseWritesThem() throws {
        let photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + String(repeating: "QUJD", count: 30)
        let texts =
            [
                card("5.0", "FN:unknown version"),
                card("3.0", "VERSION:4.0", "FN:version twice"),
                card("3.0", "item1.VERSION:3.0", "FN:version in a group"),
                card("3.0", "version;X-A=1:3.0", "FN:version with a parameter, in lower case"),
                "BEGIN:VCARD\r\nFN:no version\r\nEND:VCARD\r\n",
                "BEGIN:VCARD\r\nFN:version last\r\nVERSION:4.0\r\nEND:VCARD\r\n",
                card("3.0", "NOTE:a", "NOTE:b", "NOTE:c", "NOTE:d", "NOTE:past the property limit"),
                card("3.0", "NOTE:" + String(repeating: "long ", count: 30)),
                card("3.0", photo),
                card("2.1", "PHOTO;BASE64:" + String(repeating: "QUJD", count: 10), ""),
                card("2.1", "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:caf=C3=A9=0D=0Aline two"),
                card("2.1", "NOTE;CHARSET=ISO-8859-1:caf\u{E9}"),
                card("3.0", "NOTE;CHARSET=ISO-8859-1:charset in 3.0"),
                card("3.0", "NOTE;ENCODING=QUOTED-PRINTABLE:qp=20in 3.0"),
                card("4.0", "NOTE:a control \u{1} character"),
                card("2.1", "AGENT:BEGIN:VCARD", "VERSION:2.1", "N:Agent", "END:VCARD", "NOTE:after the agent"),
                card("3.0", "BEGIN:VCARD", "VERSION:3.0", "FN:nested without AGENT", "END:VCARD"),
                card("3.0", "X_UNDERSCORE:a name with an underscore", "TEL;TYPE=\"unterminated:+1 555"),
                card("3.0", "junk without a colon", "NOTE:after junk"),
            ] + AsReadTests.unusualFrames
        let options = AsReadTests.smallLimits
        for text in texts {
            for writer in Self.writers {
                _ = try Self.expectSameBothWays(Array(text.utf8), writer: writer, options: options, threads: 1)
                _ = try Self.expectSameBothWays(Array(text.utf8), writer: writer, threads: 1)
            }
        }
        let all = Array(texts.joined().utf8)
        #expect(try Self.expectSameBothWays(all, writer: VCardWriter(style: .canonical), options: options) > 5)
    }
}
