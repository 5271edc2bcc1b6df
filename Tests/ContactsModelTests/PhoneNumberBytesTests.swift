import Testing

@testable import ContactsModel

/// ``PhoneNumber``'s `tel:` scheme and URI are read on the bytes; they say what reading the
/// characters said, for any text: accents joined to a digit or a colon, digits beyond ASCII,
/// CR LF, full-width signs.
@Suite struct PhoneNumberBytesTests {
    static let pieces = [
        "+", "1", "4", "9", " ", "  ", "-", ".", "(", ")", "tel:", "TEL:", "Tel:", "te", "l:", "x", ";ext=", "ext. ", "#",
        "\u{301}", "\u{663}", "\u{FF0B}", "\r\n", "\u{A0}", "a", ";phone-context=", "K", "\u{212A}", "\u{130}",
    ]

    @Test func bytesAgreeWithCharacters() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let typed = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let number = PhoneNumber(stringValue: typed)
            #expect(number.stringValue == Self.withoutScheme(typed), "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(number.telURI == Self.telURI(number), "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func examples() {
        #expect(PhoneNumber(stringValue: "TEL:+1 555 0100").stringValue == "+1 555 0100")
        #expect(PhoneNumber(stringValue: "tel:\u{301}+1").stringValue == "tel:\u{301}+1")
        #expect(PhoneNumber(stringValue: "+44 20  7946 0001 ext. 23").telURI == "tel:+44-20-7946-0001;ext=23")
        #expect(PhoneNumber(stringValue: "+1 5\u{301}55").telURI == nil)
    }

    /// What the initializer kept, as it read the text by characters.
    private static func withoutScheme(_ typed: String) -> String {
        var s = Substring(typed)
        if s.utf8.count > 4, s.prefix(4).lowercased() == "tel:" { s = s.dropFirst(4) }
        return String(s)
    }

    /// The URI as it was made from the characters of the number's text.
    private static func telURI(_ number: PhoneNumber) -> String? {
        let text = PhoneNumberText(number.stringValue)
        let grouped = String(decoding: text.number, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true).joined(separator: "-")
        guard grouped.contains(where: { $0.isASCII && $0.isNumber }), grouped.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.()".contains($0)) }) else { return nil }
        guard grouped.hasPrefix("+") && grouped.dropFirst().allSatisfy({ $0 != "+" }) else { return nil }
        return "tel:" + grouped + (text.extension.map { ";ext=" + $0 } ?? "")
    }
}
