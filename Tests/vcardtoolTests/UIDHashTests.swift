import Testing

@testable import vcardtool

/// `UIDHash` files UIDs for `validate`'s duplicate check: its SipHash-1-3 must be the published
/// function, and two UIDs whose texts Swift finds equal must get one hash, whatever bytes spell
/// them.
@Suite struct UIDHashTests {
    /// SipHash-1-3 with the key 00 01 … 0f over the bytes 00 01 … (n - 1), as the reference
    /// implementation computes it (the same rounds as the published SipHash-2-4 vectors, one and
    /// three of them).
    @Test func sipHashIsThePublishedFunction() {
        let hash = UIDHash(key: (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908))
        let expected: [(Int, UInt64)] = [
            (0, 0xABAC_0158_050F_C4DC), (1, 0xC9F4_9BF3_7D57_CA93), (7, 0xD392_7D98_9BB1_1140), (8, 0x3690_9511_8D29_9A8E),
            (9, 0x25A4_8EB3_6C06_3DE4), (15, 0xD320_D86D_2A51_9956), (16, 0xCC4F_DD1A_7D90_8B66), (45, 0xC216_4BFC_9F04_2196),
        ]
        for (count, value) in expected {
            let bytes = (0..<count).map { UInt8($0) }
            #expect(bytes.withUnsafeBytes { hash.sipHash13($0) } == value, "\(count) bytes")
        }
        let uid = Array("urn:uuid:47EECAA6-D9C1-5991-AFD7-79ABE25B0920".utf8)
        #expect(uid.withUnsafeBytes { hash.sipHash13($0) } == 0x7897_DEA3_0A8F_50C3)
        #expect(hash(uid[...]) == Int(truncatingIfNeeded: 0x7897_DEA3_0A8F_50C3 as UInt64))
    }

    /// Texts built from pieces that each have several spellings (precomposed and decomposed
    /// letters, the three characters that decompose to ASCII, marks in either order), spelled
    /// twice at random: the two are equal strings, so their hashes must be equal, with a fresh
    /// key each time.
    @Test func equalTextsGetOneHash() {
        let pieces: [[String]] = [
            ["K", "\u{212A}"], [";", "\u{037E}"], ["`", "\u{1FEF}"], ["\u{E9}", "e\u{301}"], ["\u{C5}", "A\u{30A}", "\u{212B}"],
            ["q\u{323}\u{307}", "q\u{307}\u{323}"], ["urn:uuid:"], ["47EE-"], ["a"], ["Z"], ["0"], [" "], ["\u{1F600}"], ["\u{4E2D}"],
        ]
        var random = SystemRandomNumberGenerator()
        var sawASCIIWithSingletons = 0, sawString = 0
        for _ in 0..<2_000 {
            let hash = UIDHash()
            let chosen = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            let first = chosen.map { $0.randomElement(using: &random)! }.joined()
            let second = chosen.map { $0.randomElement(using: &random)! }.joined()
            #expect(first == second)
            #expect(hash(ArraySlice(first.utf8)) == hash(ArraySlice(second.utf8)), "\(first.unicodeScalars.map(\.value)) \(second.unicodeScalars.map(\.value))")
            if first.utf8.contains(where: { $0 >= 0x80 }) {
                if UIDHash.asciiSpelling(of: ArraySlice(first.utf8)) != nil { sawASCIIWithSingletons += 1 } else { sawString += 1 }
            }
        }
        #expect(sawASCIIWithSingletons > 50 && sawString > 50)  // both ways beyond ASCII were taken
    }

    /// Every scalar beyond ASCII that Swift finds equal, as a string, to an ASCII character is
    /// one of the three `asciiSpelling(of:)` knows: held to the Unicode data of the Swift this
    /// runs on, found by hash first (a scalar equal to a character hashes as it does).
    @Test func theThreeAreAllThatSwiftFindsEqualToASCII() {
        let ascii = Dictionary(uniqueKeysWithValues: (0..<128).map { (String(UnicodeScalar(UInt8($0))).hashValue, UInt8($0)) })
        var found: [UInt32: UInt8] = [:]
        for value in UInt32(0x80)...0x10_FFFF {
            guard let scalar = UnicodeScalar(value) else { continue }
            let text = String(scalar)
            if let byte = ascii[text.hashValue], text == String(UnicodeScalar(byte)) { found[value] = byte }
        }
        #expect(found == [0x037E: UInt8(ascii: ";"), 0x1FEF: UInt8(ascii: "`"), 0x212A: UInt8(ascii: "K")])
        for (value, byte) in found {
            #expect(UIDHash.asciiSpelling(of: ArraySlice(String(UnicodeScalar(value)!).utf8)) == [byte])
        }
    }

    @Test func onlyThreeCharactersSpellASCII() {
        #expect(UIDHash.asciiSpelling(of: ArraySlice("\u{212A}\u{037E}\u{1FEF}x".utf8)) == Array("K;`x".utf8))
        for text in ["\u{E9}", "\u{212B}", "K\u{301}", "\u{FF2B}", "\u{1D40A}"] {
            #expect(UIDHash.asciiSpelling(of: ArraySlice(text.utf8)) == nil, "\(text)")
        }
        // Bytes that are not UTF-8 stay beyond ASCII, as the string they decode to does.
        #expect(UIDHash.asciiSpelling(of: [0xE2, 0x84][...]) == nil)
        #expect(UIDHash.asciiSpelling(of: [0xE2, 0xE2, 0x84, 0xAA][...]) == nil)
    }

    @Test func theKeyChangesTheHash() {
        let uid = ArraySlice("urn:uuid:1".utf8)
        #expect(UIDHash(key: (1, 2))(uid) != UIDHash(key: (1, 3))(uid))
        #expect(UIDHash(key: (1, 2))(uid) == UIDHash(key: (1, 2))(uid))
    }
}
