import Foundation
import Testing

/// `vcardtool convert`: each direction against the RFC examples, detection of the input format,
/// round trips checked with `diff`, several inputs, errors and exit statuses.
@Suite struct ConvertTests {
    static let usage = "--to <format> [--from <format>] [<file-folder-or-url> ...]"

    @Test func vcardToJCardWritesTheRFC7095Example() throws {
        let result = try ToolProcess.run(["convert", "--to", "jcard", ToolProcess.fixture("rfc6350-4.0.vcf")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        // RFC 7095 Appendix B.1, but for the anniversary's seconds, which the vCard does not have.
        #expect(
            result.stdoutText == """
                ["vcard",
                  [
                    ["version", {}, "text", "4.0"],
                    ["fn", {}, "text", "Simon Perreault"],
                    ["n", {}, "text", ["Perreault", "Simon", "", "", ["ing. jr", "M.Sc."]]],
                    ["bday", {}, "date-and-or-time", "--02-03"],
                    ["anniversary", {}, "date-and-or-time", "2009-08-08T14:30-05:00"],
                    ["gender", {}, "text", "M"],
                    ["lang", {"pref": "1"}, "language-tag", "fr"],
                    ["lang", {"pref": "2"}, "language-tag", "en"],
                    ["org", {"type": "work"}, "text", "Viagenie"],
                    ["adr", {"type": "work"}, "text", ["", "Suite D2-630", "2875 Laurier", "Quebec", "QC", "G1V 2M2", "Canada"]],
                    ["tel", {"type": ["work", "voice"], "pref": "1"}, "uri", "tel:+1-418-656-9254;ext=102"],
                    ["tel", {"type": ["work", "cell", "voice", "video", "text"]}, "uri", "tel:+1-418-262-6501"],
                    ["email", {"type": "work"}, "text", "simon.perreault@viagenie.ca"],
                    ["geo", {"type": "work"}, "uri", "geo:46.772673,-71.282945"],
                    ["key", {"type": "work"}, "uri", "http://www.viagenie.ca/simon.perreault/simon.asc"],
                    ["tz", {}, "utc-offset", "-05:00"],
                    ["url", {"type": "home"}, "uri", "http://nomis80.org"]
                  ]
                ]

                """)
    }

    /// jCard to 3.0, with dates and the UTC offset in 3.0's extended form (RFC 2426 §3.1.5,
    /// §3.4.1), as jCard writes them.
    @Test func jcardToVersion30FromStandardInput() throws {
        let json = try ToolProcess.bytes(ToolProcess.fixture("rfc7095-example.json"))
        let explicit = try ToolProcess.run(["convert", "--from", "jcard", "--to", "3.0"], stdin: json)
        #expect(explicit.status == 0)
        #expect(explicit.stderr.isEmpty)
        #expect(
            explicit.stdoutText == """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Simon Perreault\r
                N:Perreault;Simon;;;ing. jr,M.Sc.\r
                BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-03\r
                X-ANNIVERSARY:2009-08-08T14:30:00-05:00\r
                X-GENDER:Male\r
                X-LANG;TYPE=pref:fr\r
                X-LANG;X-PREF=2:en\r
                ORG;TYPE=work:Viagenie\r
                ADR;TYPE=work:;Suite D2-630;2875 Laurier;Quebec;QC;G1V 2M2;Canada\r
                TEL;TYPE=work,voice,pref:+1-418-656-9254 ext. 102\r
                TEL;TYPE=work,cell,voice,video,text:+1-418-262-6501\r
                EMAIL;TYPE=work:simon.perreault@viagenie.ca\r
                GEO;TYPE=work:46.772673;-71.282945\r
                KEY;TYPE=work;VALUE=uri:http://www.viagenie.ca/simon.perreault/simon.asc\r
                TZ:-05:00\r
                URL;TYPE=home:http://nomis80.org\r
                END:VCARD\r

                """)
        // Detected from the '[' without --from, from a file or standard input.
        let detected = try ToolProcess.run(["convert", "--to", "3.0", ToolProcess.fixture("rfc7095-example.json")])
        #expect(detected.status == 0)
        #expect(detected.stdout == explicit.stdout)
        #expect(try ToolProcess.run(["convert", "--to", "3.0"], stdin: json).stdout == explicit.stdout)
    }

    @Test func vcardToXCardWritesTheRFC6351Example() throws {
        let result = try ToolProcess.run(["convert", "--to", "xcard", ToolProcess.fixture("rfc6351-4.0.vcf")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdoutText == """
                <?xml version="1.0" encoding="UTF-8"?>
                <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">
                  <vcard>
                    <fn><text>Simon Perreault</text></fn>
                    <n><surname>Perreault</surname><given>Simon</given><additional/><prefix/><suffix>ing. jr</suffix><suffix>M.Sc.</suffix></n>
                    <bday><date>--0203</date></bday>
                    <anniversary><date-time>20090808T1430-0500</date-time></anniversary>
                    <gender><sex>M</sex></gender>
                    <lang><parameters><pref><integer>1</integer></pref></parameters><language-tag>fr</language-tag></lang>
                    <lang><parameters><pref><integer>2</integer></pref></parameters><language-tag>en</language-tag></lang>
                    <org><parameters><type><text>work</text></type></parameters><text>Viagenie</text></org>
                    <adr><parameters><type><text>work</text></type><label><text>Simon Perreault
                2875 boul. Laurier, suite D2-630
                Quebec, QC, Canada
                G1V 2M2</text></label></parameters><pobox/><ext/><street>2875 boul. Laurier, suite D2-630</street><locality>Quebec</locality><region>QC</region><code>G1V 2M2</code><country>Canada</country></adr>
                    <tel><parameters><type><text>work</text><text>voice</text></type></parameters><uri>tel:+1-418-656-9254;ext=102</uri></tel>
                    <tel><parameters><type><text>work</text><text>text</text><text>voice</text><text>cell</text><text>video</text></type></parameters><uri>tel:+1-418-262-6501</uri></tel>
                    <email><parameters><type><text>work</text></type></parameters><text>simon.perreault@viagenie.ca</text></email>
                    <geo><parameters><type><text>work</text></type></parameters><uri>geo:46.766336,-71.28955</uri></geo>
                    <key><parameters><type><text>work</text></type></parameters><uri>http://www.viagenie.ca/simon.perreault/simon.asc</uri></key>
                    <tz><text>America/Montreal</text></tz>
                    <url><parameters><type><text>home</text></type></parameters><uri>http://nomis80.org</uri></url>
                  </vcard>
                </vcards>

                """)
    }

    @Test func xcardIsDetectedAndReadBack() throws {
        let result = try ToolProcess.run(["convert", "--to", "4.0", ToolProcess.fixture("rfc6351-example.xml")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        // The same card as the vCard fixture: `diff` finds no difference.
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let converted = try ToolProcess.write(result.stdoutText, to: dir, "converted.vcf")
        let diff = try ToolProcess.run(["diff", ToolProcess.fixture("rfc6351-4.0.vcf"), converted])
        #expect(diff.status == 0, "\(diff.stdoutText)")
        #expect(result.stdoutText.contains("\r\nTEL;TYPE=work,voice;VALUE=uri:tel:+1-418-656-9254;ext=102\r\n"))
    }

    /// Names lenient parsing keeps (from KContacts, Outlook and Google exports in the corpus)
    /// cost no card through jCard or xCard: each is written as vCard writes it, with a warning.
    @Test(arguments: ["jcard", "xcard"])
    func namesLenientParsingKeepsSurviveJCardAndXCard(_ format: String) throws {
        let vcf = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nN:;A;;;\r\nX-MESSAGING/XMPP-ALL:a@b\r\nsome.other.X-WAB_X:1\r\nEND:VCARD\r\n"
        let there = try ToolProcess.run(["convert", "--to", format], stdin: Array(vcf.utf8))
        #expect(there.status == 0)
        #expect(there.stderr.contains("warning: X-MESSAGING/XMPP-ALL: not a vCard name; written as "))
        #expect(there.stderr.contains("warning: X-WAB_X: group some.other is not a vCard name; written as some-2Eother\n"))
        let back = try ToolProcess.run(["convert", "--from", format, "--to", "3.0"], stdin: there.stdout)
        #expect(back.status == 0)
        #expect(back.stderr.isEmpty)
        #expect(back.stdoutText == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nN:;A;;;\r\nX-MESSAGING-2FXMPP-ALL:a@b\r\nsome-2Eother.X-WAB-5FX:1\r\nEND:VCARD\r\n")
        // The names the vCard writer gives them.
        #expect(back.stdout == (try ToolProcess.run(["convert", "--to", "3.0"], stdin: Array(vcf.utf8))).stdout)
    }

    @Test func versionConversionIsTheSameAsCat() throws {
        for fixture in ["google-3.0.vcf", "android-2.1.vcf", "nextcloud-4.0.vcf"] {
            for version in ["2.1", "3.0", "4.0"] {
                let convert = try ToolProcess.run(["convert", "--to", version, ToolProcess.fixture(fixture)])
                let cat = try ToolProcess.run(["cat", "--to", version, ToolProcess.fixture(fixture)])
                #expect(convert.status == 0)
                #expect(convert.stdout == cat.stdout, "\(fixture) --to \(version)")
            }
        }
    }

    @Test(arguments: ["nextcloud-4.0.vcf", "sample-contacts.vcf", "outlook-2.1.vcf"])
    func roundTripsThroughJCardAndXCardChangeNothing(fixture: String) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let v4 = try ToolProcess.run(["convert", "--to", "4.0", ToolProcess.fixture(fixture)])
        let original = try ToolProcess.write(v4.stdoutText, to: dir, "original.vcf")
        for format in ["jcard", "xcard"] {
            let there = try ToolProcess.run(["convert", "--to", format, ToolProcess.fixture(fixture)])
            #expect(there.status == 0)
            let back = try ToolProcess.run(["convert", "--to", "4.0"], stdin: there.stdout)
            #expect(back.status == 0)
            #expect(back.stderr.isEmpty)
            let path = try ToolProcess.write(back.stdoutText, to: dir, "\(format).vcf")
            let diff = try ToolProcess.run(["diff", original, path])
            #expect(diff.status == 0, "\(fixture) through \(format): \(diff.stdoutText)")
        }
    }

    @Test func severalInputsMakeOneDocument() throws {
        let result = try ToolProcess.run([
            "convert", "--to", "jcard", ToolProcess.fixture("rfc6350-4.0.vcf"),
            ToolProcess.fixture("google-3.0.vcf"),
        ])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("[\n  [\"vcard\",\n"))
        #expect(result.stdoutText.components(separatedBy: "[\"vcard\",").count == 5)  // 1 + 3 cards, plus the text before
        let back = try ToolProcess.run(["convert", "--to", "4.0"], stdin: result.stdout)
        #expect(back.stdoutText.components(separatedBy: "BEGIN:VCARD\r\n").count == 5)
        let xml = try ToolProcess.run([
            "convert", "--to", "xcard", ToolProcess.fixture("rfc6351-example.xml"),
            ToolProcess.fixture("rfc7095-example.json"),
        ])
        #expect(xml.status == 0)
        #expect(xml.stdoutText.components(separatedBy: "<vcard>").count == 3)
        #expect(try ToolProcess.run(["convert", "--to", "jcard"], stdin: []).stdoutText == "[]\n")
    }

    @Test func badJCardIsReportedWithFileAndLineAndTheRestIsConverted() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try ToolProcess.write("[\"vcard\",\n  [[\"fn\", {}, \"text\" \"A\"]]]\n", to: dir, "bad.json")
        let result = try ToolProcess.run(["convert", "--to", "4.0", bad, ToolProcess.fixture("rfc7095-example.json")])
        #expect(result.status == 1)
        #expect(result.stderr == "vcardtool convert: \(bad):2:22: error: expected ',' or ']' [invalid-jcard]\n")
        #expect(result.stdoutText.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Simon Perreault\r\n"))
    }

    @Test func badXCardIsReportedWithFileAndLine() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try ToolProcess.write("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n<vcard>\n</vcards>\n", to: dir, "bad.xml")
        let result = try ToolProcess.run(["convert", "--to", "jcard", bad])
        #expect(result.status == 1)
        #expect(result.stderr == "vcardtool convert: \(bad):3:1: error: invalid XML: an end tag that does not match its start tag [invalid-xcard]\n")
        #expect(result.stdoutText == "[]\n")
        let html = try ToolProcess.run(["convert", "--to", "4.0"], stdin: Array("<html><body/></html>".utf8))
        #expect(html.status == 1)
        #expect(html.stderr == "vcardtool convert: <stdin>:1:1: error: expected <vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">, found <html> [invalid-xcard]\n")
        let forced = try ToolProcess.run(["convert", "--from", "xcard", "--to", "4.0"], stdin: Array("BEGIN:VCARD\r\n".utf8))
        #expect(forced.status == 1)
        #expect(forced.stderr.hasPrefix("vcardtool convert: <stdin>:1:1: error: invalid XML: "))
    }

    @Test func vcardErrorsAreReportedAndTheCardsStillConverted() throws {
        let path = ToolProcess.fixture("broken-no-colon-3.0.vcf")
        let result = try ToolProcess.run(["convert", "--to", "jcard", path])
        #expect(result.status == 1)
        #expect(result.stderr == "vcardtool convert: \(path):4:1: error: line has no ':' between name and value; kept as it is [malformed-line]\n")
        #expect(result.stdoutText.hasPrefix("[\"vcard\",\n"))
    }

    @Test(arguments: [
        (["convert"], "Missing '--to <format>'"),
        (["convert", "--to", "5.0"], "Unknown format '5.0'; use 2.1, 3.0, 4.0, jcard, xcard or csv"),
        (["convert", "--to", "vcard3"], "Unknown format 'vcard3'; use 2.1, 3.0, 4.0, jcard, xcard or csv"),
        (["convert", "--to", "jcard", "--from", "tsv"], "Unknown input format 'tsv'; use vcard, jcard, xcard or csv"),
        (["convert", "--to", "jcard", "--pretty"], "Unknown option '--pretty'"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError(message, "convert", Self.usage))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileExitsTwo() throws {
        let result = try ToolProcess.run(["convert", "--to", "jcard", "/no/such.vcf"])
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool convert: /no/such.vcf: No such file or directory\n")
    }

    @Test func helpShowsFormatsAndExamples() throws {
        for form in [["convert", "--help"], ["help", "convert"], ["convert", "-h"]] {
            let result = try ToolProcess.run(form)
            #expect(result.status == 0)
            #expect(result.stdoutText.hasPrefix("OVERVIEW: Convert cards between vCard 2.1, 3.0, 4.0, jCard, xCard and CSV.\n"))
            #expect(result.stdoutText.contains("USAGE: vcardtool convert --to <format> [--from <format>] [<file-folder-or-url> ...]\n"))
            #expect(result.stdoutText.contains("  --to <format>           2.1, 3.0 or 4.0 (vCard; 'vcard' is 4.0), jcard, xcard or csv.\n"))
            #expect(result.stdoutText.contains("EXAMPLES:\n"))
        }
        let overview = try ToolProcess.run(["--help"])
        #expect(overview.stdoutText.contains("\n  convert                 Convert cards between vCard 2.1, 3.0, 4.0, jCard, xCard and CSV.\n"))
    }

    /// RFC 6350 §6.2.1: jCard and xCard are 4.0, which requires FN; RFC 2426 §3.1.2: 3.0
    /// requires N. What is derived is reported on standard error, naming the input and card.
    @Test(arguments: [
        (
            "jcard", "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n", #"["fn", {}, "text", "Ada Lovelace"]"#,
            "vCard 4.0 requires FN: derived 'FN:Ada Lovelace' from N"
        ),
        (
            "xcard", "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n", "<fn><text>Ada Lovelace</text></fn>",
            "vCard 4.0 requires FN: derived 'FN:Ada Lovelace' from N"
        ),
        (
            "3.0", #"["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "Ada Lovelace"]]]"#, "\r\nN:Lovelace;Ada;;;\r\n",
            "vCard 3.0 requires N: derived 'N:Lovelace;Ada;;;' from FN"
        ),
    ])
    func aDerivedPropertyIsReportedOnStandardError(target: String, input: String, written: String, message: String) throws {
        let result = try ToolProcess.run(["convert", "--to", target], stdin: Array(input.utf8))
        #expect(result.status == 0)
        let position = target == "3.0" ? "" : "1:1:"  // a card read from jCard has no vCard line
        #expect(result.stderr == "vcardtool convert: <stdin>:\(position) warning: \(message) [derived-property]\n")
        #expect(result.stdoutText.contains(written))
    }
}
