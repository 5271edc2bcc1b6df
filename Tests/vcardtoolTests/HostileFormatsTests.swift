import Foundation
import Testing

/// Issue 13 end to end: jCard, xCard and CSV input cannot crash the tool or forge cards; CSV
/// output can be made safe for spreadsheets; nothing from an input reaches the terminal raw.
@Suite struct HostileFormatsTests {
    static let xcardStart = "<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">"

    /// `<a><\xC3/></a>` in a card stopped the process with SIGILL in Foundation's XMLParser.
    @Test func aTagNameThatIsNotUTF8IsAnErrorNotACrash() throws {
        let input = Array((Self.xcardStart + "<vcard><fn><text><").utf8) + [0xC3] + Array("/></text></fn></vcard></vcards>".utf8)
        let result = try ToolProcess.run(["convert", "--to", "4.0"], stdin: input)
        #expect(result.reason == .exit && result.status == 1)
        #expect(result.stderr == "vcardtool convert: <stdin>:1:68: error: invalid XML: bytes that are not UTF-8 [invalid-xcard]\n")
        #expect(result.stdout.isEmpty)
    }

    /// A property named END with type text, in jCard: reported, never written as END;VALUE=text:VCARD.
    @Test func aJCardPropertyNamedEndIsReportedAndTheOtherCardsConverted() throws {
        let json = """
            [["vcard", [["fn", {}, "text", "A"]]],
             ["vcard", [["fn", {}, "text", "B"], ["end", {}, "text", "VCARD"]]],
             ["vcard", [["fn", {}, "text", "C"]]]]
            """
        let result = try ToolProcess.run(["convert", "--to", "4.0"], stdin: Array(json.utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "vcardtool convert: <stdin>:2:39: error: a property named 'end': in a vCard it would end the card or start another [invalid-jcard]\n")
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:C\r\nEND:VCARD\r\n")
    }

    /// CSV columns named END and BEGIN are kept as X-CSV- properties: one card per row.
    @Test func csvColumnsNamedEndAndBeginBecomeXCSVProperties() throws {
        let result = try ToolProcess.run(["convert", "--from", "csv", "--to", "4.0"], stdin: Array("FN,END,begin\r\nA,VCARD,VCARD\r\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nX-CSV-END;X-COLUMN=END:VCARD\r\nX-CSV-BEGIN;X-COLUMN=begin:VCARD\r\nEND:VCARD\r\n")
    }

    /// U+FFFE and a C0 control cannot be in XML: U+FFFD, with a warning; a name that is not an
    /// XML name keeps its property under an x- name, with a warning.
    @Test func xcardOutputStaysXMLAndSaysWhatItChanged() throws {
        let vcf = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\u{FFFE}\u{1}\r\n1X:v\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["convert", "--to", "xcard"], stdin: Array(vcf.utf8))
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                vcardtool convert: warning: FN: characters XML 1.0 cannot hold (controls, U+FFFE, U+FFFF) written as U+FFFD
                vcardtool convert: warning: 1X: not an XML name; written as <x-1x>

                """)
        #expect(result.stdoutText.contains("<fn><text>A\u{FFFD}\u{FFFD}</text></fn>"))
        #expect(result.stdoutText.contains("<x-1x><unknown>v</unknown></x-1x>"))
    }

    @Test func safeCSVNeutralizesFormulasAndTheDefaultWarnsOnce() throws {
        let vcf = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:=HYPERLINK(\"http://x.example\")\r\nNOTE:@SUM(A1)\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n"
        let plain = try ToolProcess.run(["convert", "--to", "csv", "--fields", "FN,NOTE,TEL"], stdin: Array(vcf.utf8))
        #expect(plain.status == 0)
        #expect(plain.stdoutText == "FN,NOTE,TEL\r\n\"=HYPERLINK(\"\"http://x.example\"\")\",@SUM(A1),+1 555 0100\r\n")
        #expect(plain.stderr == "vcardtool convert: warning: 2 cells start with =, +, -, @, tab or CR, which a spreadsheet may run as a formula; --safe-csv writes them with a ' before\n")
        let safe = try ToolProcess.run(["convert", "--to", "csv", "--safe-csv", "--fields", "FN,NOTE,TEL"], stdin: Array(vcf.utf8))
        #expect(safe.status == 0)
        #expect(safe.stdoutText == "FN,NOTE,TEL\r\n\"'=HYPERLINK(\"\"http://x.example\"\")\",'@SUM(A1),+1 555 0100\r\n")
        #expect(safe.stderr.isEmpty)
        let wrong = try ToolProcess.run(["convert", "--to", "4.0", "--safe-csv"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("vcardtool convert: --safe-csv is for CSV output (--to csv)\n"))
    }

    /// An escape sequence in a card reaches neither a message nor find's table nor diff's text raw.
    @Test func controlCharactersAreEscapedInWhatPeopleRead() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\u{1B}[2J\tX\\\\\r\nEND:VCARD\r\n", to: dir, "a.vcf")
        let b = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\u{1B}[2J\tX\\\\\r\nNOTE:\u{9B}31m\r\nEND:VCARD\r\n", to: dir, "b.vcf")
        let find = try ToolProcess.run(["find", "--name", "ada", "--fields", "FN", a])
        #expect(find.stdoutText == "FN\nAda\\x1B[2J\\tX\\\\\n")
        let diff = try ToolProcess.run(["diff", a, b])
        #expect(diff.stdoutText == "~ Ada\\x1B[2J\\tX\\\\\n    + NOTE: \\x9B31m\n")
        let bad = try ToolProcess.run(["convert", "--to", "4.0"], stdin: Array("[\"vcard\", [[\"x\\u001b[31m\", {}, \"text\", \"v\"]]]".utf8))
        #expect(bad.stderr == "vcardtool convert: <stdin>:1:13: error: a property name a vCard cannot hold: 'x\\x1B[31m' (letters, digits and '-' only) [invalid-jcard]\n")
    }
}
