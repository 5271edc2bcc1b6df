import Testing

@testable import ContactsModel

/// `trimmingSpaces()` drops the spaces and tabs around a value as characters, whatever the
/// bytes beside them: a space that a combining mark follows is another character and stays.
@Suite struct SpaceTrimmingTests {
    /// What the trimming is: characters equal to a space or a tab, taken off both ends.
    private static func reference(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    @Test(arguments: [
        ("ada@example.com", "ada@example.com"), (" ada@example.com\t", "ada@example.com"), ("\t \t", ""), ("", ""),
        (" \u{301}x", " \u{301}x"), ("x \u{301}", "x \u{301}"), ("  \u{301}x ", " \u{301}x"), ("\u{301} x", "\u{301} x"),
        ("\r\n x \r\n", "\r\n x \r\n"), ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"), (" é ", "é"), (" 👩‍👩‍👧 ", "👩‍👩‍👧"),
    ])
    func trimsSpacesAndTabsAsCharacters(text: String, trimmed: String) {
        #expect(text.trimmingSpaces() == trimmed)
        #expect(text.trimmingSpaces().utf8.elementsEqual(trimmed.utf8), "the same bytes, not only an equal string")
    }

    /// Texts made of the pieces that decide it (spaces, tabs, combining marks, joiners, line
    /// ends, letters), at random: trimmed as the reference trims them.
    @Test func agreesWithCharacterTrimmingOnRandomTexts() {
        let pieces = [" ", "\t", "\u{301}", "\u{200D}", "\r", "\n", "a", "é", "e\u{301}", "\u{A0}", "👍", "\u{FE0F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(text.trimmingSpaces().utf8.elementsEqual(Self.reference(text).utf8), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
