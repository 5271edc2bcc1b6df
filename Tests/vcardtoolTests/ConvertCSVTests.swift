import Foundation
import Testing

@testable import vcardtool

/// `vcardtool convert` with CSV: Google's and Outlook's exports read (detected from the header
/// row) and written back unchanged, the --fields layout, warnings, and usage errors.
@Suite struct ConvertCSVTests {
    static let usage = "--to <format> [--from <format>] [<file-folder-or-url> ...]"

    @Test(arguments: [("google-contacts.csv", "google"), ("outlook-contacts.csv", "outlook")])
    func csvThroughVCardComesBackTheSame(fixture: String, layout: String) throws {
        let path = ToolProcess.fixture(fixture)
        let vcf = try ToolProcess.run(["convert", "--to", "3.0", path])
        #expect(vcf.status == 0)
        // RFC 2426 §3.1.2: 3.0 requires N; Google's company-only row gets an empty one, reported.
        let derived = "vcardtool convert: \(path): warning: vCard 3.0 requires N: derived 'N:;;;;' from ORG [derived-property]\n"
        #expect(vcf.stderr == (layout == "google" ? derived : ""))
        #expect(vcf.stdoutText.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;King;Countess;\r\n"))
        let csv = try ToolProcess.run(["convert", "--to", "csv", "--layout", layout], stdin: vcf.stdout)
        #expect(csv.status == 0)
        #expect(csv.stderr.isEmpty)
        #expect(csv.stdout == (try ToolProcess.bytes(path)))
    }

    /// Classic Outlook's "ANSI" export is Windows-1252: read so from the first byte that is not
    /// UTF-8, with one warning at it (as `invalid-utf8` in vCard); `--charset` names the
    /// encoding and silences it. Streaming is unchanged: rows before it are already written.
    @Test func windows1252CSVIsReadAsSuchWithOneWarning() throws {
        let ansi: [UInt8] =
            Array("First Name,Last Name,Company\r\nAda,Lovelace,\r\nZo".utf8) + [0xEB]
            + Array(",Caf".utf8) + [0xE9, 0x0D, 0x0A] + Array("Ren".utf8) + [0xE9, 0x2C, 0x0D, 0x0A]
        let result = try ToolProcess.run(["convert", "--to", "4.0"], stdin: ansi)
        #expect(result.status == 0)
        #expect(result.stderr == "vcardtool convert: <stdin>:3:3: warning: bytes that are not UTF-8; the CSV is read as Windows-1252 from here on (classic Outlook's \"ANSI\" export); --charset says which it is [invalid-utf8]\n")
        #expect(result.stdoutText.contains("FN:Zoë Café\r\n"))
        #expect(result.stdoutText.contains("FN:René\r\n"))
        let given = try ToolProcess.run(["convert", "--from", "csv", "--charset", "windows-1252", "--to", "4.0"], stdin: ansi)
        #expect(given.status == 0)
        #expect(given.stderr.isEmpty)
        #expect(given.stdout == result.stdout)
        let keep = try ToolProcess.run(["convert", "--from", "csv", "--charset", "utf-8", "--to", "4.0"], stdin: ansi)
        #expect(keep.stderr == "vcardtool convert: <stdin>:3:3: warning: bytes that are not UTF-8; each is read as U+FFFD (--charset utf-8) [invalid-utf8]\n")
        #expect(keep.stdoutText.contains("FN:Zo\u{FFFD} Caf\u{FFFD}\r\n"))
    }

    @Test func csvToCSVKeepsTheTableAndABOMIsSkipped() throws {
        let path = ToolProcess.fixture("google-contacts.csv")
        let bytes = try ToolProcess.bytes(path)
        let result = try ToolProcess.run(["convert", "--to", "csv"], stdin: [0xEF, 0xBB, 0xBF] + bytes)
        #expect(result.status == 0)
        #expect(result.stdout == bytes)
    }

    @Test func googleToOutlookReportsWhatHasNoColumn() throws {
        let result = try ToolProcess.run(["convert", "--to", "csv", "--layout", "outlook", ToolProcess.fixture("google-contacts.csv")])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                vcardtool convert: warning: Countess Ada King Lovelace: no Outlook column for date 1843-09-05, Employee ID AE-0001, categories
                vcardtool convert: warning: Charles Babbage: no Outlook column for a second business address, categories
                vcardtool convert: warning: Difference Engine Society: no Outlook column for categories
                vcardtool convert: warning: Zoë Ó Briain: no Outlook column for categories, photo link

                """)
        let rows = result.stdoutText.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(rows[0].hasPrefix("First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address,"))
        #expect(rows[1].hasPrefix("Ada,King,Lovelace,Countess,,Ada,,,ada@analytical.example,ada@home.example,ada.king@home.example,,,+44 20 7946 0019,"))
    }

    @Test func fieldsLayoutWritesAndReadsChosenProperties() throws {
        let vcard = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ada Lovelace\r
            EMAIL;TYPE=work:ada@example.org\r
            EMAIL;TYPE=home:ada@home.example\r
            TEL:+44 20 7946 0018\r
            NOTE:Likes poetry\\, and math.\r
            END:VCARD\r

            """
        let csv = try ToolProcess.run(["convert", "--to", "csv", "--fields", "FN,EMAIL,TEL,NOTE"], stdin: Array(vcard.utf8))
        #expect(csv.status == 0)
        #expect(
            csv.stdoutText == """
                FN,EMAIL,TEL,NOTE\r
                Ada Lovelace,ada@example.org ::: ada@home.example,+44 20 7946 0018,"Likes poetry, and math."\r

                """)
        // A header row that is neither Google's nor Outlook's needs --from csv (else it is no vCard).
        let guessed = try ToolProcess.run(["convert", "--to", "4.0"], stdin: csv.stdout)
        #expect(guessed.stdout.isEmpty)
        let back = try ToolProcess.run(["convert", "--from", "csv", "--to", "4.0"], stdin: csv.stdout)
        #expect(back.status == 0)
        #expect(
            back.stdoutText == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:Ada Lovelace\r
                EMAIL:ada@example.org\r
                EMAIL:ada@home.example\r
                TEL:+44 20 7946 0018\r
                NOTE:Likes poetry\\, and math.\r
                END:VCARD\r

                """)
    }

    @Test func csvToJCardGoesThroughVCard40() throws {
        let result = try ToolProcess.run(["convert", "--to", "jcard", ToolProcess.fixture("outlook-contacts.csv")])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains(#"["x-csv-hobby", {"x-column": "Hobby"}, "unknown", "Lock picking"]"#))
    }

    @Test(arguments: [
        (["convert", "--to", "csv", "--layout", "yahoo"], "Unknown layout 'yahoo'; use google or outlook"),
        (["convert", "--to", "csv", "--layout", "google", "--fields", "FN"], "--layout and --fields go separately"),
        (["convert", "--to", "csv", "--fields", ","], "--fields needs property names, e.g. FN,EMAIL,TEL"),
        (["convert", "--to", "4.0", "--layout", "outlook"], "--layout and --fields are for CSV (--to csv or --from csv)"),
        (["convert", "--to", "4.0", "--charset", "cp1252"], "--charset is for CSV input (--from csv)"),
        (["convert", "--from", "csv", "--to", "4.0", "--charset", "koi8-r"], "Unknown charset 'koi8-r'; use utf-8 or windows-1252"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError(message, "convert", Self.usage))
        #expect(result.stdout.isEmpty)
    }

    @Test func afterTwentyCardsOneLineCountsTheRestByProperty() throws {
        let cards = (1...25).map { n in
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Card \(n)\r\nUID:\(n)\r\n" + (n % 2 == 1 ? "X-ABUID:\(n)\r\n" : "") + "END:VCARD\r\n"
        }
        let result = try ToolProcess.run(["convert", "--to", "csv", "--layout", "outlook"], stdin: Array(cards.joined().utf8))
        #expect(result.status == 0)
        let detailed = (1...20).map { n in
            "vcardtool convert: warning: Card \(n): no Outlook column for UID" + (n % 2 == 1 ? ", X-ABUID" : "") + "\n"
        }
        #expect(result.stderr == detailed.joined() + "vcardtool convert: warning: … and 5 more cards: UID (5), X-ABUID (3)\n")
        #expect(result.stdoutText.split(separator: "\r\n").count == 26)
    }

    @Test func summaryCountsAreGroupedByThousands() {
        #expect([0, 999, 1_000, 99_980, 1_234_567].map(CSVDropSummary.grouped) == ["0", "999", "1,000", "99,980", "1,234,567"])
    }
}
