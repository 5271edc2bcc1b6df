import Foundation
import Testing

/// `vcardtool dupes` on Google, Apple, Android and Outlook exports of the same people: the
/// groups and their reasons, as text and JSON, `--by`, the exit statuses and a hostile input.
@Suite struct DupesTests {
    static let usage = "[--by uid,email,phone,name] [--region <CC>] [--format text|json] [<file-folder-or-url> ...]"
    static let exports = ["google-people-3.0.vcf", "apple-people-3.0.vcf", "android-people-2.1.vcf", "outlook-people-2.1.vcf"]
    let paths = Self.exports.map(ToolProcess.fixture)
    func path(_ i: Int) -> String { paths[i] }

    /// Sam by email and phone however written; Rosa by email (Google–Android), then phone
    /// (Android–Outlook), one group; Kim by UID with and without `urn:uuid:`; the two cards
    /// with only `112` are strangers; Zoë and Zoe are not compared by name.
    @Test func exportsOfTheSamePeopleAreGroupedTransitivelyWithEachLinksReasons() throws {
        let result = try ToolProcess.run(["dupes"] + paths)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(
            result.stdoutText == """
                Sam Shared: 4 cards
                  1  \(path(0)):1  Sam Shared
                  2  \(path(1)):1  Samuel Shared
                  3  \(path(2)):1  Sam Shared
                  4  \(path(3)):20  Sam Shared
                  1 ~ 2  same email sam@shared.example, same phone +44 (20) 7946-0001
                  1 ~ 3  same phone +442079460001
                  1 ~ 4  same email sam@shared.example

                Rosa Chain: 3 cards
                  1  \(path(0)):9  Rosa Chain
                  2  \(path(2)):8  Rosa Chain
                  3  \(path(3)):1  R. Chain
                  1 ~ 2  same email rosa@chain.example
                  2 ~ 3  same phone +1-555-0101

                Kim Lee: 2 cards
                  1  \(path(0)):16  Kim Lee
                  2  \(path(3)):7  Kim Lee
                  1 ~ 2  same UID

                """)
    }

    /// A number written nationally is one with its international form only when a region places
    /// it (issue #18): `--region GB` or `VCARDTOOL_REGION`, never the machine's locale.
    @Test func aRegionPlacesNationalNumbers() throws {
        let cards =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann A\r\nTEL:020 7946 0002\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann B\r\nTEL:+44 20 7946 0002\r\nEND:VCARD\r\n"
        #expect(try ToolProcess.run(["dupes"], stdin: Array(cards.utf8)).status == 0)
        let placed = try ToolProcess.run(["dupes", "--region", "GB"], stdin: Array(cards.utf8))
        #expect(placed.status == 1)
        #expect(placed.stdoutText.hasSuffix("  1 ~ 2  same phone +44 20 7946 0002\n"))
        let environment = try ToolProcess.run(["dupes"], stdin: Array(cards.utf8), environment: ["VCARDTOOL_REGION": "GB"])
        #expect(environment.stdout == placed.stdout)
        #expect(try ToolProcess.run(["dupes", "--region", "UK"], stdin: Array(cards.utf8)).status == 2)
    }

    @Test func byNameGroupsNamesIgnoringCaseAccentsAndOnlyByName() throws {
        let result = try ToolProcess.run(["dupes", "--by", "name", path(1), path(3)])
        #expect(result.status == 1)
        #expect(
            result.stdoutText == """
                Zoë Martin: 2 cards
                  1  \(path(1)):11  Zoë Martin
                  2  \(path(3)):14  Zoe MARTIN
                  1 ~ 2  same name Zoe MARTIN

                """)
    }

    @Test func jsonListsCardsAndLinksByTheirPlaceInTheGroup() throws {
        let result = try ToolProcess.run(["dupes", "--format", "json", "--by", "uid,phone", path(0), path(3)])
        #expect(result.status == 1)
        let card = { (line: Int, name: String) in "{\"file\":\"\(path(3))\",\"line\":\(line),\"name\":\"\(name)\"}" }
        #expect(
            result.stdoutText == """
                {"groups":[{"cards":[{"file":"\(path(0))","line":16,"name":"Kim Lee"},\(card(7, "Kim Lee"))],\
                "links":[{"cards":[0,1],"reasons":[{"key":"uid","value":"urn:uuid:c0ffee00-1111-4222-8333-444455556666",\
                "text":"same UID"}]}]}]}

                """)
        let none = try ToolProcess.run(["dupes", "--format", "json", path(1)])
        #expect(none.status == 0)
        #expect(none.stdoutText == "{\"groups\":[]}\n")
    }

    @Test func noDuplicatesIsStatus0WithNothingPrinted() throws {
        for arguments in [[path(1)], ["--by", "uid", path(0), path(1), path(2)]] {
            let result = try ToolProcess.run(["dupes"] + arguments)
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "")
        }
    }

    @Test func aFolderIsItsFilesAndStandardInputIsRead() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in Self.exports.prefix(2) {
            try FileManager.default.copyItem(atPath: ToolProcess.fixture(name), toPath: dir.appendingPathComponent(name).path)
        }
        let folder = try ToolProcess.run(["dupes", "--by", "email", dir.path])
        #expect(folder.status == 1)
        #expect(
            folder.stdoutText == "Samuel Shared: 2 cards\n  1  \(dir.path)/apple-people-3.0.vcf:1  Samuel Shared\n"
                + "  2  \(dir.path)/google-people-3.0.vcf:1  Sam Shared\n  1 ~ 2  same email sam@shared.example\n")
        let stdin = try ToolProcess.run(["dupes", "-", path(3)], stdin: try ToolProcess.bytes(path(2)))
        #expect(
            stdin.stdoutText
                == ("Rosa Chain: 2 cards\n  1  <stdin>:8  Rosa Chain\n  2  \(path(3)):1  R. Chain\n"
                    + "  1 ~ 2  same phone +1-555-0101\n"))  // Sam's cards share nothing here: a number, an email
    }

    @Test(arguments: [
        (["--by", "mail"], "Unknown key 'mail' in --by; use uid, email, phone or name"),
        (["--by", "email,"], "Unknown key '' in --by; use uid, email, phone or name"),
        (["--format", "csv"], "Unknown format 'csv'; use text or json"),
        (["--keys", "email"], "Unknown option '--keys'"),
    ])
    func usageErrorsAreStatus2(_ arguments: [String], _ message: String) throws {
        let result = try ToolProcess.run(["dupes"] + arguments + [path(0)])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == ToolProcess.usageError(message, "dupes", Self.usage))
    }

    @Test func aMissingFileIsStatus2AndAnInputWithErrorsStatus1() throws {
        let missing = try ToolProcess.run(["dupes", "/nonexistent/cards.vcf"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "vcardtool dupes: /nonexistent/cards.vcf: No such file or directory\n")
        let file = ToolProcess.fixture("broken-no-colon-3.0.vcf")
        let broken = try ToolProcess.run(["dupes", file])
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr == "vcardtool dupes: \(file):4:1: error: line has no ':' between name and value; kept as it is [malformed-line]\n")
    }

    /// 10,000 cards sharing one email, a hostile input for a pairwise comparison: one group,
    /// each card linked to the first.
    @Test func tenThousandCardsSharingOneEmailAreOneGroup() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Spam\r\nEMAIL:spam@shared.example\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["dupes", "-"], stdin: Array(String(repeating: card, count: 10_000).utf8))
        #expect(result.status == 1)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.first == "Spam: 10000 cards")
        #expect(lines.count == 1 + 10_000 + 9_999)
        #expect(lines.last == "  1 ~ 10000  same email spam@shared.example")
    }
}
