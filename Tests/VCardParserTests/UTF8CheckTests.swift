import Testing

@testable import VCardParser

/// `Charset.isWellFormedUTF8`, which steps over ASCII eight bytes at a time, answers what the
/// standard library's validation answers, wherever the bytes beyond ASCII fall in a word.
@Suite struct UTF8CheckTests {
    /// Text of ASCII and of sequences both well formed and not (truncated, overlong, surrogates,
    /// above U+10FFFF, stray continuation bytes), at every offset.
    static func randomText(_ rng: inout some RandomNumberGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xBF], [0xF8], [0xFF],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                bytes += pieces.randomElement(using: &rng)!
            } else {
                bytes += (0..<Int.random(in: 0...9, using: &rng)).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
            }
        }
        return bytes
    }

    @Test func answersWhatTheStandardLibraryAnswers() {
        var rng = SystemRandomNumberGenerator()
        var valid = 0
        for _ in 0..<30_000 {
            let bytes = Self.randomText(&rng)
            let expected = String(validating: bytes, as: UTF8.self) != nil
            if expected { valid += 1 }
            #expect(bytes.withUnsafeBufferPointer(Charset.isWellFormedUTF8) == expected, "\(bytes)")
        }
        #expect(valid > 3_000 && valid < 27_000)
    }

    /// One sequence at each offset of a run of ASCII: the bytes before it are stepped over, and
    /// what it is decides.
    @Test func aSequenceAnywhereInAWordDecides() {
        for offset in 0..<20 {
            for (sequence, isValid) in [([0xC3, 0xA9], true), ([0xC3], false), ([0xED, 0xA0, 0x80], false), ([0xF0, 0x9F, 0x98, 0x80], true)] as [([UInt8], Bool)] {
                let bytes = [UInt8](repeating: 0x61, count: offset) + sequence + [UInt8](repeating: 0x62, count: 20 - offset)
                #expect(bytes.withUnsafeBufferPointer(Charset.isWellFormedUTF8) == isValid, "\(offset) \(sequence)")
            }
        }
    }
}
