import Foundation
import Testing

/// `set-phone` updates that cannot all be applied as asked: a broken CSV, empty phones, the
/// same address twice, two addresses of one card, and values that are not phone numbers.
@Suite struct SetPhoneUpdatesTests {
    static let kate = """
        BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Kate\r\nEMAIL;TYPE=work:kate@corp.example\r\nEMAIL;TYPE=work:k.t@corp.example\r\n\
        TEL;VALUE=uri;TYPE=main:tel:+1-555-0100\r\nEND:VCARD\r\n
        """

    /// Runs set-phone with a CSV of updates on a copy of Kate's card.
    func run(csv: String, _ extra: [String] = []) throws -> (ToolProcess, csv: String) {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let updates = try ToolProcess.write(csv, to: dir, "updates.csv")
        let card = try ToolProcess.write(Self.kate, to: dir, "kate.vcf")
        return (try ToolProcess.run(["set-phone", "--updates", updates] + extra + [card]), updates)
    }

    @Test(arguments: [
        (
            "email,phone\nkate@corp.example,\"+1 555 0101\nnobody@example.com,+1 555 0102\n",
            "CSV:2:19: this quoted field is never closed"
        ),
        (
            "email,phone\nkate@corp.example,  \n",
            "CSV:2: empty phone for kate@corp.example; use --clear to remove main phones"
        ),
        (
            "email,phone\nkate@corp.example,+1 555 0101\nother@x.example,+1 555 0109\nKATE@corp.example,+1 555 0102\n",
            "CSV:2 and CSV:4 ask different phones for kate@corp.example: '+1 555 0101' and '+1 555 0102'"
        ),
    ])
    func aBadUpdatesFileIsRefusedBeforeAnythingIsWritten(csv: String, message: String) throws {
        let (result, path) = try run(csv: csv)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "vcardtool set-phone: " + message.replacingOccurrences(of: "CSV", with: path) + "\n")
    }

    @Test func anEmptyPhoneCellClearsWithClear() throws {
        let (cleared, _) = try run(csv: "email,phone\nkate@corp.example,  \n", ["--clear"])
        #expect(cleared.status == 0)
        #expect(ToolProcess.changedLines(Array(Self.kate.utf8), cleared.stdout).removed == ["TEL;VALUE=uri;TYPE=main:tel:+1-555-0100\r"])
        #expect(cleared.stderr == "set-phone: 1 cards read, 1 updated (0 phones replaced, 0 added, 1 removed)\n")
    }

    @Test func clearWithEmailRemovesTheMainPhone() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try ToolProcess.write(Self.kate, to: dir, "kate.vcf")
        let result = try ToolProcess.run(["set-phone", "--email", "kate@corp.example", "--clear", card])
        #expect(result.status == 0)
        #expect(!result.stdoutText.contains("TEL"))
        #expect(result.stderr.hasSuffix("1 removed)\n"))
    }

    @Test func theSameEmailWithTheSamePhoneTwiceIsOneUpdate() throws {
        let (result, _) = try run(csv: "email,phone\nkate@corp.example,+1 555 0101\nkate@corp.example, +1 555 0101\n")
        #expect(result.status == 0)
        #expect(result.stderr == "set-phone: 1 cards read, 1 updated (1 phone replaced, 0 added)\n")
    }

    @Test func twoEmailsOfOneCardBothMatch() throws {
        let (result, _) = try run(csv: "email,phone\nkate@corp.example,+1 555 0101\nk.t@corp.example,+1 555 0101\n")
        #expect(result.status == 0)
        #expect(result.stderr == "set-phone: 1 cards read, 1 updated (1 phone replaced, 0 added)\n")
        #expect(ToolProcess.changedLines(Array(Self.kate.utf8), result.stdout).added == ["TEL;VALUE=uri;TYPE=main:tel:+1-555-0101\r"])
    }

    @Test func twoEmailsOfOneCardAskingDifferentPhonesLeaveItUnchanged() throws {
        let (result, csv) = try run(csv: "email,phone\nkate@corp.example,+1 555 0101\nk.t@corp.example,+1 555 0102\n")
        #expect(result.status == 2)
        #expect(result.stdout == Array(Self.kate.utf8))
        #expect(result.stderr.contains("kate.vcf:1: Kate: \(csv):2 asks '+1 555 0101' for kate@corp.example, \(csv):3 asks '+1 555 0102' for k.t@corp.example; card left unchanged\n"))
        #expect(result.stderr.hasSuffix("set-phone: 1 cards read, 0 updated (0 phones replaced, 0 added); 1 left unchanged by conflicting updates\n"))
    }

    @Test(arguments: [
        ("+1 555 0100;ext=23", "TEL;VALUE=uri;TYPE=main:tel:+1-555-0100;ext=23\r", false),
        ("+1 555 0100 ext. 23", "TEL;VALUE=uri;TYPE=main:tel:+1-555-0100;ext=23\r", false),
        ("+1 555 0100 x23", "TEL;VALUE=uri;TYPE=main:tel:+1-555-0100;ext=23\r", false),
        ("abc", "TEL;TYPE=main:abc\r", true),
        ("0800 FLOWERS", "TEL;TYPE=main:0800 FLOWERS\r", true),
        ("555 0100 x5", "TEL;TYPE=main:555 0100 x5\r", true),
    ])
    func aPhoneInATelURIKeepsItsExtensionOrBecomesText(phone: String, line: String, warns: Bool) throws {
        let (result, _) = try run(csv: "email,phone\nkate@corp.example,\(phone)\n")
        #expect(result.status == 0)
        #expect(ToolProcess.changedLines(Array(Self.kate.utf8), result.stdout).added == [line])
        #expect(result.stderr.contains("kate.vcf:1: '\(phone)' ") == warns)
        #expect(result.stderr.contains("; written as text, not as a tel: URI") == warns)
    }

    /// With a region, a national number becomes a global `tel:` URI with its extension; the
    /// same number asked twice in two forms is no conflict, but another extension is.
    @Test func aRegionPlacesANationalNumberInATelURI() throws {
        let csv = "email,phone\nkate@corp.example,(020) 7946-0001 x5\nk.t@corp.example,+44 2079460001 ext. 5\n"
        let (result, _) = try run(csv: csv, ["--region", "GB"])
        #expect(result.status == 0)
        #expect(ToolProcess.changedLines(Array(Self.kate.utf8), result.stdout).added == ["TEL;VALUE=uri;TYPE=main:tel:+44-20-7946-0001;ext=5\r"])
        let (other, _) = try run(csv: csv.replacingOccurrences(of: "ext. 5", with: "ext. 6"), ["--region", "GB"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("asks '+44 2079460001 ext. 6' for k.t@corp.example; card left unchanged"))
        #expect(result.stderr == "set-phone: 1 cards read, 1 updated (1 phone replaced, 0 added)\n")
    }

    /// A card is first looked at through where its EMAIL values lie in its bytes: an address in
    /// any shape is found, those that look places (`mailto:`, spaces, capitals, a group, LF line
    /// ends, a fourth line, bytes beyond ASCII, an escape) and those it cannot (a fifth line, a
    /// folded or quoted-printable one); and cards of those shapes that no one asks about go out
    /// byte for byte.
    @Test func emailsInEveryShapeAreFoundThroughTheFirstLook() throws {
        func card(_ name: String, _ lines: [String], version: String = "3.0", tel: String = "TEL;TYPE=main:+1 555 0100") -> String {
            "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:\(name)\r\n" + (lines + [tel]).map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
        }
        let shapes: [(card: String, asked: String)] = [
            (card("Mailto", ["EMAIL;TYPE=work:mailto:Mailto@Corp.example"]), "mailto@corp.example"),
            (card("Spaced", ["EMAIL;TYPE=work:  spaced@corp.example  "]), "spaced@corp.example"),
            (card("Upper", ["EMAIL;TYPE=WORK:UPPER@CORP.EXAMPLE"]), "upper@corp.example"),
            (card("Grouped", ["item1.email;type=work:grouped@corp.example"]), "grouped@corp.example"),
            (card("LF", ["EMAIL;TYPE=work:lf@corp.example"]).replacingOccurrences(of: "\r\n", with: "\n"), "lf@corp.example"),
            (card("Fourth", (1...4).map { "EMAIL;TYPE=work:fourth\($0)@corp.example" }), "fourth4@corp.example"),
            (card("J\u{FC}rgen", ["EMAIL;TYPE=work:j\u{FC}rgen@corp.example"]), "j\u{FC}rgen@corp.example"),
            (card("Escaped", ["EMAIL;TYPE=work:es\\,caped@corp.example"]), "es,caped@corp.example"),
            (card("Fifth", (1...5).map { "EMAIL;TYPE=work:fifth\($0)@corp.example" }), "fifth5@corp.example"),
            (card("Folded", ["EMAIL;TYPE=work:folded@co\r\n rp.example"]), "folded@corp.example"),
            (card("QP", ["EMAIL;WORK;ENCODING=QUOTED-PRINTABLE:qp=40corp.example"], version: "2.1", tel: "TEL;MAIN:+1 555 0100"), "qp@corp.example"),
        ]
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = shapes.map(\.card).joined()
        for (_, asked) in shapes {
            let updates = try ToolProcess.write("email,phone\n\"\(asked)\",+1 555 0199\n", to: dir, "updates.csv")
            let result = try ToolProcess.run(["set-phone", "--updates", updates], stdin: Array(input.utf8))
            #expect(result.status == 0, "\(asked): \(result.stderr)")
            #expect(result.stderr == "set-phone: \(shapes.count) cards read, 1 updated (1 phone replaced, 0 added)\n", "\(asked)")
            let changed = ToolProcess.changedLines(Array(input.utf8), result.stdout)
            #expect(changed.removed.count == 1 && changed.added.count == 1, "\(asked)")
            #expect(changed.added.first?.contains("+1 555 0199") == true, "\(asked)")
        }
        let updates = try ToolProcess.write("email,phone\nnobody@corp.example,+1 555 0199\n", to: dir, "updates.csv")
        let untouched = try ToolProcess.run(["set-phone", "--updates", updates], stdin: Array(input.utf8))
        #expect(untouched.status == 1)
        #expect(untouched.stdout == Array(input.utf8))
    }

    @Test func emailsIgnoreTheCaseOfASCIILettersOnly() throws {
        let (kelvin, _) = try run(csv: "email,phone\n\u{212A}ATE@corp.example,+1 555 0101\n")
        #expect(kelvin.status == 1)
        #expect(kelvin.stderr.hasSuffix("no card for: \u{212A}ate@corp.example\n"))
        let (ascii, _) = try run(csv: "email,phone\nKATE@Corp.Example,+1 555 0101\n")
        #expect(ascii.status == 0)
        let find = try ToolProcess.run(["find", "--email", "\u{212A}ATE@corp.example"], stdin: Array(Self.kate.utf8))
        #expect(find.status == 1)
    }
}
