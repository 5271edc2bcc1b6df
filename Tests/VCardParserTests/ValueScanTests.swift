import Testing
@testable import VCardParser

/// `ValueScan` tests eight bytes at a time; it must agree with a byte-by-byte reading wherever the
/// byte that matters falls in a word, and at every length.
@Suite struct ValueScanTests {
    @Test func findsABackslashAtEveryPositionAndLength() {
        for length in 1...40 {
            for position in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "["), count: length)  // 0x5B: one off the backslash
                bytes[position] = .backslash
                let scan = bytes.withUnsafeBufferPointer { ValueScan($0) }
                #expect(scan.hasBackslash, "length \(length), backslash at \(position)")
                #expect(scan.isUTF8)
            }
            let none = Array(repeating: UInt8(ascii: "]"), count: length)  // 0x5D
            #expect(!none.withUnsafeBufferPointer { ValueScan($0) }.hasBackslash, "length \(length)")
        }
    }

    /// Every byte below 0x20 and 0x7F, at every place and length, among bytes that come close
    /// (space, `~`, 0x80, 0xFF): the validator trusts `mayHoldControl == false` and looks no further.
    @Test func seesEveryControlByteAtEveryPositionAndLength() {
        let controls = Array(0..<UInt8(0x20)) + [0x7F]
        for filler: UInt8 in [0x20, 0x7E, 0x80, 0xFF] {
            for length in 1...20 {
                for position in 0..<length {
                    for control in controls {
                        var bytes = Array(repeating: filler, count: length)
                        bytes[position] = control
                        #expect(bytes.withUnsafeBufferPointer { ValueScan($0) }.mayHoldControl, "\(bytes)")
                    }
                }
                let none = Array(repeating: filler, count: length)
                if filler != 0xFF {  // a carry out of 0xFF may ask for a look; nothing else may
                    #expect(!none.withUnsafeBufferPointer { ValueScan($0) }.mayHoldControl, "\(none)")
                }
            }
        }
    }

    /// Against Swift's own UTF-8 validation and a plain search, over text with multi-byte
    /// characters and bytes that break them, at random lengths and places.
    @Test func agreesWithAByteByByteReading() {
        var random = SplitMix(seed: 20_261_202)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [.backslash], [0x80], [0xC3], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], Array("plain text ".utf8), [0x7F], [0x01], [.tab], [0x1F], [0xFF],
        ]
        var invalid = 0, withBackslash = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            let scan = bytes.withUnsafeBufferPointer { ValueScan($0) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect(scan.isUTF8 == valid, "\(bytes)")
            #expect(scan.hasBackslash == bytes.contains(.backslash), "\(bytes)")
            let control = bytes.contains { $0 < 0x20 || $0 == 0x7F }
            // No control byte is missed; a false alarm comes only from a carry out of 0xFF.
            #expect(scan.mayHoldControl == control || (!control && bytes.contains(0xFF)), "\(bytes)")
            if !valid { invalid += 1 }
            if scan.hasBackslash { withBackslash += 1 }
        }
        #expect(invalid > 1_000 && withBackslash > 1_000)  // both answers were put to the test
    }
}
