import Foundation

/// Base64 for inline binary values (`ENCODING=b`, `ENCODING=BASE64`, `data:` URIs).
enum Base64 {
    /// Decodes, ignoring whitespace and line breaks left from folding; `nil` if it is not base64.
    ///
    /// The padding is made right first: some exporters drop it, and Android and BlackBerry
    /// write a `=` after data that needed none (`…/9k=` for 2232 characters).
    static func decode(_ text: Substring) -> [UInt8]? {
        var cleaned = text.utf8.filter { !($0 == .space || $0 == .tab || $0 == .cr || $0 == .lf) }
        while cleaned.last == .equals { cleaned.removeLast() }
        while cleaned.count % 4 != 0 { cleaned.append(.equals) }
        guard let data = Data(base64Encoded: Data(cleaned)) else { return nil }
        return [UInt8](data)
    }

    /// Whether ``decode(_:)`` would decode `bytes`, checked without decoding: only the base64
    /// alphabet and whitespace, `=` only at the end, and not one character too many for a
    /// whole byte (4n + 1 characters before the padding).
    ///
    /// With `breaksAllowed: false`, tabs and line breaks are not taken for whitespace: a value
    /// that passes is then printable ASCII, what the parser's ``ValueScan`` would find plain.
    @inline(never)
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, breaksAllowed: Bool = true) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return kinds.withUnsafeBufferPointer { kinds in
            var count = 0, padded = false
            var i = 0
            while i < bytes.count {
                // Sixty-four bytes at a time while all are data characters, the bulk of a photo:
                // one test of four vectors' lanes. The first other byte is found sixteen at a time.
                while !padded, i &+ 64 <= bytes.count, areAllData64(at: UnsafeRawPointer(base + i)) {
                    count &+= 64
                    i &+= 64
                }
                if i == bytes.count { break }
                // Sixteen bytes at a time: the data characters before the first other byte are
                // counted at once, and that byte is looked at alone.
                if !padded, i &+ 16 <= bytes.count {
                    let others = otherBytes(at: UnsafeRawPointer(base + i))
                    // All sixteen: a step by a constant, so that the next load need not wait for this test.
                    if others.low | others.high == 0 {
                        count &+= 16
                        i &+= 16
                        continue
                    }
                    let run = others.low != 0 ? others.low.trailingZeroBitCount >> 3 : 8 &+ others.high.trailingZeroBitCount >> 3
                    count &+= run
                    i &+= run
                }
                let byte = bytes[i]
                switch Kind(rawValue: kinds[Int(byte)]) {
                case .data where !padded: count += 1
                case .space where breaksAllowed || byte == .space: break
                case .padding: padded = true
                default: return false
                }
                i &+= 1
            }
            return count % 4 != 1
        }
    }

    /// Which of the sixteen bytes at `address` are not data characters, found for the sixteen
    /// at once: the top bit of each such byte's place, in the first eight (`low`) and the last.
    @inline(__always)
    private static func otherBytes(at address: UnsafeRawPointer) -> (low: UInt64, high: UInt64) {
        let halves = unsafeBitCast(otherLanes(at: address), to: (UInt64, UInt64).self)
        return (UInt64(littleEndian: halves.0) & 0x8080_8080_8080_8080, UInt64(littleEndian: halves.1) & 0x8080_8080_8080_8080)
    }

    /// Whether the sixty-four bytes at `address` are all data characters.
    @inline(__always)
    private static func areAllData64(at address: UnsafeRawPointer) -> Bool {
        let others = otherLanes(at: address) | otherLanes(at: address + 16) | otherLanes(at: address + 32) | otherLanes(at: address + 48)
        let halves = unsafeBitCast(others, to: (UInt64, UInt64).self)
        return (halves.0 | halves.1) & 0x8080_8080_8080_8080 == 0
    }

    /// The sixteen bytes at `address` as lanes whose top bit is set where the byte is not a data
    /// character (the other bits are of no meaning).
    @inline(__always)
    private static func otherLanes(at address: UnsafeRawPointer) -> SIMD16<UInt8> {
        let bytes = address.loadUnaligned(as: SIMD16<UInt8>.self)
        // A lane's top bit is set where its byte is neither a letter (in either case), nor `/`
        // or a digit, nor `+`: each range shifted to start at 0 and compared by wrapping sums.
        return atLeast((bytes | 0x20) &- 0x61, 26) & atLeast(bytes &- 0x2F, 11) & atLeast(bytes ^ 0x2B, 1)
    }

    /// Lanes whose top bit is set where the lane of `lanes` is at least `bound` (1...128): the
    /// sum passes 127 from `bound` up, and a lane of 128 or more has the bit already. Written
    /// with wrapping sums and ors, which compile to vector instructions; Swift's own lane
    /// comparisons are taken a lane at a time.
    @inline(__always)
    private static func atLeast(_ lanes: SIMD16<UInt8>, _ bound: UInt8) -> SIMD16<UInt8> {
        (lanes &+ (128 &- bound)) | lanes
    }

    /// What a byte is in base64 text.
    private enum Kind: UInt8 { case data, space, padding, invalid }

    /// The kind of each byte, by its value.
    private static let kinds: [UInt8] = (0...255).map { b in
        switch UInt8(b) {
        case .space, .tab, .cr, .lf: Kind.space.rawValue
        case .equals: Kind.padding.rawValue
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F: Kind.data.rawValue
        default: Kind.invalid.rawValue
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
