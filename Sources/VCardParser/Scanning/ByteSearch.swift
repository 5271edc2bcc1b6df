/// Finds the first of a few delimiter bytes, sixteen bytes at a time (``ByteBlock``), then eight
/// (``Word``): the loops that look for the `:`, `;` or `"` of a content line touch every byte of
/// its name and parameters, several times, and those that look for a line's end every byte.
///
/// ```swift
/// let line = Array("EMAIL;TYPE=work:ada@example.com".utf8)
/// line.withUnsafeBufferPointer { ByteSearch.first(.colon, .semicolon, .period, in: $0, from: 0, to: $0.count) }   // 5
/// ```
enum ByteSearch {
    /// The index of the first byte in `from..<to` equal to `a`, `b` or `c` (repeat one to look
    /// for two), or `nil`.
    @inline(__always)
    static func first(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        if let base = bytes.baseAddress {
            while i &+ ByteBlock.size <= end {
                let found = ByteBlock.equal(base + i, a) | ByteBlock.equal(base + i, b) | ByteBlock.equal(base + i, c)
                if found != 0 { return i &+ ByteBlock.offset(ofFirst: found) }
                i &+= ByteBlock.size
            }
            let ones = Word.ones, highs = Word.highs
            let ma = ones &* UInt64(a), mb = ones &* UInt64(b), mc = ones &* UInt64(c)
            while i &+ 8 <= end {
                let word = Word.load(bytes, at: i)
                let xa = word ^ ma, xb = word ^ mb, xc = word ^ mc
                // A byte of x is zero where the word holds the byte looked for. The lowest flag is
                // exact (a borrow can only flag bytes above a true match), so it is the first.
                let found = ((xa &- ones) & ~xa | (xb &- ones) & ~xb | (xc &- ones) & ~xc) & highs
                if found != 0 { return i &+ found.trailingZeroBitCount / 8 }
                i &+= 8
            }
        }
        while i < end {
            let x = bytes[i]
            if x == a || x == b || x == c { return i }
            i &+= 1
        }
        return nil
    }

    /// The index of the first LF or CR in `from..<to`, or `nil`: ``first(_:_:_:in:from:to:)``
    /// for the two. On the last bytes, fewer than a block, one test a word instead of two: it
    /// flags every byte below 0x0E (the lowest flag is exact); a flagged byte that is neither, a
    /// tab mostly, and rare in a line, is stepped over.
    @inline(__always)
    static func firstLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        if let base = bytes.baseAddress {
            while i &+ ByteBlock.size <= end {
                let found = ByteBlock.equal(base + i, .lf) | ByteBlock.equal(base + i, .cr)
                if found != 0 { return i &+ ByteBlock.offset(ofFirst: found) }
                i &+= ByteBlock.size
            }
            let ones = Word.ones, highs = Word.highs, below = ones &* 0x0E
            while i &+ 8 <= end {
                let word = Word.load(bytes, at: i)
                let found = (word &- below) & ~word & highs
                if found != 0 {
                    let at = i &+ found.trailingZeroBitCount / 8
                    if bytes[at] == .lf || bytes[at] == .cr { return at }
                    i = at &+ 1
                    continue
                }
                i &+= 8
            }
        }
        while i < end {
            if bytes[i] == .lf || bytes[i] == .cr { return i }
            i &+= 1
        }
        return nil
    }
}
