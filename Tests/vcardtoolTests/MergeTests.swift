import Foundation
import Testing

/// `vcardtool merge --dupes` on Google, Apple, Android and Outlook exports of the same people in
/// one file: the kept card's lines unchanged, what the others add appended, the values not kept
/// set aside and reported, `--prefer`, `--dry-run`, `--in-place` and a second run.
@Suite struct MergeTests {
    static let usage = "(--dupes <file> | --into <target> <source> ...) [--prefer old|new] [--dry-run] [--in-place]"

    /// The four exports in one file, in a temporary folder.
    static func exports() throws -> (dir: URL, path: String) {
        let dir = try ToolProcess.temporaryDirectory()
        let bytes = try DupesTests.exports.flatMap { try ToolProcess.bytes(ToolProcess.fixture($0)) }
        let url = dir.appendingPathComponent("all.vcf")
        try Data(bytes).write(to: url)
        return (dir, url.path)
    }

    static let samMerged = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Sam Shared\r
        N:Shared;Sam;;;\r
        EMAIL;TYPE=INTERNET;TYPE=HOME:sam@shared.example\r
        TEL;TYPE=CELL;TYPE=voice:+44 20 7946 0001\r
        CATEGORIES:myContacts\r
        X-MERGED-N:Shared;Samuel;;;\r
        X-MERGED-FN:Samuel Shared\r
        X-ABUID:8D1F7C2A-3B4E-4F50-9A6B-7C8D9E0F1A2B:ABPerson\r
        NOTE:Met at the Brighton meetup\r
        TEL;TYPE=HOME,VOICE:020 7946 0002\r
        END:VCARD\r

        """

    /// Sam's four cards are one: Google's lines as they were but the number, which gets
    /// Apple's `voice` label (Apple's email and number are Google's, however written), then
    /// Apple's set-aside name and X-ABUID, the NOTE of the Android card merged away, Outlook's
    /// second number in 3.0 form; Rosa's email gets Android's `home`; the cards of no group stay.
    @Test func eachGroupBecomesItsFirstCardWithWhatTheOthersAdd() throws {
        let (dir, path) = try Self.exports()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToolProcess.run(["merge", "--dupes", path])
        #expect(result.status == 0)
        let cards = ToolProcess.cards(result.stdout)
        #expect(cards.count == 7)
        #expect(cards.first == Self.samMerged)
        #expect(
            cards[1].hasSuffix(
                "EMAIL;TYPE=INTERNET;TYPE=home:rosa@chain.example\r\nCATEGORIES:myContacts\r\n"
                    + "TEL;TYPE=CELL;TYPE=work,voice:+1 555 0101\r\nX-MERGED-N:Chain;R.;;;\r\nX-MERGED-FN:R. Chain\r\nEND:VCARD\r\n"))
        let alone = try ToolProcess.fixtureCards("google-people-3.0.vcf")[3]
        #expect(cards[3] == alone)
        #expect(
            result.stderr == """
                vcardtool merge: \(path):1: Sam Shared: N: kept 'Shared;Sam;;;', set aside 'Shared;Samuel;;;' as X-MERGED-N
                vcardtool merge: \(path):1: Sam Shared: FN: kept 'Sam Shared', set aside 'Samuel Shared' as X-MERGED-FN
                vcardtool merge: \(path):9: Rosa Chain: N: kept 'Chain;Rosa;;;', set aside 'Chain;R.;;;' as X-MERGED-N
                vcardtool merge: \(path):9: Rosa Chain: FN: kept 'Rosa Chain', set aside 'R. Chain' as X-MERGED-FN
                vcardtool merge: \(path):16: Kim Lee: UID: kept 'c0ffee00-1111-4222-8333-444455556666', set aside 'urn:uuid:c0ffee00-1111-4222-8333-444455556666' as X-MERGED-UID
                vcardtool merge: merged 9 cards into 3, left 4 alone

                """)
    }

    /// With --prefer new, the last card of a group is kept, in its place, line for line.
    @Test func preferNewKeepsTheLastCardInItsPlace() throws {
        let (dir, path) = try Self.exports()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToolProcess.run(["merge", "--dupes", "--prefer", "new", path])
        #expect(result.status == 0)
        let cards = ToolProcess.cards(result.stdout)
        #expect(cards.count == 7)
        // Outlook's lines but its email, which gets Google's `HOME`; Google's FN is Outlook's,
        // Apple's is set aside; Google's number comes in 2.1 form with Apple's `voice`.
        #expect(
            cards[6] == """
                BEGIN:VCARD\r
                VERSION:2.1\r
                N:Shared;Sam\r
                FN:Sam Shared\r
                EMAIL;PREF;INTERNET;HOME:SAM@SHARED.EXAMPLE\r
                TEL;HOME;VOICE:020 7946 0002\r
                TEL;CELL;VOICE:+44 20 7946 0001\r
                CATEGORIES:myContacts\r
                X-MERGED-N:Shared;Samuel;;;\r
                X-MERGED-FN:Samuel Shared\r
                X-ABUID:8D1F7C2A-3B4E-4F50-9A6B-7C8D9E0F1A2B:ABPerson\r
                NOTE:Met at the Brighton meetup\r
                END:VCARD\r

                """)
        #expect(result.stderr.contains("\(path):86: Sam Shared: FN: kept 'Sam Shared', set aside 'Samuel Shared' as X-MERGED-FN\n"))
    }

    @Test func dryRunShowsADiffAndWritesNothing() throws {
        let (dir, path) = try Self.exports()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try ToolProcess.bytes(path)
        let result = try ToolProcess.run(["merge", "--dupes", "--dry-run", "--in-place", path])
        #expect(result.status == 0)
        #expect(try ToolProcess.bytes(path) == before)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3) == ["--- \(path)", "+++ \(path)", "@@ -3,6 +3,11 @@"])
        #expect(lines.contains("+NOTE:Met at the Brighton meetup"))
        #expect(lines.contains("-FN:Samuel Shared"))
        #expect(lines.contains("+TEL;TYPE=CELL;TYPE=voice:+44 20 7946 0001"))
        #expect(result.stderr.hasSuffix("vcardtool merge: merged 9 cards into 3, left 4 alone\n"))
    }

    /// In place, through the one rewrite path; a second run finds no duplicates and leaves the
    /// file as it is, and `dupes` agrees.
    @Test func inPlaceRewritesOnceAndASecondRunChangesNothing() throws {
        let (dir, path) = try Self.exports()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try ToolProcess.run(["merge", "--dupes", path]).stdout
        let first = try ToolProcess.run(["merge", "--dupes", "--in-place", path])
        #expect(first.status == 0)
        #expect(first.stdout.isEmpty)
        let merged = try ToolProcess.bytes(path)
        #expect(merged == printed)
        let second = try ToolProcess.run(["merge", "--dupes", "--in-place", path])
        #expect(second.stderr == "vcardtool merge: merged 0 cards into 0, left 7 alone\n")
        #expect(try ToolProcess.bytes(path) == merged)
        #expect(try ToolProcess.run(["dupes", path]).status == 0)
    }

    /// A group of the merged-away card that the kept card uses is renamed, its Apple label with
    /// it; a label whose property is left out (the same email) is left out too.
    @Test func groupsAreRenamedAndLabelsFollowTheirProperty() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let kept = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nitem1.EMAIL:ann@example.com\r\nitem1.X-ABLabel:_$!<Home>!$_\r\nEND:VCARD\r\n"
        let other =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nitem1.EMAIL:ANN@example.com\r\nitem1.X-ABLabel:private\r\n"
            + "item2.URL:https://ann.example\r\nitem2.X-ABLabel:blog\r\nEND:VCARD\r\n"
        let path = try ToolProcess.write(kept + other, to: dir, "ann.vcf")
        let result = try ToolProcess.run(["merge", "--dupes", path])
        #expect(result.stdoutText == kept.replacingOccurrences(of: "END:VCARD", with: "item2.URL:https://ann.example\r\nitem2.X-ABLABEL:blog\r\nEND:VCARD"))
        #expect(result.stderr == "vcardtool merge: merged 2 cards into 1, left 0 alone\n")
    }

    /// 10,000 cards sharing one email, each with its own NOTE and the same TEL written
    /// differently: one card with every NOTE once and one TEL, in time linear in the cards (the
    /// values kept are looked up by their meaning, not compared with each other).
    @Test func tenThousandCardsSharingOneEmailBecomeOneCardWithEveryNote() throws {
        let cards = (0..<10_000).map { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Spam\r\nEMAIL:spam@shared.example\r\nTEL:\(i % 2 == 0 ? "+1 555 0100" : "+1-555-0100")\r\nNOTE:note \(i)\r\nEND:VCARD\r\n"
        }
        let result = try ToolProcess.run(["merge", "--dupes", "-"], stdin: Array(cards.joined().utf8))
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\r\n")
        #expect(lines.count == 6 + 10_000)  // BEGIN, VERSION, FN, EMAIL, TEL, END and the notes
        #expect(lines.filter { $0.hasPrefix("NOTE:") } == (0..<10_000).map { "NOTE:note \($0)"[...] })
        #expect(lines.filter { $0.hasPrefix("TEL") } == ["TEL:+1 555 0100"])
        #expect(result.stderr == "vcardtool merge: merged 10000 cards into 1, left 0 alone\n")
    }

    @Test func aFileWithErrorsIsNotRewritten() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:ann@example.com\r\nno colon here\r\nEND:VCARD\r\n"
        let path = try ToolProcess.write(card + card, to: dir, "broken.vcf")
        let result = try ToolProcess.run(["merge", "--dupes", "--in-place", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("vcardtool merge: \(path):5: not rewritten because the file has errors\n"))
        #expect(try ToolProcess.bytes(path) == Array((card + card).utf8))
    }

    @Test(arguments: [
        ([String](), "Missing --dupes or --into"),
        (["--into", "t.vcf", "--dupes"], "--dupes and --into go separately"),
        (["--into", "t.vcf", "--prefer", "new"], "--prefer goes with --dupes; with --into the target's values stand"),
        (["--dupes", "--prefer", "newest"], "Unknown preference 'newest'; use old or new"),
        (["--dupes", "--in-place", "-"], "--in-place needs a file, not standard input"),
        (["--dupes", "a.vcf", "b.vcf"], "Expected one file; got 2"),
    ])
    func usageErrorsAreStatus2(_ arguments: [String], _ message: String) throws {
        let files = arguments.count > 2 && arguments[0] == "--dupes" || arguments.contains("-") ? [] : ["x.vcf"]
        let result = try ToolProcess.run(["merge"] + arguments + files)
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError(message, "merge", Self.usage))
    }

    /// The Google export as the target, the Apple, Android and Outlook ones imported: Kim's
    /// Outlook card by its UID (with urn:uuid:), Sam's and Rosa's cards by email or phone, the
    /// rest appended as they were; importing them again changes nothing.
    @Test func anImportMergesByUIDEmailOrPhoneAppendsTheRestAndIsANoOpTheSecondTime() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("contacts.vcf").path
        try FileManager.default.copyItem(atPath: ToolProcess.fixture(DupesTests.exports[0]), toPath: target)
        let sources = DupesTests.exports.dropFirst().map(ToolProcess.fixture)
        let printed = try ToolProcess.run(["merge", "--into", target] + sources)
        let first = try ToolProcess.run(["merge", "--into", target, "--in-place"] + sources)
        #expect(first.status == 0)
        #expect(first.stderr.hasSuffix("vcardtool merge: updated 1, merged 5, appended 3, unchanged 0\n"))
        let imported = try ToolProcess.bytes(target)
        #expect(imported == printed.stdout)
        let cards = ToolProcess.cards(imported)
        #expect(cards.count == 7)
        #expect(cards[0] == Self.samMerged)
        #expect(cards[2].hasSuffix("X-MERGED-UID:urn:uuid:c0ffee00-1111-4222-8333-444455556666\r\nEMAIL;TYPE=PREF,INTERNET:kim.lee@corp.example\r\nEND:VCARD\r\n"))
        #expect(cards[4] == (try ToolProcess.fixtureCards("apple-people-3.0.vcf"))[1])
        #expect(cards[6] == (try ToolProcess.fixtureCards("outlook-people-2.1.vcf"))[2])
        let again = try ToolProcess.run(["merge", "--into", target, "--in-place"] + sources)
        #expect(again.status == 0)
        #expect(again.stderr == "vcardtool merge: updated 0, merged 0, appended 0, unchanged 9\n")
        #expect(try ToolProcess.bytes(target) == imported)
        let dryRun = try ToolProcess.run(["merge", "--into", target, "--dry-run"] + sources)
        #expect(dryRun.stdout.isEmpty)
    }

    @Test func anImportDryRunShowsTheAppendedCardsAndWritesNothing() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:ann@example.com\r\nEND:VCARD\r\n", to: dir, "t.vcf")
        let source = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n", to: dir, "s.vcf")
        let before = try ToolProcess.bytes(target)
        let result = try ToolProcess.run(["merge", "--into", target, "--dry-run", "--in-place", source])
        #expect(result.status == 0)
        #expect(
            result.stdoutText == """
                --- \(target)
                +++ \(target)
                @@ -6,0 +6,5 @@
                +BEGIN:VCARD
                +VERSION:3.0
                +FN:Bob
                +TEL:+1 555 0100
                +END:VCARD

                """)
        #expect(result.stderr == "vcardtool merge: updated 0, merged 0, appended 1, unchanged 0\n")
        #expect(try ToolProcess.bytes(target) == before)
    }
}
