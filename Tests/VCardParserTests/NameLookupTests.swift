import Testing

@testable import VCardParser

/// `VCard.first`, `indices(of:)` and `firstIndex(named:where:)` test read lines from their bytes:
/// they must find exactly the properties whose name equals the one asked, ignoring ASCII case,
/// as `Property.name` compared as text does, for read, folded, edited and made properties.
@Suite struct NameLookupTests {
    /// Whether two names are equal ignoring the case of ASCII letters only.
    private func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || ((0x41...0x5A).contains(x) || (0x61...0x7A).contains(x)) && x ^ 0x20 == y
            }
    }

    @Test func everyLookupAgreesWithComparingNamesAsText() throws {
        // Names one bit 0x20 apart in places where that is not a case: `@` and a back-quote,
        // `-` and CR-less control-free neighbours, digits and their 0x20-off bytes.
        let names = ["FN", "fn", "Fn", "EMAIL", "eMaIl", "EMAI", "EMAILS", "X-1", "x-1", "X\r1", "A@", "a`", "a@", "TEL", "TE", "X-NESTED-VCARD"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var text = "BEGIN:VCARD\r\nVERSION:4.0\r\n"
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let name = ["FN", "fn", "Email", "EMAIL", "X-1", "x-1", "A@", "a`", "TEL", "Tel", "ITEM1.email"].randomElement(using: &rng)!
                let folded = Bool.random(using: &rng)
                text += "\(name):\(folded ? "a\r\n b" : "ab")\r\n"
            }
            text += "END:VCARD\r\n"
            var card = try VCardDecoder().decode(text).cards[0]
            if card.properties.count > 2, Bool.random(using: &rng) { card.properties[2].value = "edited" }
            if Bool.random(using: &rng) { card.append(Property(name: ["email", "Fn", "a`"].randomElement(using: &rng)!, value: "made")) }
            for name in names where !name.contains("\r") {
                let expected = card.properties.indices.filter { sameName(card.properties[$0].name, name) }
                #expect(card.indices(of: name) == expected, "\(name) in \(text)")
                #expect(card.first(name)?.line == expected.first.map { card.properties[$0].line }, "\(name)")
                #expect(card.first(name)?.value == expected.first.map { card.properties[$0].value }, "\(name)")
                // `where` sees every match in order, and stops at the first it accepts.
                var seen: [Int] = []
                let accepted = card.firstIndex(named: name) { index in
                    seen.append(index)
                    return index == expected.last
                }
                #expect(accepted == expected.last)
                #expect(seen == expected)
            }
        }
    }
}
