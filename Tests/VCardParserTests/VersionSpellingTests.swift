import Testing
@testable import VCardParser

/// A card's VERSION is read from the bytes of its line: the three versions exactly as written
/// (what `VCardVersion(rawValue:)` accepts of a string), and nothing else.
@Suite struct VersionSpellingTests {
    func version(_ text: String) -> VCardVersion? {
        var text = text
        return text.withUTF8 { VCardVersion(spelledBy: $0) }
    }

    @Test func eachVersionIsReadFromItsBytes() {
        for version in VCardVersion.allCases {
            #expect(self.version(version.rawValue) == version)
        }
    }

    @Test func anyOtherSpellingIsNoVersion() {
        let others = [
            "", "3", "3.", "3.00", "03.0", "3,0", "3.1", "2.0", "4.1", "5.0", "30", "3 0", "4.0.", "2.1a",
            "3.0\u{301}", "\u{FEFF}3.0", "３.0", "v3.0", "3.0 ", " 3.0",
        ]
        for text in others {
            #expect(version(text) == nil, "\(text)")
            #expect(VCardVersion(rawValue: text) == nil, "\(text)")
        }
    }

    @Test func aCardWithEachSpellingIsReadAsItsVersionOrWarned() throws {
        for text in ["2.1", "3.0", "4.0", "3.00", "3.0\u{301}"] {
            let card = "BEGIN:VCARD\r\nVERSION:\(text)\r\nFN:A\r\nEND:VCARD\r\n"
            let result = try VCardDecoder().decode(Array(card.utf8))
            let known = VCardVersion(rawValue: text)
            #expect(result.cards.first?.version == known ?? .v3, "\(text)")
            #expect(result.warnings.map(\.code) == (known == nil ? [.unknownVersion] : []), "\(text)")
        }
    }
}
