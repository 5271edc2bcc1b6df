/// Folds a content line at 75 octets (RFC 6350 §3.2) without splitting a UTF-8 sequence.
enum Folding {
    static let limit = 75

    static func appendFolded(_ line: [UInt8], to out: inout [UInt8], lineEnding: [UInt8]) {
        var start = 0
        var width = limit
        while line.count - start > width {
            var cut = start + width
            // Back up to the first byte of a UTF-8 sequence.
            while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: lineEnding)
            out.append(.space)
            start = cut
            width = limit - 1
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: lineEnding)
    }
}
