import Testing
@testable import VCardParser

/// `ByteSearch.first` looks at eight bytes at a time; it must find what a byte-by-byte search
/// finds, wherever the bytes fall in a word and whatever bytes surround them.
@Suite struct ByteSearchTests {
    @Test func findsTheFirstOfSeveralAtEveryPosition() {
        for length in 0...40 {
            for first in 0..<max(length, 1) where first < length {
                for later in [first, first + 1, first + 7, first + 8, length - 1] where later >= first && later < length {
                    var bytes = Array(repeating: UInt8(ascii: ";") &+ 1, count: length)  // '<', next to ';'
                    bytes[later] = .colon
                    bytes[first] = .semicolon
                    let found = bytes.withUnsafeBufferPointer { ByteSearch.first(.colon, .semicolon, .period, in: $0, from: 0, to: length) }
                    #expect(found == first, "length \(length), ';' at \(first), ':' at \(later)")
                }
            }
            let none = Array(repeating: UInt8(0xBB), count: length)
            #expect(none.withUnsafeBufferPointer { ByteSearch.first(.colon, .semicolon, .period, in: $0, from: 0, to: length) } == nil)
        }
    }

    /// Against a plain search, over random bytes (the high ones included, where a borrow across
    /// bytes could mislead the word test), from random starts to random ends.
    @Test func agreesWithAPlainSearch() {
        var random = SplitMix(seed: 20_261_203)
        let alphabet: [UInt8] = [.colon, .semicolon, .quote, .equals, 0x00, 0x01, 0x3A &+ 0x80, 0xFF, 0x39, 0x3B &+ 1, UInt8(ascii: "a")]
        var found = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let from = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let to = from + Int(random.next() % UInt64(bytes.count - from + 1))
            let expected = bytes[from..<to].firstIndex { $0 == .colon || $0 == .quote || $0 == .equals }
            let result = bytes.withUnsafeBufferPointer { ByteSearch.first(.colon, .quote, .equals, in: $0, from: from, to: to) }
            #expect(result == expected, "\(bytes) \(from)..<\(to)")
            if expected != nil { found += 1 }
        }
        #expect(found > 5_000)
    }

    /// `firstLineBreak` flags every byte below 0x0E and steps over those that are not CR or LF:
    /// against a plain search, over random bytes rich in tabs and other control bytes, bytes
    /// just above the flagged range and high bytes, at every alignment.
    @Test func lineBreakAgreesWithAPlainSearch() {
        var random = SplitMix(seed: 20_261_201)
        let alphabet: [UInt8] = [.lf, .cr, .tab, 0x00, 0x0B, 0x0C, 0x0E, 0x0F, 0x8D, 0x8A, 0xFF, .space, UInt8(ascii: "a")]
        var found = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let from = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let to = from + Int(random.next() % UInt64(bytes.count - from + 1))
            let expected = bytes[from..<to].firstIndex { $0 == .lf || $0 == .cr }
            let result = bytes.withUnsafeBufferPointer { ByteSearch.firstLineBreak(in: $0, from: from, to: to) }
            #expect(result == expected, "\(bytes) \(from)..<\(to)")
            if expected != nil { found += 1 }
        }
        #expect(found > 5_000)
    }
}
