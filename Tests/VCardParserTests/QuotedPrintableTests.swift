import Testing
@testable import VCardParser

/// `QuotedPrintable.encode` writes into room it works out beforehand; for any bytes, any room
/// the line's head took and any line end, what it writes must decode back to the bytes, keep
/// every physical line within 76 octets, and never start one with a space or `:VCARD`.
@Suite struct QuotedPrintableTests {
    @Test func encodedTextDecodesBackWithinTheLineLength() {
        var random = SplitMix(seed: 20_261_201)
        let pieces: [[UInt8]] = [Array(" ".utf8), Array(":vcard".utf8), Array(":VCARD".utf8), Array("=".utf8), [0xC3, 0xA9], [0x0D, 0x0A], [0xFF], Array("plain text".utf8)]
        for ending in [[UInt8.cr, .lf], [.lf], [.cr], [.cr, .cr, .lf]] {
            for _ in 0..<250 {
                var bytes: [UInt8] = []
                for _ in 0..<Int(random.next() % 60) {
                    bytes += random.next() % 3 == 0 ? [UInt8(truncatingIfNeeded: random.next())] : pieces[Int(random.next() % UInt64(pieces.count))]
                }
                let used = Int(random.next() % 120)
                var encoded: [UInt8] = []
                bytes.withUnsafeBufferPointer { QuotedPrintable.encode($0, firstLineUsed: used, lineEnding: ending, appendingTo: &encoded) }
                var malformed = false
                var decoded: [UInt8] = [0x3D]  // what it held is replaced
                encoded.withUnsafeBufferPointer { QuotedPrintable.decode($0, into: &decoded, malformed: &malformed) }
                #expect(decoded == bytes && !malformed, "\(bytes) after \(used)")
                let lines = split(encoded, at: ending)
                for (index, line) in lines.enumerated() {
                    #expect((index == 0 ? used : 0) + line.count <= 76 || (index == 0 && line.count <= 1), "\(bytes) after \(used)")
                    // The first line goes on after the head: only a line of its own may not open with a space.
                    #expect(index == 0 && used > 0 || line.first != .space, "\(bytes) after \(used)")
                    #expect(!(line.count >= 6 && ASCII.equals(line.prefix(6), lowercased: ":vcard")), "\(bytes) after \(used)")
                    #expect(line.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
                }
            }
        }
    }

    /// `decode` against a plain decoder written from RFC 2045 §6.7 as vCard 2.1 uses it, over
    /// runs of every length around a block of sixteen, escapes, soft breaks, malformed and
    /// trailing `=` signs, lower-case hex and bytes beyond ASCII.
    @Test func decodesAsAByteAtATimeDecoder() {
        func reference(_ bytes: [UInt8]) -> (bytes: [UInt8], malformed: Bool) {
            var out: [UInt8] = [], malformed = false, i = 0
            func hex(_ b: UInt8) -> UInt8? { UInt8(String(UnicodeScalar(b)), radix: 16) }
            while i < bytes.count {
                let b = bytes[i]
                if b != .equals {
                    out.append(b)
                    i += 1
                } else if i + 2 < bytes.count, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
                    out.append(hi << 4 | lo)
                    i += 3
                } else if i + 1 < bytes.count, bytes[i + 1] == .cr || bytes[i + 1] == .lf {
                    i += 1
                    while i < bytes.count, bytes[i] == .cr || bytes[i] == .lf { i += 1 }
                } else if i + 1 == bytes.count {
                    i += 1
                } else {
                    malformed = true
                    out.append(b)
                    i += 1
                }
            }
            return (out, malformed)
        }
        var random = SplitMix(seed: 20_261_206)
        let pieces: [[UInt8]] = [
            Array("=C3=A9".utf8), Array("=c3=a9".utf8), Array("=\r\n".utf8), Array("=\n".utf8), Array("=".utf8), Array("=G1".utf8),
            Array("=4".utf8), [0xC3, 0xA9], [0xFF], Array("x".utf8), Array(String(repeating: "y", count: 15).utf8),
            Array(String(repeating: "z", count: 16).utf8), Array(String(repeating: "w", count: 33).utf8),
        ]
        var malformedSeen = 0
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = reference(bytes)
            var malformed = false
            var decoded: [UInt8] = Array("left from before".utf8)
            bytes.withUnsafeBufferPointer { QuotedPrintable.decode($0, into: &decoded, malformed: &malformed) }
            #expect(decoded == expected.bytes && malformed == expected.malformed, "\(bytes)")
            if malformed { malformedSeen += 1 }
        }
        #expect(malformedSeen > 500)
    }

    /// A space that would open a physical line (the first, with no head before it, or the one
    /// after a soft break) is written as `=20`: some readers take a line opening with a space for
    /// a fold.
    @Test(arguments: [0, 1, 74, 75])
    func aSpaceThatWouldOpenALineIsEncoded(used: Int) {
        let bytes = Array(String(repeating: " ", count: 100).utf8)
        var encoded: [UInt8] = []
        bytes.withUnsafeBufferPointer { QuotedPrintable.encode($0, firstLineUsed: used, lineEnding: [.cr, .lf], appendingTo: &encoded) }
        let lines = split(encoded, at: [.cr, .lf])
        #expect(lines.count > 1)
        for (index, line) in lines.enumerated() where index > 0 || used == 0 {
            #expect(line.first != .space, "line \(index) after \(used)")
        }
    }

    /// The physical lines of `text`, cut at each `ending`.
    private func split(_ text: [UInt8], at ending: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var i = 0
        while i < text.count {
            if text[i...].starts(with: ending) {
                lines.append([])
                i += ending.count
            } else {
                lines[lines.count - 1].append(text[i])
                i += 1
            }
        }
        return lines
    }
}
