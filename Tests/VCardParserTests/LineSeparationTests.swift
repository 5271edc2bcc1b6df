import Testing
import VCardParser

/// A line kept as it is (no `:`, an error the parser reports and keeps) stays a line of its own
/// however the lines around it change: an edit that makes the line before it quoted-printable, a
/// deletion that puts a quoted-printable line before it, or a line added after one that asks for
/// a continuation. Otherwise a reader joins them, as it joins the lines Gammu wraps without a soft
/// break, and the edited value reads back with the junk in it (ContactFuzz findings). So does a
/// line that starts with white space, which only a blank line (or the `BEGIN` line) kept from
/// being a fold of the line before.
@Suite struct LineSeparationTests {
    static func card(_ lines: [String]) throws -> VCard {
        let text = (["BEGIN:VCARD"] + lines + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n"
        return try #require(try VCardDecoder().decode(text).cards.first)
    }

    /// The one card `card` reads back as in every style, with its malformed lines' values.
    static func readBack(_ card: VCard) throws -> [(label: String, card: VCard, malformed: [String])] {
        let writers = [("lossless", VCardWriter()), ("canonical", VCardWriter(style: .canonical))]
        return try writers.map { label, writer in
            let cards = try VCardDecoder().decode(writer.encode([card])).cards
            #expect(cards.count == 1, "\(label)")
            let again = try #require(cards.first)
            return (label, again, again.properties.filter(\.isMalformed).map(\.value))
        }
    }

    /// Sets the value of `card`'s `X-IM` and expects every style to read back the edit, as many
    /// lines as the card had, and its `TEL:1`.
    static func expectEditOfIMReadsBack(_ card: VCard) throws {
        var card = card
        let count = card.properties.count
        let im = try #require(card.properties.firstIndex { $0.hasName("X-IM") })
        card.properties[im].value = "user@example.com"
        for (label, again, _) in try readBack(card) {
            #expect(again.first("X-IM")?.value == "user@example.com", "\(label)")
            #expect(again.properties.count == count, "\(label)")
            #expect(again.first("TEL")?.value == "1", "\(label)")
        }
    }

    @Test func anEditToQuotedPrintableLeavesTheNextLineApart() throws {
        var card = try Self.card(["VERSION:2.1", "N:A;;;;", "FN:A", "NOTE:plain", "junk line", "TEL:1"])
        let note = try #require(card.properties.firstIndex { $0.hasName("NOTE") })
        card.properties[note].value = "café"
        for (label, again, malformed) in try Self.readBack(card) {
            #expect(again.first("NOTE")?.value == "café", "\(label)")
            #expect(malformed == ["junk line"], "\(label)")
            #expect(again.first("TEL")?.value == "1", "\(label)")
        }
    }

    @Test func aDeletionThatPutsQuotedPrintableBeforeTheLineLeavesItApart() throws {
        var card = try Self.card(["VERSION:2.1", "N:A;;;;", "FN:A", "NOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9", "X-A:1", "junk"])
        card.properties.removeAll { $0.hasName("X-A") }
        for (label, again, malformed) in try Self.readBack(card) {
            #expect(again.first("NOTE")?.value == "café", "\(label)")
            #expect(malformed == ["junk"], "\(label)")
        }
    }

    @Test func aValueEndingInABackslashLeavesTheNextLineApart() throws {
        var card = try Self.card(["VERSION:2.1", "N:A;;;;", "FN:A", "NOTE:x", "junk"])
        let note = try #require(card.properties.firstIndex { $0.hasName("NOTE") })
        card.properties[note].value = "C:\\"
        let again = try #require(try Self.readBack(card).first)
        #expect(again.card.first("NOTE")?.value == "C:\\")
        #expect(again.malformed == ["junk"])
    }

    @Test func aLineAddedAfterOneThatAsksForAContinuationIsALineOfItsOwn() throws {
        // The malformed line ends in a soft break and names quoted-printable: before END:VCARD it
        // ended its card; a line appended after it would be joined to it.
        var card = try Self.card(["VERSION:2.1", "N:A;;;;", "FN:A", "JUNK;ENCODING=QUOTED-PRINTABLE;X="])
        card.append(Property(name: "UID", value: "u-1"))
        for (label, again, malformed) in try Self.readBack(card) {
            #expect(again.first("UID")?.value == "u-1", "\(label)")
            #expect(malformed == ["JUNK;ENCODING=QUOTED-PRINTABLE;X="], "\(label)")
        }
    }

    /// A ContactFuzz finding: the blank line that ends base64 data belongs to its line, so an
    /// edit that wrote the line afresh (3.0 and 4.0 end base64 with no blank line) took it away,
    /// and the indented line after it became a fold of the edited value.
    @Test(arguments: ["3.0", "4.0", "2.1"])
    func anEditOfBase64DataLeavesTheIndentedLineAfterItApart(version: String) throws {
        var card = try Self.card(["VERSION:\(version)", "N:A;;;;", "FN:A", "X-IM;BASE64:Zmlyc3Q=", "", "\tX-B;TYPE=work:b", "TEL:1"])
        let kept = try #require(card.properties.last { !$0.hasName("TEL") })
        let im = try #require(card.properties.firstIndex { $0.hasName("X-IM") })
        card.properties[im].value = "user@example.com"
        for (label, again, _) in try Self.readBack(card) {
            #expect(again.first("X-IM")?.value == "user@example.com", "\(label)")
            #expect(again.properties.count == card.properties.count, "\(label)")
            if label == "lossless" { #expect(again.properties.contains { $0.value == kept.value && $0.name == kept.name }) }
            #expect(again.first("TEL")?.value == "1", "\(label)")
        }
    }

    /// A ContactFuzz finding: a card whose lines end in CR alone, and blank lines after base64
    /// data that end otherwise (`\r\n`, then `\n`). The line end put before the indented line
    /// made `\r\r\n` with what followed, which a reader takes as one line end (as Outlook writes
    /// them), so the indented line was a fold of the edited value again. Every line end, every
    /// run of blank lines: the indented line stays apart.
    @Test(arguments: ["\r\n", "\r", "\n"], ["", "\r\n", "\n", "\r", "\r\n\n", "\n\n", "\r\r\n", " \r\n"])
    func anEditOfBase64DataLeavesTheIndentedLineApartWhateverTheLineEnds(end: String, blanks: String) throws {
        let lines = ["BEGIN:VCARD", "VERSION:3.0", "N:A;;;;", "FN:A", "X-IM;BASE64:Zmlyc3Q="]
        let text = lines.joined(separator: end) + end + end + blanks + "\tX-B;TYPE=work:b" + end + "TEL:1" + end + "END:VCARD" + end
        try Self.expectEditOfIMReadsBack(try #require(try VCardDecoder().decode(text).cards.first))
    }

    /// A ContactFuzz finding: the line after the blank line has no `:` on its first physical
    /// line (its `:` is in a fold), so a reader continues base64 data with it, as with a
    /// malformed line, once the edit took the blank line away.
    @Test(arguments: ["3.0", "4.0"])
    func anEditOfBase64DataLeavesALineWhoseColonIsInAFoldApart(version: String) throws {
        try Self.expectEditOfIMReadsBack(try Self.card(["VERSION:\(version)", "N:A;;;;", "FN:A", "X-IM;BASE64:Zmlyc3Q=", "", "D\t;RWA", "\tX-B:b", "TEL:1"]))
    }

    /// A line written as it was read, after a deletion that puts it after a malformed line that
    /// asks for a continuation, in each version.
    @Test(arguments: ["2.1", "3.0", "4.0"])
    func aDeletionThatPutsALineAfterOneThatAsksForAContinuationLeavesItApart(version: String) throws {
        var card = try Self.card(["VERSION:\(version)", "FN:A", "JUNK;ENCODING=QUOTED-PRINTABLE;X=", "", "NOTE:x", "TEL:1", "UID:u-1"])
        card.properties.removeAll { $0.hasName("NOTE") }
        for (label, again, malformed) in try Self.readBack(card) {
            #expect(again.first("TEL")?.value == "1", "\(label)")
            #expect(again.first("UID")?.value == "u-1", "\(label)")
            #expect(malformed == ["JUNK;ENCODING=QUOTED-PRINTABLE;X="], "\(label)")
        }
    }

    @Test func aDeletionThatPutsAnIndentedLineAfterAnotherLeavesItApart() throws {
        var card = try Self.card(["VERSION:3.0", "N:A;;;;", "FN:A", "NOTE:x", "PHOTO;ENCODING=b:QUJD", "", " X-B:b"])
        card.properties.removeAll { $0.hasName("PHOTO") }
        let again = try #require(try Self.readBack(card).first)
        #expect(again.card.first("NOTE")?.value == "x")
        #expect(again.card.properties.count == card.properties.count)
    }

    @Test func aLineAddedBeforeAnIndentedFirstLineLeavesItApart() throws {
        var card = try Self.card(["\tX-B:b", "VERSION:3.0", "N:A;;;;", "FN:A"])
        card.properties.insert(Property(name: "X-A", value: "a", version: .v3), at: 0)
        let again = try #require(try Self.readBack(card).first)
        #expect(again.card.first("X-A")?.value == "a")
        #expect(again.card.properties.count == card.properties.count)
    }

    @Test func anUnchangedCardStaysByteForByte() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9\r\n\r\njunk\r\nEND:VCARD\r\n"
        let cards = try VCardDecoder().decode(text).cards
        #expect(VCardWriter().encode(cards) == Array(text.utf8))
    }
}
