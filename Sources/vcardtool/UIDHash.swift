/// The hash ``UIDRegistry`` files a UID under: equal for two UIDs whose texts are equal as Swift
/// compares strings (canonically equivalent), and keyed with a secret drawn from the process's
/// hashing seed, so that no input can be written to make UIDs collide.
///
/// Nearly every UID is ASCII, and is hashed from its bytes with SipHash-1-3, the function
/// `Hasher` uses, without `Hasher`'s buffering. A UID whose text is an ASCII text in another
/// spelling, which only three characters can make (``asciiSpelling(of:)``), is hashed as that
/// text; any other UID beyond ASCII can equal no ASCII one, and is hashed as a `String`.
///
/// ```swift
/// let hash = UIDHash()
/// hash(ArraySlice("Kelvin".utf8)) == hash(ArraySlice("\u{212A}elvin".utf8))   // true
/// ```
struct UIDHash {
    private let key: (UInt64, UInt64)

    /// A hash keyed from `Hasher`'s per-process seed (fixed, as `Hasher`'s is, when
    /// `SWIFT_DETERMINISTIC_HASHING` is set).
    init() {
        var low = Hasher(), high = Hasher()
        low.combine(0x5549_442D_6B65_792D as UInt64)
        high.combine(0x5549_442D_6B65_792E as UInt64)
        key = (UInt64(UInt(bitPattern: low.finalize())), UInt64(UInt(bitPattern: high.finalize())))
    }

    /// A hash with `key`, for tests against SipHash's published function.
    init(key: (UInt64, UInt64)) {
        self.key = key
    }

    func callAsFunction(_ uid: ArraySlice<UInt8>) -> Int {
        // One or over all bytes, which the compiler does many at a time.
        if uid.withUnsafeBufferPointer({ $0.reduce(0, |) }) < 0x80 {
            return Int(truncatingIfNeeded: uid.withUnsafeBytes { sipHash13($0) })
        }
        if let ascii = Self.asciiSpelling(of: uid) {
            return Int(truncatingIfNeeded: ascii.withUnsafeBytes { sipHash13($0) })
        }
        return String(decoding: uid, as: UTF8.self).hashValue
    }

    /// The ASCII text that `uid` (UTF-8, not all ASCII) is canonically equivalent to, if any.
    /// Only three characters decompose to ASCII: GREEK QUESTION MARK to `;`, GREEK VARIA to
    /// `` ` `` and KELVIN SIGN to `K`; a text holding any other character beyond ASCII is
    /// equivalent to no ASCII text. Those three are looked for as their whole UTF-8 sequences,
    /// each starting with a byte that cannot continue another sequence.
    static func asciiSpelling(of uid: ArraySlice<UInt8>) -> [UInt8]? {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(uid.count)
        var i = uid.startIndex
        while i < uid.endIndex {
            let byte = uid[i]
            if byte < 0x80 {
                ascii.append(byte)
                i += 1
            } else if let singleton = singletons.first(where: { uid[i...].starts(with: $0.sequence) }) {
                ascii.append(singleton.equivalent)
                i += singleton.sequence.count
            } else {
                return nil
            }
        }
        return ascii
    }

    private static let singletons: [(sequence: [UInt8], equivalent: UInt8)] = [
        (Array("\u{037E}".utf8), UInt8(ascii: ";")), (Array("\u{1FEF}".utf8), UInt8(ascii: "`")), (Array("\u{212A}".utf8), UInt8(ascii: "K")),
    ]

    /// SipHash-1-3 of `bytes` with ``key``: one round a word of eight bytes, three to finish.
    func sipHash13(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var v0 = key.0 ^ 0x736F_6D65_7073_6575, v1 = key.1 ^ 0x646F_7261_6E64_6F6D
        var v2 = key.0 ^ 0x6C79_6765_6E65_7261, v3 = key.1 ^ 0x7465_6462_7974_6573
        func round() {
            v0 &+= v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
            v2 &+= v3; v3 = v3.rotatedLeft(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotatedLeft(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
        }
        var i = 0
        while i &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            v3 ^= word
            round()
            v0 ^= word
            i &+= 8
        }
        // The last bytes, and the length's low byte on top.
        var last = UInt64(truncatingIfNeeded: bytes.count) << 56
        for (shift, byte) in bytes[i...].enumerated() { last |= UInt64(byte) &<< (8 * UInt64(shift)) }
        v3 ^= last
        round()
        v0 ^= last
        v2 ^= 0xFF
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { self &<< count | self &>> (64 &- count) }
}
