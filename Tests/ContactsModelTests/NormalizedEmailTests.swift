import ContactsModel
import Testing

/// ``ContactPredicate/normalizedEmail(_:)`` tells from the bytes that an address has nothing to
/// trim; it says what trimming white space character by character said, for any text.
@Suite struct NormalizedEmailTests {
    static let pieces =
        ["a", "Z", "@", ".", "mailto:", "MAILTO:", " ", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{301}", "\u{600}", "\u{200D}", "\r\n", "\u{212A}"]
        + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}"]

    @Test func bytesAgreeWithCharacters() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let address = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            #expect(ContactPredicate.normalizedEmail(address) == Self.reference(address), "\(address.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Trimmed character by character, as before the bytes were looked at.
    private static func reference(_ address: String) -> String {
        var s = Substring(address)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        var bytes = Array(s.utf8)
        for i in bytes.indices where (0x41...0x5A).contains(bytes[i]) { bytes[i] += 0x20 }
        if bytes.starts(with: "mailto:".utf8) { bytes.removeFirst(7) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
