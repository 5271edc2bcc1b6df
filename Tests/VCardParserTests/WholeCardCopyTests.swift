import Testing

@testable import VCardParser

/// The lossless writer copies a card that nothing changed in one piece. These check that the
/// shortcut gives the bytes read, and that any change (an edit, a line moved, removed, added, or
/// taken from another card whose line lies at the same offset) is still written line by line.
@Suite struct WholeCardCopyTests {
    private func lossless(_ cards: [VCard]) -> String {
        String(decoding: VCardWriter().encode(cards), as: UTF8.self)
    }

    @Test(arguments: [
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n",
        "\u{FEFF}junk before\n\nBEGIN:VCARD\nVERSION:4.0\nFN:Ada\n\nNOTE:folded\n  on\n\n\nEND:VCARD\n",
        "BEGIN:VCARD\rVERSION:2.1\rNOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\rEND:VCARD",
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:no end\r\n",
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:no end, no line end",
        "BEGIN:VCARD\r\nVERSION:2.1\r\nAGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Jo\r\nEND:VCARD\r\nFN:Outer\r\nEND:VCARD\r\n",
        "BEGIN:VCARD\r\nVERSION:3.0\r\nno colon here\r\nFN:Ada\r\n  END:VCARD\r\nEND:VCARD\r\n",
    ])
    func unchangedCardsComeBackAsRead(text: String) throws {
        let cards = try VCardDecoder().decode(text).cards
        #expect(lossless(cards) == text)
    }

    @Test func aWholeCopyIsWhatTheWriterWrites() throws {
        let text = "junk\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:one\r\n two\r\nEND:VCARD\r\n"
        var card = try VCardDecoder().decode(text).cards[0]
        let whole = try #require(VCardWriter().wholeCopy(of: card))
        #expect(Array(whole) == VCardWriter().encode([card]))
        #expect(VCardWriter(style: .canonical).wholeCopy(of: card) == nil)
        #expect(VCardWriter(version: .v3).wholeCopy(of: card) == nil)
        #expect(Array(VCardWriter().written(card)) == VCardWriter().encode([card]))
        card.properties[1].value = "Bob"
        #expect(VCardWriter().wholeCopy(of: card) == nil)
        #expect(Array(VCardWriter().written(card)) == VCardWriter().encode([card]))
        #expect(VCardWriter().wholeCopy(of: VCard(version: .v4)) == nil)
    }

    @Test func movedLinesAreWrittenWhereTheyNowAre() throws {
        var card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:one\r\nEND:VCARD\r\n").cards[0]
        card.properties.swapAt(1, 2)
        #expect(lossless([card]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:one\r\nFN:Ada\r\nEND:VCARD\r\n")
    }

    @Test func removedAndAddedLinesShow() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:one\r\nEND:VCARD\r\n"
        var removed = try VCardDecoder().decode(text).cards[0]
        removed.properties.remove(at: 2)
        #expect(lossless([removed]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n")
        var lastRemoved = try VCardDecoder().decode(text).cards[0]
        lastRemoved.properties.removeLast()
        #expect(lossless([lastRemoved]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n")
        var added = try VCardDecoder().decode(text).cards[0]
        added.append(Property(name: "EMAIL", value: "ada@example.com"))
        #expect(lossless([added]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:one\r\nEMAIL:ada@example.com\r\nEND:VCARD\r\n")
    }

    @Test func editedLineIsWrittenAfresh() throws {
        var card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:one\r\nEND:VCARD\r\n").cards[0]
        card.properties[2].value = "two"
        #expect(lossless([card]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:two\r\nEND:VCARD\r\n")
    }

    @Test func lineFromAnotherCardAtTheSameOffsetIsThatCardsLine() throws {
        // Same lengths everywhere, so the borrowed line starts at the offset the replaced one had.
        var card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n").cards[0]
        let other = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nEND:VCARD\r\n").cards[0]
        card.properties[1] = other.properties[1]
        #expect(lossless([card]) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nEND:VCARD\r\n")
    }

    @Test func cardsOfOneInputAreEachCopiedAlone() throws {
        // Cards cut from one read share nothing: the second card's lines never pass for the first's.
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nEND:VCARD\r\n"
        var cards = try VCardDecoder().decode(text).cards
        cards[0].properties[1] = cards[1].properties[1]
        #expect(lossless(cards) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nEND:VCARD\r\n")
    }
}
