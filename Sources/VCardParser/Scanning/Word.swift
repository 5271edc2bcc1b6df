/// Tests on eight bytes at once, in one 64-bit word: each sets the top bit of every byte it holds
/// for. They need ASCII bytes (below 0x80, checked with ``highs``), so that no sum carries from one
/// byte into the next.
///
/// ```swift
/// let word = Word.load(bytes, at: 0)
/// let allLetters = word & Word.highs == 0 && Word.inRange(word | Word.ones &* 0x20, 0x61, 0x7A) == Word.highs
/// ```
enum Word {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset`, the first in the lowest bits whatever the machine's byte order.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes from `low` through `high`.
    @inline(__always)
    static func inRange(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
        (word &+ ones &* UInt64(128 - low)) & ~(word &+ ones &* UInt64(127 - high)) & highs
    }

    /// The bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & ~highs) &+ ~highs) | x) & highs
    }

    /// Non-zero when a byte is below 0x20 or is 0x7F (a control character); zero only when none
    /// is. It sets the top bit of a byte that gains one from `word &- 0x20…` (below 0x20) or
    /// `word &+ 1…` (0x7F). Unlike the tests above it takes any bytes: where the word holds 0xFF,
    /// a carry may also flag the byte after it, a false alarm, never a miss.
    @inline(__always)
    static func controls(_ word: UInt64) -> UInt64 {
        ((word &- ones &* 0x20) | (word &+ ones)) & ~word & highs
    }
}
