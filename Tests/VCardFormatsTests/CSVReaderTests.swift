import Testing
import VCardFormats

/// RFC 4180 reading and writing: quoting, line ends, byte-order mark, and the one round trip.
@Suite struct CSVReaderTests {
    @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let text = "name,note\r\n\"Lovelace, Ada\",\"says \"\"hi\"\"\r\ntwice\"\r\nBabbage,\r\n"
        #expect(
            try CSVReader.rows(Array(text.utf8)) == [
                ["name", "note"], ["Lovelace, Ada", "says \"hi\"\r\ntwice"], ["Babbage", ""],
            ])
    }

    @Test func readsLineFeedsBlankLinesAndNoFinalLineEnd() throws {
        #expect(try CSVReader.rows(Array("a,b\n\n1,2\n3,".utf8)) == [["a", "b"], ["1", "2"], ["3", ""]])
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try CSVReader.rows([0xEF, 0xBB, 0xBF] + Array("Zoë,x\r\n".utf8)) == [["Zoë", "x"]])
    }

    @Test func quotesOnlyFieldsThatNeedIt() throws {
        let rows = [["plain", "a,b", "say \"x\"", "two\nlines", "cr\r", ""]]
        let text = String(decoding: CSVWriter.encode(rows), as: UTF8.self)
        #expect(text == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\"cr\r\",\r\n")
        #expect(try CSVReader.rows(CSVWriter.encode(rows)) == rows)
    }

    @Test func writesAByteOrderMarkWhenAsked() throws {
        #expect(CSVWriter.encode([["a"]], byteOrderMark: true) == [0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A])
    }

    @Test func numbersRowsByTheLineTheyStartOn() throws {
        let rows = try CSVReader.numberedRows(Array("a\n\n\"b\r\nc\",x\r\nd\n".utf8))
        #expect(rows.map(\.line) == [1, 3, 5])
        #expect(rows.map(\.fields) == [["a"], ["b\r\nc", "x"], ["d"]])
    }

    @Test func anUnclosedQuoteIsAnErrorAtTheLineItOpened() {
        let text = "email,phone\nada@example.com,+1 555 0100\ngrace@example.com,\"+1 555 0101\nzoe@example.com,+1 555 0102\n"
        #expect(throws: FormatError(line: 3, column: 19, "this quoted field is never closed")) {
            try CSVReader.rows(Array(text.utf8))
        }
        #expect(throws: FormatError.self) { try CSV.decode(Array(text.utf8)) }
    }
}
