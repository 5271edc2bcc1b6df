import Testing
@testable import VCardParser

/// `LineScanner.marker` compares eight bytes at once; it must know `BEGIN:VCARD` and `END:VCARD`
/// in every spelling of their letters' case, and nothing that differs from them in one byte.
@Suite struct MarkerTests {
    func marker(_ text: String) -> LineScanner.Marker {
        let bytes = Array((text + "\r\n").utf8)
        return bytes.withUnsafeBufferPointer { LineScanner.marker(of: PhysicalLine(start: 0, contentEnd: bytes.count - 2, end: bytes.count), in: $0) }
    }

    /// `text` with the letters whose bit is set in `mask` in upper case.
    func cased(_ text: String, _ mask: Int) -> String {
        String(text.enumerated().map { i, c in mask >> i & 1 == 1 ? Character(c.uppercased()) : c })
    }

    @Test func everyCaseOfTheMarkersIsOne() {
        for mask in 0..<(1 << 11) {
            #expect(marker(cased("begin:vcard", mask)) == .begin)
            #expect(marker("item1." + cased("begin:vcard", mask)) == .begin)
            #expect(marker("AGENT:" + cased("begin:vcard", mask)) == .nestedBegin)
        }
        for mask in 0..<(1 << 9) {
            #expect(marker(cased("end:vcard", mask)) == .end)
            #expect(marker("home." + cased("end:vcard", mask)) == .end)
        }
    }

    /// Each byte of each marker changed to its neighbours, and to the byte that differs by 0x20 (the
    /// bit that folds case), which for `:` is the control character 0x1A.
    @Test func aMarkerWithOneByteChangedIsNone() {
        for (text, prefix) in [("BEGIN:VCARD", ""), ("END:VCARD", ""), ("BEGIN:VCARD", "G."), ("END:VCARD", "G."), ("BEGIN:VCARD", "AGENT:")] {
            let bytes = Array(text.utf8)
            for i in bytes.indices {
                for changed in [bytes[i] &+ 1, bytes[i] &- 1, bytes[i] ^ 0x20] where changed.asciiUppercased != bytes[i] {
                    var spoilt = bytes
                    spoilt[i] = changed
                    let line = prefix + String(decoding: spoilt, as: UTF8.self)
                    #expect(marker(line) == .none, "\(line)")
                }
            }
        }
    }

    /// `marker` answers most lines from their first and last bytes; for every line of every
    /// fixture, and for markers with text, blanks or a byte-order mark around them, it must
    /// answer as the whole test does.
    @Test func theShortcutAnswersAsTheWholeTest() throws {
        var lines: [[UInt8]] = []
        for name in Fixtures.all {
            let bytes = try Fixtures.bytes(name)
            lines += bytes.split(omittingEmptySubsequences: false) { $0 == .lf || $0 == .cr }.map(Array.init)
        }
        for marker in ["BEGIN:VCARD", "end:vcard", "g.Begin:VCard", "AGENT:BEGIN:VCARD", "x.agent;a=b:begin:vcard"] {
            for (before, after) in [("", ""), ("", " "), ("", "\t "), ("", "x"), ("", ":junk"), ("\u{FEFF}", ""), (" ", ""), ("EMAIL:", "")] {
                lines.append(Array((before + marker + after).utf8))
            }
        }
        #expect(lines.count > 1000)
        for line in lines {
            let bytes = line + [.cr, .lf]
            let physical = PhysicalLine(start: 0, contentEnd: line.count, end: bytes.count)
            bytes.withUnsafeBufferPointer { bytes in
                #expect(
                    LineScanner.marker(of: physical, in: bytes) == LineScanner.markerOfPossibleLine(physical, in: bytes),
                    "\(String(decoding: line, as: UTF8.self))")
            }
        }
    }

    @Test func otherLinesAreNone() {
        for line in ["EMAIL:end@vcard.example", "NOTE:begin:vcards", "BDAY:1990-01-01", "X-A:B:vcard", "N:d", "TEL:+1 555 0100 end:vcard", "ENDVCARD:x"] {
            #expect(marker(line) == .none, "\(line)")
        }
    }
}
