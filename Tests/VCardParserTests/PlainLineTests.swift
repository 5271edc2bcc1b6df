import Testing
@testable import VCardParser

/// `PlainLine` reads a line in one pass instead of the parser's four (`LogicalLine`, `ContentLine`,
/// the names' spelling and `ValueScan`). Wherever it takes a line, it must find what they find:
/// checked on lines built from the pieces real and hostile input is made of, at random.
@Suite struct PlainLineTests {
    @Test func takesTheCommonShapes() {
        for text in [
            "TEL;TYPE=work:+1 555 0100\r\nEND:VCARD\r\n", "item1.EMAIL;type=INTERNET;type=pref:a@b.c\nX:y\n",
            "NOTE:caf\u{E9} \\, done\r\n", "TEL;VALUE=uri;TYPE=\"voice,home\":tel:+1\r\nN:a\r\n", "FN:\r\n\r\n", "X-A:b\tc\r\nno colon\r\n",
        ] {
            #expect(read(Array(text.utf8)) != nil, "\(text)")
        }
        #expect(read(Array("TEL;TYPE=work:+1 555 0100\r\nEND:VCARD\r\n".utf8))?.parts.value == 14..<25)  // the doc's example
    }

    @Test func leavesTheOthersToTheFullReading() {
        for text in [
            "NOTE:a\r\n b\r\n", "NOTE:a=\r\nb:c\r\n", "NOTE:a\\\r\nb\r\n", "BEGIN:VCARD\r\n", "END:VCARD\r\n", "AGENT:BEGIN:VCARD\r\n",
            "AGENT:\r\nBEGIN:VCARD\r\n", "a.b.NOTE:x\r\n", "X_Y:z\r\n", ".NOTE:x\r\n", "NOTE:a\rb:c\r\n", "NOTE:a\r\r\nb:c\r\n",
            "NOTE:no line end", "X;A=\"b:c\r\n", "TEL;ENCODING=b:x\r\nno colon\r\n", "TEL;A=b:x\r\n\r\n", "#comment:x\r\n", ":x\r\n",
        ] {
            #expect(read(Array(text.utf8)) == nil, "\(text)")
        }
    }

    /// Lines of names, groups, parameters, quotes, values (ASCII, UTF-8, broken UTF-8, controls,
    /// backslashes, a last `=` or `\`), line ends of every kind and the line after: where
    /// `PlainLine` takes one, the full reading reads it alike, and it takes most plain ones.
    @Test func agreesWithTheFullReading() {
        var random = SplitMix(seed: 20_261_205)
        let names = ["TEL", "item1.EMAIL", "N", "X-ABLabel", "a.b.c", "X_Y", "", ".N", "N.", "BEGIN", "END", "AGENT", "x.AGENT", "9", "É", "#X"]
        let parameters = [
            "", ";TYPE=work", ";type=INTERNET;type=pref", ";TYPE=\"voice,home\"", ";X=\"a:b;c\"", ";X=\"open", ";ENCODING=QUOTED-PRINTABLE",
            ";BASE64", ";CHARSET=UTF-8", ";;", ";WORK", ";A=b:c", ";\u{E9}=1", ";X=\"\"",
        ]
        let valuePieces: [[UInt8]] = [
            Array("text".utf8), Array(" ".utf8), Array("caf\u{E9}".utf8), Array("\u{1F600}".utf8), [.backslash], [.backslash, .comma],
            [0xC3], [0xFF, 0x7E], [.tab], [0x01], [0x7F], Array("BEGIN:VCARD".utf8), [.colon], [.semicolon], [.quote], [.equals],
            Array("0123456789abcdef".utf8),
        ]
        let lineEnds: [[UInt8]] = [[.cr, .lf], [.lf], [.cr], [.cr, .cr, .lf], []]
        let nextLines = ["", "END:VCARD\r\n", " folded\r\n", "\tfolded\r\n", "\r\n", "\n", "#x\r\n", "NOTE:y\r\n", "no colon\r\n", "BEGIN:VCARD\r\n", "=3D\r\n"]
        var taken = 0
        for _ in 0..<60_000 {
            var bytes = Array(names[Int(random.next() % UInt64(names.count))].utf8)
            bytes += Array(parameters[Int(random.next() % UInt64(parameters.count))].utf8)
            if random.next() % 16 != 0 { bytes.append(.colon) }
            for _ in 0..<Int(random.next() % 6) { bytes += valuePieces[Int(random.next() % UInt64(valuePieces.count))] }
            bytes += lineEnds[Int(random.next() % UInt64(lineEnds.count))]
            bytes += Array(nextLines[Int(random.next() % UInt64(nextLines.count))].utf8)
            guard let plain = read(bytes) else { continue }
            taken += 1
            bytes.withUnsafeBufferPointer { expectFullReading($0, agreesWith: plain) }
        }
        #expect(taken > 10_000, "only \(taken) lines taken")
    }

    /// At the start of every line of every fixture (real exporters' shapes, and broken ones):
    /// where `PlainLine` takes the line, the full reading agrees (it takes hundreds of them).
    @Test func agreesWithTheFullReadingOnEveryFixtureLine() throws {
        var taken = 0
        for name in Fixtures.all {
            let bytes = try Fixtures.bytes(name)
            try #require(!bytes.isEmpty, "\(name)")
            bytes.withUnsafeBufferPointer { buffer in
                for start in buffer.indices where start == 0 || buffer[start - 1] == .lf || buffer[start - 1] == .cr {
                    guard let plain = PlainLine.read(buffer, from: start, end: buffer.count) else { continue }
                    taken += 1
                    expectFullReading(UnsafeBufferPointer(rebasing: buffer[start...]), agreesWith: plain.shifted(by: -start))
                }
            }
        }
        #expect(taken > 400, "only \(taken) fixture lines taken")
    }

    private func read(_ bytes: [UInt8]) -> PlainLine? {
        bytes.withUnsafeBufferPointer { PlainLine.read($0, from: 0, end: $0.count) }
    }

    private func expectFullReading(_ bytes: UnsafeBufferPointer<UInt8>, agreesWith plain: PlainLine) {
        let text = String(decoding: bytes, as: UTF8.self).debugDescription
        var unfolded: [UInt8] = []
        guard let line = LogicalLine.read(bytes, from: 0, end: bytes.count, line: 1, unfolded: &unfolded) else {
            Issue.record("no line read from \(text)")
            return
        }
        #expect(line.raw == plain.physical.start..<plain.physical.end, "\(text)")
        #expect(line.content == plain.physical.start..<plain.physical.contentEnd, "\(text)")
        #expect(!line.isFolded && line.physicalLineCount == 1 && line.marker == .none, "\(text)")
        #expect(!LineScanner.isEmptyAgent(plain.physical, in: bytes), "\(text)")
        guard let parts = ContentLine.split(bytes, line.content) else {
            Issue.record("no parts split from \(text)")
            return
        }
        #expect(parts.group == plain.parts.group && parts.name == plain.parts.name, "\(text)")
        #expect(parts.parameterSection == plain.parts.parameterSection && parts.value == plain.parts.value, "\(text)")
        #expect(!parts.unterminatedQuote && !plain.parts.unterminatedQuote, "\(text)")
        let names = [parts.name] + (parts.group.map { [$0] } ?? [])
        #expect(names.allSatisfy { !$0.isEmpty && bytes[$0].allSatisfy(\.isNameByte) }, "names of \(text)")
        let scan = ValueScan(UnsafeBufferPointer(rebasing: bytes[parts.value]))
        #expect(scan.isUTF8 == plain.value.isUTF8 && scan.hasBackslash == plain.value.hasBackslash, "\(text)")
        // ValueScan may ask for a look after 0xFF (a carry): never where the value is UTF-8.
        #expect(scan.mayHoldControl == plain.value.mayHoldControl || !scan.isUTF8, "\(text)")
    }
}

extension PlainLine {
    /// The same line with every offset moved by `delta`: read in a whole file, compared in the
    /// bytes from its start.
    fileprivate func shifted(by delta: Int) -> PlainLine {
        func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }
        var line = self
        line.physical = PhysicalLine(start: physical.start + delta, contentEnd: physical.contentEnd + delta, end: physical.end + delta)
        line.parts.group = parts.group.map(move)
        line.parts.name = move(parts.name)
        line.parts.parameterSection = move(parts.parameterSection)
        line.parts.value = move(parts.value)
        return line
    }
}
