import Testing
import VCardParser

@testable import VCardFormats

/// ``CSVCardReader``: a card per row as the rows come (limits: ``HostileStreamTests``).
@Suite struct CSVStreamingTests {
    @Test func cardsComeOneByOneBeforeTheInputEnds() throws {
        let pipe = OpenPipe()
        pipe.write("\u{FEFF}FN,EMAIL\r\nAda Lovelace,ada@example.com\r\n")
        var reader = CSVCardReader(ByteStream(fileDescriptor: pipe.readEnd))
        #expect(try reader.next()?.first("EMAIL")?.text == "ada@example.com")  // the rest is not written yet
        pipe.write("\r\n\"Hopper, Grace\",\"grace@navy.example\"\n,\n")
        pipe.closeWriting()
        #expect(try reader.next()?.first("FN")?.text == "Hopper, Grace")
        #expect(try reader.next() == nil)
    }

    @Test func anInputWithoutHeaderRowIsAnError() throws {
        var reader = CSVCardReader(ByteStream(bytes: Array("\r\n\n".utf8)))
        #expect(throws: FormatError(line: 1, column: 1, "expected a CSV header row")) { try reader.next() }
    }
}
