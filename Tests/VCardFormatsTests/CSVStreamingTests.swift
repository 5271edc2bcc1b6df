import Testing
import VCardParser

@testable import VCardFormats

/// ``CSVCardReader``: a card per row as the rows come, and limits.
@Suite struct CSVStreamingTests {
    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write("\u{FEFF}FN,EMAIL\r\nAda Lovelace,ada@example.com\r\n")
        var reader = CSVCardReader(fileDescriptor: pipe.readEnd)
        #expect(try reader.next()?.first("EMAIL")?.text == "ada@example.com")  // the rest is not written yet
        pipe.write("\r\n\"Hopper, Grace\",\"grace@navy.example\"\n,\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Hopper, Grace")
        #expect(try reader.next() == nil)
    }

    @Test func aRowLargerThanTheLimitStopsAtItsLine() throws {
        var limits = ParseOptions.Limits()
        limits.maxCardBytes = 1000
        let pipe = OpenPipe()
        pipe.write("FN\nAda\n\"" + String(repeating: "x", count: 5000))  // an open quote, and more to come
        var reader = CSVCardReader(fileDescriptor: pipe.readEnd, limits: limits)
        #expect(try reader.next()?.first("FN")?.text == "Ada")
        #expect(throws: FormatError(line: 3, column: 1, "row is larger than the limit of 1000 bytes")) { try reader.next() }
    }

    @Test func anInputWithoutHeaderRowIsAnError() throws {
        var reader = CSVCardReader(bytes: Array("\r\n\n".utf8))
        #expect(throws: FormatError(line: 1, column: 1, "expected a CSV header row")) { try reader.next() }
    }
}
