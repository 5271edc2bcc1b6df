import Foundation
import Testing

/// `vcardtool validate`: `FILE:LINE:COLUMN: severity: message [code]`, exit 1 on errors.
@Suite struct ValidateTests {
    @Test func cleanFileExitsZeroAndPrintsNothing() throws {
        let result = try ToolProcess.run(["validate", ToolProcess.fixture("nextcloud-4.0.vcf")])
        #expect(result.status == 0)
        #expect(result.stdoutText.isEmpty)
    }

    @Test func reportsEachProblemWithFileLineAndColumn() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = """
            BEGIN:VCARD\r
            VERSION:4.0\r
            UID:one\r
            NOTE:bad \\q escape\r
            BDAY:1985-13-45\r
            EMAIL;TYPE="work:a@b.c\r
            this has no colon\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Two\r
            UID:one\r
            END:VCARD\r

            """
        let path = try ToolProcess.write(text, to: dir, "c.vcf")
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):4:10: warning: backslash escape that vCard 4.0 does not define; kept as written [bad-escape]"))
        #expect(lines.contains { $0.hasPrefix("\(path):6:") && $0.hasSuffix("[unterminated-quote]") })
        #expect(lines.contains("\(path):7:1: error: line has no ':' between name and value; kept as it is [malformed-line]"))
        #expect(lines.contains("\(path):1:1: warning: vCard 4.0 requires FN [missing-fn]"))
        #expect(lines.contains("\(path):5:6: warning: BDAY value '1985-13-45' is not a real date or time: month 13 does not exist [impossible-date]"))
        #expect(lines.contains("\(path):12:1: error: UID one is also used by the card at \(path):1 [duplicate-uid]"))
    }

    /// A 4.0 card with `uid`.
    static func card(uid: String) -> String { "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nUID:\(uid)\r\nEND:VCARD\r\n" }

    /// The `duplicate-uid` lines of `validate` over one file per text (`a.vcf`, `b.vcf`, …), and
    /// the files' paths.
    static func duplicateUIDs(in texts: [String]) throws -> (paths: [String], lines: [String]) {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try texts.enumerated().map { try ToolProcess.write($1, to: dir, "\(Character(UnicodeScalar(UInt8(97 + $0)))).vcf") }
        let result = try ToolProcess.run(["validate"] + paths)
        return (paths, result.stdoutText.split(separator: "\n").filter { $0.hasSuffix("[duplicate-uid]") }.map(String.init))
    }

    @Test func uidsAreTheSameWhenTheirTextIs() throws {
        // Compared as text: canonically equivalent spellings are one UID, letter case is not;
        // across files too. The KELVIN SIGN is K: an ASCII UID (hashed from its bytes) and one
        // that is not (hashed as a string) are one when their text is.
        let card = Self.card(uid:)
        let (paths, duplicates) = try Self.duplicateUIDs(in: [
            card("caf\u{E9}") + card("Ada") + card("\u{212A}elvin"),
            card("cafe\u{301}") + card("ada") + card("urn:uuid:1") + card("urn:uuid:1") + card("Kelvin"),
        ])
        #expect(
            duplicates == [
                "\(paths[1]):4:1: error: UID cafe\u{301} is also used by the card at \(paths[0]):1 [duplicate-uid]",
                "\(paths[1]):19:1: error: UID urn:uuid:1 is also used by the card at \(paths[1]):11 [duplicate-uid]",
                "\(paths[1]):24:1: error: UID Kelvin is also used by the card at \(paths[0]):11 [duplicate-uid]",
            ])
    }

    @Test func eachCardsFirstUIDCountsHoweverItsLineIsWritten() throws {
        // The validator finds the UID as it checks each line: a plain line, or one it looks at
        // closer (a parameter, a fold, quoted-printable), in any case, with a group.
        let cards = [
            ["VERSION:3.0", "FN:a", "N:;;;;", "uid:one"],
            ["VERSION:4.0", "FN:b", "item1.UID;VALUE=text:one"],  // the UID of the first card
            ["VERSION:4.0", "FN:c", "UID:tw", " o"],
            ["VERSION:4.0", "FN:d", "UID:two"],  // that of the card before, unfolded
            ["VERSION:2.1", "FN:e", "N:;;;;", "UID;ENCODING=QUOTED-PRINTABLE:thr=65e"],
            ["VERSION:4.0", "FN:f", "UID:three", "UID:four"],  // the first UID is the card's
            ["VERSION:4.0", "FN:g", "UID:four"],  // so this one is new
        ]
        var text = "", line = 1
        var begins: [Int] = [], uidLines: [Int] = []
        for card in cards {
            begins.append(line)
            uidLines.append(line + 1 + card.firstIndex { $0.uppercased().contains("UID") }!)
            text += (["BEGIN:VCARD"] + card + ["END:VCARD"]).map { $0 + "\r\n" }.joined()
            line += card.count + 2
        }
        let (paths, duplicates) = try Self.duplicateUIDs(in: [text])
        let path = paths[0]
        #expect(
            duplicates == [
                "\(path):\(uidLines[1]):1: error: UID one is also used by the card at \(path):\(begins[0]) [duplicate-uid]",
                "\(path):\(uidLines[3]):1: error: UID two is also used by the card at \(path):\(begins[2]) [duplicate-uid]",
                "\(path):\(uidLines[5]):1: error: UID three is also used by the card at \(path):\(begins[4]) [duplicate-uid]",
            ])
    }

    @Test func uidsAreFoundAmongThousands() throws {
        // Thousands of UIDs, so that the registry of UIDs grows several times: a UID seen before
        // each growth is still found after it, in the same file and in the next, and UIDs that
        // only share a beginning or an end with another are not the same.
        let card = Self.card(uid:)
        let count = 5000
        let (paths, duplicates) = try Self.duplicateUIDs(in: [
            (0..<count).map { card("urn:uuid:\($0)") }.joined() + card("urn:uuid:0"),
            card("urn:uuid:\(count - 1)") + card("urn:uuid:\(count)") + card("urn:uuid:0x") + card("xurn:uuid:0"),
        ])
        #expect(
            duplicates == [
                "\(paths[0]):\(5 * count + 4):1: error: UID urn:uuid:0 is also used by the card at \(paths[0]):1 [duplicate-uid]",
                "\(paths[1]):4:1: error: UID urn:uuid:\(count - 1) is also used by the card at \(paths[0]):\(5 * count - 4) [duplicate-uid]",
            ])
    }

    @Test func strictFailsOnWarnings() throws {
        let path = ToolProcess.fixture("broken-invalid-utf8-3.0.vcf")
        let lenient = try ToolProcess.run(["validate", path])
        #expect(lenient.status == 0)
        #expect(lenient.stdoutText.contains("[invalid-utf8]"))
        let strict = try ToolProcess.run(["validate", "--strict", path])
        #expect(strict.status == 1)
    }

    @Test func summaryCountsCardsWarningsAndErrors() throws {
        let result = try ToolProcess.run(["validate", "--summary", ToolProcess.fixture("google-3.0.vcf"), ToolProcess.fixture("broken-no-colon-3.0.vcf")])
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(ToolProcess.fixture("google-3.0.vcf")): 3 cards, 0 warnings, 0 errors"))
        #expect(lines.contains { $0.hasSuffix("broken-no-colon-3.0.vcf: 1 cards, 1 warnings, 1 errors") })
        #expect(result.status == 1)
    }

    @Test func missingFileIsTrouble() throws {
        let result = try ToolProcess.run(["validate", "/no/such/dir/x.vcf"])
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool validate: /no/such/dir/x.vcf: No such file or directory\n")
    }

    /// Inputs with no card: plain text, binary data, UTF-32, a second byte-order mark, nothing.
    static let cardless: [(String, [UInt8])] = [
        ("text.vcf", Array("hello\nworld\n".utf8)),
        ("binary.vcf", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0xFF, 0xFE, 0x10]),
        ("utf32.vcf", Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nN:;;;;\r\nEND:VCARD\r\n".utf8).flatMap { [$0, 0, 0, 0] }),
        ("double-bom.vcf", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nN:;;;;\r\nEND:VCARD\r\n".utf8)),
        ("empty.vcf", []),
    ]

    @Test(arguments: cardless.map(\.0)) func inputWithNoCardIsAnError(_ name: String) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(try #require(Self.cardless.first { $0.0 == name }).1).write(to: URL(fileURLWithPath: path))
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdoutText.hasSuffix("\(path):1:1: error: no vCard found: the input holds no BEGIN:VCARD … END:VCARD [no-cards]\n"))
    }

    @Test func repeatedFNIsAWarningThatStrictFails() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nFN:B\r\nN:;;;;\r\nEND:VCARD\r\n", to: dir, "fn.vcf")
        let lenient = try ToolProcess.run(["validate", path])
        #expect(lenient.stdoutText == "\(path):4:1: warning: vCard 3.0 allows exactly one FN; the first is on line 3 [repeated-property]\n")
        #expect(lenient.status == 0)
        #expect(try ToolProcess.run(["validate", "--strict", path]).status == 1)
    }

    @Test func jsonPrintsOneObjectPerFindingWithItsCard() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "junk\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:B \"q\" \\\\\r\nKIND:blah\r\nNOTE:a\u{0}\r\nEND:VCARD\r\n"
        let path = try ToolProcess.write(text, to: dir, "j.vcf")
        let result = try ToolProcess.run(["validate", "--format", "json", path])
        #expect(result.status == 1)
        let file = path  // a temporary path: nothing in it to escape
        #expect(
            result.stdoutText.split(separator: "\n").map(String.init) == [
                #"{"file":"\#(file)","line":1,"column":1,"code":"junk-outside-card","severity":"warning","message":"text outside BEGIN:VCARD … END:VCARD is kept but ignored","card":null}"#,
                #"{"file":"\#(file)","line":9,"column":6,"code":"bad-value","severity":"warning","message":"KIND value 'blah' is neither registered (application, group, individual, location, org) nor an X- name","card":2}"#,
                #"{"file":"\#(file)","line":10,"column":7,"code":"control-character","severity":"error","message":"NOTE value holds the control character U+0000","card":2}"#,
            ])
        for line in result.stdout.split(separator: 0x0A) {
            #expect(try JSONSerialization.jsonObject(with: Data(line)) is [String: Any])
        }
    }

    @Test func jsonAndSummaryDoNotMix() throws {
        let result = try ToolProcess.run(["validate", "--format", "json", "--summary", ToolProcess.fixture("google-3.0.vcf")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("vcardtool validate: --summary prints text; it cannot be used with --format json\n"))
    }
}
