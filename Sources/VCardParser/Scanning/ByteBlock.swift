import ByteBlocks

/// Tests on sixteen bytes at once, in the processor's vector registers (`ByteBlocks.h`: SSE2 on
/// x86-64, NEON on ARM64): the searches that pass over every byte of a line, a block a step where
/// ``Word`` takes eight bytes. Each test gives a mask of the bytes it holds for
/// (``offset(ofFirst:)`` finds the first); masks OR together.
///
/// ```swift
/// let line = Array("NOTE:two lines\r\n and more".utf8)
/// line.withUnsafeBufferPointer { bytes in
///     let breaks = ByteBlock.equal(bytes.baseAddress!, .cr) | ByteBlock.equal(bytes.baseAddress!, .lf)
///     ByteBlock.offset(ofFirst: breaks)   // 14
/// }
/// ```
enum ByteBlock {
    /// The bytes a test reads: all must be readable.
    static let size = Int(BYTE_BLOCK_SIZE)

    /// The bytes at `block` equal to `byte`.
    @inline(__always)
    static func equal(_ block: UnsafePointer<UInt8>, _ byte: UInt8) -> UInt64 { byte_block_equal(block, byte) }

    /// The bytes at `block` below `bound` (above 0).
    @inline(__always)
    static func below(_ block: UnsafePointer<UInt8>, _ bound: UInt8) -> UInt64 { byte_block_below(block, bound) }

    /// The bytes at `block` below 0x20 (tab included) or 0x7F: the control characters, as
    /// ``Word/controls(_:)`` finds them a word at a time (here without its false alarms).
    @inline(__always)
    static func controls(_ block: UnsafePointer<UInt8>) -> UInt64 { below(block, 0x20) | equal(block, 0x7F) }

    /// The bytes at `block` above 0x7F.
    @inline(__always)
    static func high(_ block: UnsafePointer<UInt8>) -> UInt64 { byte_block_high(block) }

    /// The offset in its block of the first byte a (non-zero) mask holds.
    @inline(__always)
    static func offset(ofFirst mask: UInt64) -> Int { mask.trailingZeroBitCount / Int(BYTE_BLOCK_BITS_PER_BYTE) }

    /// The part of a mask that covers the block's first `count` bytes (fewer than ``size``).
    @inline(__always)
    static func first(_ count: Int, of mask: UInt64) -> UInt64 {
        mask & ~(~0 << UInt64(count &* Int(BYTE_BLOCK_BITS_PER_BYTE)))
    }
}
