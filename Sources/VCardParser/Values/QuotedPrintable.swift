/// Quoted-printable (RFC 2045 §6.7) as vCard 2.1 uses it.
enum QuotedPrintable {
    /// Decodes `=XX` sequences and drops soft line breaks (`=` before a line end), into `out`,
    /// replacing what it held (its storage is reused: a parser keeps one buffer from value to
    /// value). A malformed `=` is kept literally and reported through `malformed`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], malformed: inout Bool) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            guard b == .equals else { out.append(b); i += 1; continue }
            if i + 2 < end, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            // Soft line break left in the value: "=" CRLF / "=" LF.
            if i + 1 < end, bytes[i + 1] == .cr || bytes[i + 1] == .lf {
                i += 1
                while i < end, bytes[i] == .cr || bytes[i] == .lf { i += 1 }
                continue
            }
            if i + 1 == end { i += 1; continue }  // trailing "=": a soft break at the very end
            malformed = true
            out.append(b)
            i += 1
        }
    }

    /// Appends the bytes encoded so that only printable ASCII remains, wrapping with soft line
    /// breaks so no physical line exceeds 76 octets; `firstLineUsed` is what the property name
    /// already took.
    ///
    /// The `:` of a `:VCARD` in the text is written as `=3A`: a soft break can put any text at the
    /// start of a physical line, and a line that reads `END:VCARD` (or `BEGIN:VCARD`, or ends in
    /// `:BEGIN:VCARD`) would end or open a card there. Every such marker has a `:VCARD`.
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, firstLineUsed: Int, lineEnding: [UInt8], appendingTo result: inout [UInt8]) {
        // At most three bytes out for each byte in, and a soft break (`=` and a line end) before
        // the first byte and then at most once per 73 bytes out (a break comes only when a line
        // already holds 73 or more).
        let breaks = 3 * bytes.count / 73 + 2
        let capacity = 3 * bytes.count + breaks * (1 + lineEnding.count)
        // Written in memory of the call's own, then appended: no array is made.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out in
            var n = 0
            func put(_ byte: UInt8) {
                out[n] = byte
                n &+= 1
            }
            var column = firstLineUsed
            for i in 0..<bytes.count {
                let b = bytes[i]
                // Most bytes: printable, not `=` or `:`, or a space inside a line, with room left
                // on the line; the rest of the loop decides the others.
                if column < 75, b &- 0x21 < 0x5E && b != .equals && b != .colon || b == .space && column > 0 {
                    put(b)
                    column += 1
                    continue
                }
                var literal = (b >= 0x21 && b <= 0x7E && b != .equals) || b == .space
                if b == .colon, i + 5 < bytes.count, ASCII.equals(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<(i + 6)]), lowercased: "vcard") {
                    literal = false
                }
                var width = literal ? 1 : 3
                if column + width > 75 {
                    put(.equals)
                    for byte in lineEnding { put(byte) }
                    column = 0
                }
                // A space opening the line after a soft break reads as folding to some readers
                // (ez-vcard drops it), so it is written as =20.
                if column == 0 && b == .space {
                    literal = false
                    width = 3
                }
                if literal {
                    put(b)
                } else {
                    put(.equals)
                    put(hexDigit(b >> 4))
                    put(hexDigit(b & 0xF))
                }
                column += width
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<n]))
        }
    }

    /// The upper-case hexadecimal digit of a value below 16.
    @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x37 &+ value
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
