import Testing
@testable import VCardParser

/// `ByteBlock`'s tests run in vector registers; each must flag exactly the bytes a plain test
/// flags, in every lane, for every byte value, and no bit of its mask beyond them.
@Suite struct ByteBlockTests {
    /// The mask a plain loop makes of `holds` over the block: ``ByteBlock/offset(ofFirst:)`` of
    /// each flagged lane is the lane.
    private func expected(_ block: [UInt8], _ holds: (UInt8) -> Bool) -> [Int] {
        block.indices.filter { holds(block[$0]) }
    }

    /// The lanes a mask flags, read back one at a time through ``ByteBlock/offset(ofFirst:)``
    /// and ``ByteBlock/first(_:of:)``.
    private func lanes(of mask: UInt64) -> [Int] {
        var lanes: [Int] = []
        var rest = mask
        while rest != 0 {
            let lane = ByteBlock.offset(ofFirst: rest)
            lanes.append(lane)
            #expect(ByteBlock.first(lane, of: rest) == 0)
            rest &= ~ByteBlock.first(lane + 1, of: rest)
        }
        return lanes
    }

    @Test func everyByteValueInEveryLane() {
        for filler: UInt8 in [0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, UInt8(ascii: "a")] {
            for lane in 0..<ByteBlock.size {
                for value in 0...UInt8.max {
                    var block = Array(repeating: filler, count: ByteBlock.size)
                    block[lane] = value
                    block.withUnsafeBufferPointer { bytes in
                        let p = bytes.baseAddress!
                        #expect(lanes(of: ByteBlock.equal(p, value)) == expected(block) { $0 == value })
                        #expect(lanes(of: ByteBlock.below(p, 0x20)) == expected(block) { $0 < 0x20 })
                        #expect(lanes(of: ByteBlock.below(p, 0x0E)) == expected(block) { $0 < 0x0E })
                        #expect(lanes(of: ByteBlock.high(p)) == expected(block) { $0 >= 0x80 })
                        #expect(lanes(of: ByteBlock.controls(p)) == expected(block) { $0 < 0x20 || $0 == 0x7F })
                    }
                }
            }
        }
    }

    /// Blocks read at every alignment, from random bytes: a test reads its sixteen bytes and no
    /// others, whatever the address.
    @Test func anyAlignment() {
        var random = SplitMix(seed: 20_261_206)
        let bytes = (0..<(ByteBlock.size * 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.withUnsafeBufferPointer { all in
            for start in 0...(all.count - ByteBlock.size) {
                let block = Array(all[start..<(start + ByteBlock.size)])
                let p = all.baseAddress! + start
                #expect(lanes(of: ByteBlock.equal(p, block[5])) == expected(block) { $0 == block[5] })
                #expect(lanes(of: ByteBlock.below(p, 0x41)) == expected(block) { $0 < 0x41 })
                #expect(lanes(of: ByteBlock.high(p)) == expected(block) { $0 >= 0x80 })
            }
        }
    }
}
