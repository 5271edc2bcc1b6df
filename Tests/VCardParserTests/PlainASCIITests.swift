import Testing

@testable import VCardParser

/// `PlainASCII`'s word-at-a-time tests give what a byte-by-byte reading gives.
@Suite struct PlainASCIITests {
    /// Random bytes rich in the edges: controls, 0x7E/0x7F, backslashes, letters, high bytes.
    static func randomBytes(_ rng: inout some RandomNumberGenerator) -> [UInt8] {
        let edges: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x40, 0x41, 0x5A, 0x5B, 0x5C, 0x60, 0x61, 0x7A, 0x7E, 0x7F, 0x80, 0xC1, 0xE1, 0xFF]
        return (0..<Int.random(in: 0...40, using: &rng)).map { _ in
            Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : UInt8.random(in: 0x20...0x7E, using: &rng)
        }
    }

    /// Printable bytes, half the time with one edge byte (or a backslash) put in anywhere: whole
    /// words pass, and the one bad byte is found wherever it is.
    static func mostlyPrintable(_ rng: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
        if Bool.random(using: &rng), !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = randomBytes(&rng).first ?? 0x5C }
        return bytes
    }

    @Test func printableWithoutBackslashAgreesWithAPlainTest() {
        var rng = SystemRandomNumberGenerator()
        var printable = 0
        for _ in 0..<20_000 {
            let bytes = Self.mostlyPrintable(&rng)
            let expected = bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x5C }
            if expected { printable += 1 }
            #expect(bytes.withUnsafeBufferPointer(PlainASCII.isPrintableWithoutBackslash) == expected, "\(bytes)")
        }
        #expect(printable > 1000)
    }

    /// The one-pass digest of a card's value is the digest of a printable value and `nil` for
    /// any other, wherever the byte that spoils it is.
    @Test func printableDigestIsTheDigestOfPrintableBytesOnly() {
        var rng = SystemRandomNumberGenerator()
        var printable = 0
        for _ in 0..<20_000 {
            let bytes = Self.mostlyPrintable(&rng)
            let isPrintable = bytes.withUnsafeBufferPointer(PlainASCII.isPrintableWithoutBackslash)
            if isPrintable { printable += 1 }
            let expected = isPrintable ? bytes.withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest) : nil
            #expect(bytes.withUnsafeBufferPointer(PlainASCII.printableDigest) == expected, "\(bytes)")
        }
        #expect(printable > 1000 && printable < 19_000)
    }

    @Test func digestIgnoresTheCaseOfASCIILettersOnly() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(&rng)
            let lower = bytes.map(\.asciiLowercased)
            #expect(bytes.withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest) == lower.withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest))
            // Any byte changed to one that is not the same letter in another case changes the
            // digest (here, always), wherever it is: the last bytes, read in one load, too.
            guard let i = bytes.indices.randomElement(using: &rng) else { continue }
            var other = bytes
            let lowered = bytes[i].asciiLowercased
            other[i] = lowered >= 0x61 && lowered <= 0x7A ? 0x61 + (lowered - 0x61 + 1) % 26 : bytes[i] ^ 0x20
            guard other[i].asciiLowercased != bytes[i].asciiLowercased else { continue }
            #expect(bytes.withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest) != other.withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest), "\(bytes)")
        }
        // Zeros after the last byte are not the same text: the length counts.
        #expect([UInt8]([0x61]).withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest) != [UInt8]([0x61, 0]).withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest))
    }
}
