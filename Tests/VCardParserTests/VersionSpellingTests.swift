import Foundation
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

    /// The card's version is what its first VERSION line says as the parser reads that line:
    /// folded, with parameters, in a group, in any case, with spaces around the value; a line
    /// that only looks like VERSION (inside a quoted-printable value, after a soft break) is not
    /// one. An unknown value is quoted as written. Found by the invariant that compares a card's
    /// version with its VERSION property (`ParserFuzz`): a folded `VERSION:` was read as 3.0 with
    /// the warning "VERSION 4.0 is not 2.1, 3.0 or 4.0".
    @Test(arguments: [
        ("VERSION:\r\n 4.0", VCardVersion.v4), ("VERSION:\r\n\t2.1", .v2_1), ("VERSION;X-A=1:4.0", .v4),
        ("VERSION;CHARSET=UTF-8:2.1", .v2_1), ("item1.VERSION:4.0", .v4), ("version: 2.1 ", .v2_1), ("VERSION:4.0\r\nVERSION:2.1", .v4),
        ("VERS\r\n ION:2.1", .v2_1), ("VERSION;X=\"a:b\":4.0", .v4),
        ("NOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nVERSION:4.0\r\nVERSION:2.1", .v2_1),
    ])
    func theVersionLineIsReadAsTheParserReadsIt(_ line: String, _ version: VCardVersion) throws {
        let text = "BEGIN:VCARD\r\n\(line)\r\nFN:A\r\nNOTE:a\\,b\r\nEND:VCARD\r\n"
        let result = try VCardDecoder().decode(text)
        let card = try #require(result.cards.first)
        #expect(card.version == version)
        #expect(card.first("VERSION")?.value.trimmingCharacters(in: .whitespaces) == version.rawValue)
        #expect(!result.warnings.contains { $0.code == .unknownVersion || $0.code == .missingVersion })
        #expect(card.properties(named: "NOTE").last?.text == (version == .v2_1 ? #"a\,b"# : "a,b"))
    }

    @Test func anUnknownVersionIsQuotedAsWritten() throws {
        for (line, quoted) in [("VERSION;ENCODING=QUOTED-PRINTABLE:=34.0", "=34.0"), ("VERSION:\r\n 5.0", "5.0"), ("VERSION: 4.0.1 ", "4.0.1")] {
            let result = try VCardDecoder().decode("BEGIN:VCARD\r\n\(line)\r\nFN:A\r\nEND:VCARD\r\n")
            #expect(result.cards.first?.version == .v3)
            #expect(result.warnings.map(\.message) == ["VERSION \(quoted) is not 2.1, 3.0 or 4.0; read as 3.0"], "\(line)")
        }
    }

    /// The first line called VERSION is the card's VERSION line even when its value opens a
    /// nested card: it names no version, and a VERSION line after the nested card does not count
    /// (found by `ParserFuzz`'s seventh invariant, which the card read as 4.0 broke).
    @Test func aVersionLineThatOpensANestedCardNamesNoVersion() throws {
        let text = "BEGIN:VCARD\r\nVERSION:BEGIN:VCARD\r\nVERSION:2.1\r\nFN:inner\r\nEND:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\n"
        let result = try VCardDecoder().decode(text)
        let card = try #require(result.cards.first)
        #expect(card.version == .v3)
        #expect(card.properties.first?.embeddedCard?.version == .v2_1)
        #expect(result.warnings.map(\.message) == ["VERSION BEGIN:VCARD is not 2.1, 3.0 or 4.0; read as 3.0"])
    }
}
