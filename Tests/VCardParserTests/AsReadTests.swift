import Testing
import VCardParser

/// `forEachCard(…, asRead:)`: a card that the lossless writer copies whole is checked without
/// being made, and must give what reading it in full gives: the same bytes out, the same
/// diagnostics in the same order, on one thread or several.
@Suite struct AsReadTests {
    struct Read: Equatable {
        var output: [ArraySlice<UInt8>] = []
        var warnings: [Diagnostic] = []
        var trailingBytes: [UInt8] = []
    }

    /// Reads `bytes` in full (each card parsed, then written by the lossless writer) or, with
    /// `asRead`, with the cards copied whole only checked; `checkedOnly` counts those.
    static func read(
        _ bytes: [UInt8], options: ParseOptions = ParseOptions(), threads: Int = 2, batchBytes: Int = 4096, asRead: Bool,
        checkedOnly: inout Int
    ) throws -> Read {
        var reader = VCardReader(bytes: bytes, options: options)
        var read = Read()
        let writer = VCardWriter(style: .lossless)
        // The cards copied whole come back marked, to count them.
        let onlyChecking = asRead ? VCardReader.AsRead { ($0.bytes, true) } : nil
        try reader.forEachCard(
            threads: threads, batchBytes: batchBytes, transform: { (writer.written($0), false) },
            asRead: onlyChecking, diagnostics: { read.warnings.append($0) }
        ) { bytes, wasOnlyChecked in
            read.output.append(bytes)
            if wasOnlyChecked { checkedOnly += 1 }
        }
        read.trailingBytes = reader.trailingBytes
        return read
    }

    static func expectSameBothWays(
        _ bytes: [UInt8], options: ParseOptions = ParseOptions(), threads: Int = 2, batchBytes: Int = 4096,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        var none = 0, checkedOnly = 0
        let full = try read(bytes, options: options, threads: threads, batchBytes: batchBytes, asRead: false, checkedOnly: &none)
        let checked = try read(bytes, options: options, threads: threads, batchBytes: batchBytes, asRead: true, checkedOnly: &checkedOnly)
        #expect(none == 0, sourceLocation: sourceLocation)
        #expect(checked.output == full.output, sourceLocation: sourceLocation)
        #expect(checked.warnings == full.warnings, sourceLocation: sourceLocation)
        #expect(checked.trailingBytes == full.trailingBytes, sourceLocation: sourceLocation)
        return checkedOnly
    }

    @Test(arguments: [(1, 1 << 20), (2, 1), (3, 64 << 10)])
    func everyFixtureGivesWhatItsParseGives(threads: Int, batchBytes: Int) throws {
        let checkedOnly = try Self.expectSameBothWays(BatchReadingTests.input, threads: threads, batchBytes: batchBytes)
        #expect(checkedOnly > 300)
    }

    /// Cards as they lie in unusual input: text before them, LF or CR line ends, blank lines, white
    /// space after `BEGIN`, no `END` at the end of the input.
    static let unusualFrames = [
        "junk before\r\nBEGIN:VCARD\nVERSION:4.0\nFN:LF line ends\nEND:VCARD\n",
        "BEGIN:VCARD\rVERSION:4.0\rFN:CR line ends\rEND:VCARD\r",
        "BEGIN:VCARD\r\nVERSION:3.0\r\n\r\nFN:blank lines\r\n\r\nEND:VCARD\r\n",
        "BEGIN:VCARD  \r\nVERSION:4.0\r\nFN:white space after BEGIN\r\nEND:VCARD x\r\n",
        "\u{FEFF}BEGIN:VCARD\r\nVERSION:4.0\r\nFN:a byte order mark\r\nEND:VCARD\r\n",
        "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:no END at the end of the input\r\n",
    ]

    /// Limits small enough for a few short cards to reach: four properties, lines of 100 bytes,
    /// 60 bytes of inline data.
    static var smallLimits: ParseOptions {
        var options = ParseOptions()
        options.limits.maxPropertiesPerCard = 4
        options.limits.maxUnfoldedLineBytes = 100
        options.limits.maxBinaryBytes = 60
        return options
    }

    /// The checks that look at a whole card (VERSION, FN, the limits, nested cards), each in a
    /// card of its own, with limits small enough to reach.
    @Test func cardWideChecksGiveWhatTheParseGives() throws {
        let photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + String(repeating: "QUJD", count: 30)
        let cards =
            [
                card("5.0", "FN:unknown version"),
                card("3.0", "VERSION;X-A=1:4.0", "FN:version twice, once with a parameter"),
                "BEGIN:VCARD\r\nFN:no version\r\nEND:VCARD\r\n",
                "BEGIN:VCARD\r\nVERSION;X-A=1:3.0\r\nFN:version with a parameter only\r\nEND:VCARD\r\n",
                card("4.0", "NOTE:no FN", fn: false),
                card("4.0", "item1.FN:FN in a group", fn: false),
                card("3.0", "F\r\n N:FN folded inside its name", fn: false),
                card("3.0", "fn:lower-case fn", fn: false),
                card("3.0", "NOTE:a", "NOTE:b", "NOTE:c", "NOTE:d", "NOTE:past the property limit"),
                card("3.0", "NOTE:" + String(repeating: "long ", count: 30)),
                card("3.0", "NOTE:folded and long\r\n " + String(repeating: "x", count: 60)),
                card("3.0", photo),
                card("2.1", "AGENT:BEGIN:VCARD", "VERSION:2.1", "N:Agent", "END:VCARD", "NOTE:after the agent"),
                card("2.1", "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "FN:bare", "END:VCARD"),
                card("3.0", "BEGIN:VCARD", "VERSION:3.0", "FN:nested without AGENT", "END:VCARD"),
            ] + Self.unusualFrames
        var options = Self.smallLimits
        for text in cards {
            _ = try Self.expectSameBothWays(Array(text.utf8), options: options, threads: 1)
        }
        // Parsed in full instead: the two cards without a known VERSION (a VERSION with a
        // parameter names one) and the three with a nested card. (With the limits, the photo's
        // line is over the line limit before its data could be measured.)
        let all = Array(cards.joined().utf8)
        #expect(try Self.expectSameBothWays(all, options: options) == cards.count - 5)
        #expect(try Self.expectSameBothWays(all) == cards.count - 5)
        // A line long enough to hold more data than allowed is kept, and its card parsed in full.
        options.limits.maxUnfoldedLineBytes = 1000
        #expect(try Self.expectSameBothWays(Array(card("3.0", photo).utf8), options: options) == 0)
    }

    /// The properties kept for a card only checked are those the parse makes with those names,
    /// line for line; and a card handed back (`nil`) is parsed and given to `transform`.
    @Test(arguments: [1, 3])
    func keptPropertiesAreThoseTheParseMakes(threads: Int) throws {
        struct Seen: Equatable {
            var bytes: ArraySlice<UInt8>
            var kept: [Property]
            var lines: [Int]
            var raw: [ArraySlice<UInt8>?]
        }
        @Sendable func seen(_ bytes: ArraySlice<UInt8>, _ properties: [Property]) -> Seen {
            let kept = properties.filter { ["EMAIL", "TEL"].contains($0.name.uppercased()) }
            return Seen(bytes: bytes, kept: kept, lines: kept.map(\.line), raw: kept.map(\.raw))
        }
        let writer = VCardWriter(style: .lossless)
        var full: [Seen] = [], checked: [Seen] = []
        var reader = VCardReader(bytes: BatchReadingTests.input)
        try reader.forEachCard(threads: threads, batchBytes: 8192, transform: { seen(writer.written($0), $0.properties) }, diagnostics: { _ in }) {
            full.append($0)
        }
        var handedBack = 0, onlyChecked = 0
        let keeping = VCardReader.AsRead<(Seen, Bool)>(keeping: ["email", "Tel"]) { card in
            // Every card with exactly one phone goes back to be parsed in full.
            card.properties.filter { $0.name.uppercased() == "TEL" }.count == 1 ? nil : (seen(card.bytes, card.properties), true)
        }
        reader = VCardReader(bytes: BatchReadingTests.input)
        try reader.forEachCard(
            threads: threads, batchBytes: 8192, transform: { (seen(writer.written($0), $0.properties), false) }, asRead: keeping,
            diagnostics: { _ in }
        ) { value, wasOnlyChecked in
            checked.append(value)
            if wasOnlyChecked { onlyChecked += 1 } else { handedBack += 1 }
        }
        #expect(checked == full)
        #expect(onlyChecked > 100)
        #expect(handedBack > 10)
        #expect(full.contains { $0.kept.count > 2 })
    }

    /// Values that need decoding (quoted-printable, a CHARSET) are checked without a string made
    /// when their property is not kept, and made when it is: the warnings and the values are
    /// those of a parse in full, in every version.
    @Test(arguments: ["2.1", "3.0", "4.0"])
    func decodedValuesGiveWhatTheParseGives(version: String) throws {
        let lines: [[UInt8]] =
            [
                "NOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9",
                "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:bad =ZZ hex",
                "NOTE;ENCODING=QUOTED-PRINTABLE:=FF=FE not UTF-8",
                "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:=FF not UTF-8 as named",
                "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:caf=E9",
                "NOTE;ENCODING=QUOTED-PRINTABLE:soft=\r\nbreak",
                "NOTE;ENCODING=QUOTED-PRINTABLE:back\\qslash",
                "NOTE;CHARSET=UTF-8:plain, named",
                "NOTE;CHARSET=X-UNKNOWN:unknown charset",
                "NOTE;ENCODING=X-ODD:unknown encoding",
            ].map { Array($0.utf8) } + [
                Array("NOTE;CHARSET=us-ascii:".utf8) + [0xFF],
                Array("NOTE;ENCODING=QUOTED-PRINTABLE:".utf8) + [0xC3, 0xA9],
                Array("NOTE:".utf8) + [0xC3],
            ]
        let crlf = Array("\r\n".utf8)
        var bytes: [UInt8] = []
        for line in lines {
            bytes += Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:A\r\n".utf8) + line + crlf + Array("END:VCARD\r\n".utf8)
        }
        #expect(try Self.expectSameBothWays(bytes, threads: 1) == lines.count)
        var full: [[String]] = [], kept: [[String]] = []
        var reader = VCardReader(bytes: bytes)
        try reader.forEachCard(threads: 1, transform: { $0.properties(named: "NOTE").map(\.value) }, diagnostics: { _ in }) { full.append($0) }
        reader = VCardReader(bytes: bytes)
        let notes = VCardReader.AsRead<[String]>(keeping: ["NOTE"]) { $0.properties.map(\.value) }
        try reader.forEachCard(threads: 1, transform: { _ in [] }, asRead: notes, diagnostics: { _ in }) { kept.append($0) }
        #expect(kept == full)
        #expect(full.first == ["café"])
    }

    @Test func strictModeStopsAtTheSameCard() throws {
        let clean = Array(card("4.0", "NOTE:fine").utf8)
        let broken = Array(card("4.0", "NOTE;BROKEN").utf8)
        for asRead in [false, true] {
            var reader = VCardReader(bytes: clean + clean + broken, options: ParseOptions(mode: .strict))
            var seen = 0
            let onlyChecking = asRead ? VCardReader.AsRead { _ in 1 } : nil
            let error = #expect(throws: ParseError.self) {
                try reader.forEachCard(threads: 2, transform: { _ in 0 }, asRead: onlyChecking, diagnostics: { _ in }) { seen += 1 + $0 }
            }
            #expect(seen == (asRead ? 4 : 2))
            #expect(error?.position.line == 14)
        }
    }
}
