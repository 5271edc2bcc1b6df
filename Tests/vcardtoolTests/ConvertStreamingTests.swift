import Foundation
import Testing

/// `vcardtool convert` reads and writes card by card: many cards give the same jCard and xCard as
/// a few do, and read back the same, Google's CSV header still covers every card of every input,
/// and input that is no format at all stops at once with its position.
@Suite struct ConvertStreamingTests {
    /// The sample's four cards, 600 times over (about 2,400 cards, 1.5 MB of jCard: several read
    /// blocks and output flushes).
    static let copies = 600

    @Test(arguments: [
        ("jcard", "[\n  ", ",\n  ", "\n]\n"),
        (
            "xcard", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n", "",
            "</vcards>\n"
        ),
    ])
    func manyCardsGiveTheBytesOfFewCardsRepeated(format: String, start: String, separator: String, end: String) throws {
        let sample = try ToolProcess.bytes(ToolProcess.fixture("sample-contacts.vcf"))
        let few = try ToolProcess.run(["convert", "--to", format], stdin: sample).stdoutText
        #expect(few.hasPrefix(start) && few.hasSuffix(end))
        let body = String(few.dropFirst(start.count).dropLast(end.count))
        let many = try ToolProcess.run(["convert", "--to", format], stdin: Array(repeating: sample, count: Self.copies).flatMap { $0 })
        #expect(many.status == 0)
        let expected = start + Array(repeating: body, count: Self.copies).joined(separator: separator) + end
        #expect(many.stdoutText == expected, "the document of many cards is not the few cards' repeated")
        let fewBack = try ToolProcess.run(["convert", "--from", format, "--to", "4.0"], stdin: Array(few.utf8))
        let manyBack = try ToolProcess.run(["convert", "--from", format, "--to", "4.0"], stdin: many.stdout)
        #expect(manyBack.status == 0)
        #expect(manyBack.stderr == "")
        #expect(manyBack.stdoutText == String(repeating: fewBack.stdoutText, count: Self.copies), "read back, the cards differ")
    }

    @Test func googleCSVHeaderCoversTheCardsOfEveryInput() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let second = try ToolProcess.write(
            """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Grace Hopper\r
            EMAIL;TYPE=work:grace@navy.example\r
            EMAIL;TYPE=home:grace@home.example\r
            EMAIL;TYPE=other:grace@other.example\r
            END:VCARD\r

            """, to: dir, "grace.vcf")
        let first = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEMAIL:ada@example.com\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["convert", "--to", "csv", "-", second], stdin: Array(first.utf8))
        #expect(result.status == 0)
        let rows = result.stdoutText.components(separatedBy: "\r\n")
        #expect(rows.count == 4)
        #expect(rows[0].hasSuffix("E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,E-mail 3 - Label,E-mail 3 - Value"))
        #expect(rows[1].hasSuffix(",,ada@example.com,,,,"))
        #expect(rows[2].hasSuffix("Work,grace@navy.example,Home,grace@home.example,Other,grace@other.example"))
    }

    @Test func aNulFloodStopsAtOnceWithItsPosition() throws {
        let zeros = [UInt8](repeating: 0, count: 20 << 20)
        let vcard = try ToolProcess.run(["convert", "--to", "jcard"], stdin: zeros)
        #expect(vcard.status == 1)  // an input stopped by a limit: reported, the run goes on
        #expect(
            vcard.stderr == """
                vcardtool convert: <stdin>:1:1: error: line has no end within the limit of 16777216 bytes; the rest of <stdin> is not read [limit-exceeded]

                """)
        for (format, message) in [
            ("jcard", "expected a jCard array: [\"vcard\", [properties]]"),
            ("xcard", "invalid XML: the document is empty or does not start with an element"),
        ] {
            let result = try ToolProcess.run(["convert", "--from", format, "--to", "4.0"], stdin: zeros)
            #expect(result.status == 1)
            #expect(result.stderr == "vcardtool convert: <stdin>:1:1: error: \(message) [invalid-\(format)]\n")
            #expect(result.stdout.isEmpty)
        }
    }
}
