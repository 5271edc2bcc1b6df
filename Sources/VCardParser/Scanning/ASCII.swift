/// Byte constants and ASCII helpers for the byte-level scanner.
extension UInt8 {
    static var lf: UInt8 { 0x0A }
    static var cr: UInt8 { 0x0D }
    static var space: UInt8 { 0x20 }
    static var tab: UInt8 { 0x09 }
    static var colon: UInt8 { 0x3A }
    static var semicolon: UInt8 { 0x3B }
    static var comma: UInt8 { 0x2C }
    static var equals: UInt8 { 0x3D }
    static var quote: UInt8 { 0x22 }
    static var backslash: UInt8 { 0x5C }
    static var period: UInt8 { 0x2E }
    static var caret: UInt8 { 0x5E }

    /// Folds `A`–`Z` to lower case and leaves every other byte alone (`-` must stay `-`).
    @inline(__always) var asciiLowercased: UInt8 {
        (self &- 0x41) < 26 ? self | 0x20 : self
    }

    @inline(__always) var isFoldingWhitespace: Bool { self == .space || self == .tab }

    @inline(__always) var isASCIIDigit: Bool { (self &- 0x30) < 10 }

    /// `A`–`Z` or `a`–`z`.
    @inline(__always) var isASCIILetter: Bool { ((self | 0x20) &- 0x61) < 26 }
}

enum ASCII {
    /// Whether `bytes` starts with `prefix` (given in lower case), ignoring ASCII case.
    @inline(__always)
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, lowercased prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let p = prefix.utf8Start
        for i in 0..<count where bytes[start + i].asciiLowercased != p[i] { return false }
        return true
    }

    /// Whether the bytes equal `word` (given in lower case), ignoring ASCII case.
    static func equals<C: Collection<UInt8>>(_ bytes: C, lowercased word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let p = word.utf8Start
        var i = 0
        for b in bytes {
            if b.asciiLowercased != p[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether any byte is an ASCII lower-case letter.
    @inline(__always)
    static func hasLowercase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 &- 0x61 < 26 }
    }

    /// Whether the bytes spell `TYPE`, in any case: the parameter name of most lines, tested
    /// as one 32-bit word.
    @inline(__always)
    static func isType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 4 else { return false }
        let word = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(as: UInt32.self)
        // A byte with 0x20 set equals a lower-case letter only when it was that letter in
        // either case (0x54 or 0x74 gives 0x74, `t`): `t`, `y`, `p`, `e`, first in the low bits.
        return UInt32(littleEndian: word) | 0x2020_2020 == 0x6570_7974
    }

    /// Case-insensitive comparison of two ASCII strings without allocating.
    static func caseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
        var x = a, y = b
        return x.withUTF8 { p in y.withUTF8 { q in caseInsensitiveEquals(p, q) } }
    }

    /// Whether the bytes are equal but for the case of ASCII letters. Inlined: names are
    /// compared so on every line looked up in place.
    @inline(__always)
    static func caseInsensitiveEquals(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool {
        guard p.count == q.count else { return false }
        for i in 0..<p.count where p[i] != q[i] && p[i].asciiLowercased != q[i].asciiLowercased { return false }
        return true
    }

    /// Hashes `s` so that strings equal under ``caseInsensitiveEquals(_:_:)`` hash alike.
    static func hashCaseInsensitive(_ s: String, into hasher: inout Hasher) {
        for b in s.utf8 { hasher.combine(b.asciiLowercased) }
        hasher.combine(s.utf8.count)
    }

    /// Upper-cases `a`–`z` only.
    static func uppercased(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { return s }
        return mapped(s) { ($0 &- 0x61) < 26 ? $0 - 0x20 : $0 }
    }

    /// Lower-cases `A`–`Z` only.
    static func lowercased(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return s }
        return mapped(s) { $0.asciiLowercased }
    }

    /// The text of `bytes` with `A`–`Z` lower-cased, made in one pass (a short one, as most
    /// parameter values are, without an allocation); invalid UTF-8 is repaired as
    /// `String(decoding:as:)` repairs it.
    static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            for i in 0..<bytes.count { out[i] = bytes[i].asciiLowercased }
            return bytes.count
        }
    }

    /// `s` with each byte passed through `transform`, written straight into the new string: a
    /// short one (15 bytes or less, as most names are) then takes no allocation at all, where
    /// mapping its bytes to an array first took one.
    private static func mapped(_ s: String, _ transform: (UInt8) -> UInt8) -> String {
        String(unsafeUninitializedCapacity: s.utf8.count) { out in
            var i = 0
            for byte in s.utf8 {
                out[i] = transform(byte)
                i += 1
            }
            return i
        }
    }
}
