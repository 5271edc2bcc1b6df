import Testing
import VCardFormats

/// RFC 4180 reading and writing: quoting, line ends, byte-order mark, and the one round trip.
@Suite struct CSVReaderTests {
    @Test func readsQuotedFieldsWithCommasQuotesAndLineBreaks() {
        let text = "name,note\r\n\"Lovelace, Ada\",\"says \"\"hi\"\"\r\ntwice\"\r\nBabbage,\r\n"
        #expect(CSVReader.rows(Array(text.utf8)) == [
            ["name", "note"], ["Lovelace, Ada", "says \"hi\"\r\ntwice"], ["Babbage", ""],
        ])
    }

    @Test func readsLineFeedsBlankLinesAndNoFinalLineEnd() {
        #expect(CSVReader.rows(Array("a,b\n\n1,2\n3,".utf8)) == [["a", "b"], ["1", "2"], ["3", ""]])
    }

    @Test func skipsAByteOrderMark() {
        #expect(CSVReader.rows([0xEF, 0xBB, 0xBF] + Array("Zoë,x\r\n".utf8)) == [["Zoë", "x"]])
    }

    @Test func quotesOnlyFieldsThatNeedIt() {
        let rows = [["plain", "a,b", "say \"x\"", "two\nlines", "cr\r", ""]]
        let text = String(decoding: CSVWriter.encode(rows), as: UTF8.self)
        #expect(text == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\"cr\r\",\r\n")
        #expect(CSVReader.rows(CSVWriter.encode(rows)) == rows)
    }

    @Test func writesAByteOrderMarkWhenAsked() {
        #expect(CSVWriter.encode([["a"]], byteOrderMark: true) == [0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A])
    }
}
