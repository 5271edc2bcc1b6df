import Foundation
import Testing

/// `vcardtool validate --for TARGET`: a test per rule of each import target.
@Suite struct ValidateTargetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var target: String
        var rule: String
        var text: [UInt8]
        var expected: String  // the one line printed, after the path
        var testDescription: String { "\(target): \(rule)" }
    }

    static func card(_ version: String, _ lines: [String]) -> String {
        (["BEGIN:VCARD", "VERSION:\(version)"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    }

    static let cases: [Case] = [
        Case(
            target: "nextcloud", rule: "no UID", text: Array(card("4.0", ["FN:A"]).utf8),
            expected: ":1:1: error: nextcloud (CardDAV) requires a UID [rejected-by-target]"),
        Case(
            target: "icloud", rule: "no N in 3.0", text: Array(card("3.0", ["FN:A"]).utf8),
            expected: ":1:1: error: vCard 3.0 requires N [missing-property]"),
        Case(
            target: "nextcloud", rule: "two FN", text: Array(card("3.0", ["UID:1", "FN:A", "FN:B", "N:;;;;"]).utf8),
            expected: ":5:1: error: vCard 3.0 allows exactly one FN; the first is on line 4 [repeated-property]"),
        Case(
            target: "nextcloud", rule: "two PRODID", text: Array(card("4.0", ["FN:A", "PRODID:a", "PRODID:b", "UID:1"]).utf8),
            expected: ":5:1: error: vCard 4.0 allows at most one PRODID; the first is on line 4 [repeated-property]"),
        Case(
            target: "nextcloud", rule: "vCard 2.1", text: Array(card("2.1", ["FN:A", "N:;;;;", "UID:1"]).utf8),
            expected: ":2:1: error: nextcloud rejects vCard 2.1; convert it (vcardtool cat --to 3.0) [rejected-by-target]"),
        Case(
            target: "nextcloud", rule: "ENCODING=BASE64 in 3.0", text: Array(card("3.0", ["FN:A", "N:;;;;", "PHOTO;ENCODING=BASE64:SGVsbG8=", "UID:1"]).utf8),
            expected: ":5:1: error: nextcloud (sabre) rejects ENCODING=BASE64 in vCard 3.0; 3.0 writes ENCODING=b [rejected-by-target]"),
        Case(
            target: "nextcloud", rule: "quoted-printable", text: Array(card("3.0", ["FN:A", "N:;;;;", "NOTE;ENCODING=QUOTED-PRINTABLE:a=3Db", "UID:1"]).utf8),
            expected: ":5:1: error: nextcloud (sabre) rejects ENCODING=QUOTED-PRINTABLE [rejected-by-target]"),
        Case(
            target: "nextcloud", rule: "bare quoted-printable", text: Array(card("3.0", ["FN:A", "N:;;;;", "NOTE;QUOTED-PRINTABLE:a=3Db", "UID:1"]).utf8),
            expected: ":5:1: error: nextcloud (sabre) rejects ENCODING=QUOTED-PRINTABLE [rejected-by-target]"),
        Case(
            target: "icloud", rule: "vCard 2.1", text: Array(card("2.1", ["FN:A", "N:;;;;"]).utf8),
            expected: ":2:1: error: icloud rejects vCard 2.1; convert it (vcardtool cat --to 3.0) [rejected-by-target]"),
        Case(
            target: "icloud", rule: "quoted-printable", text: Array(card("3.0", ["FN:A", "N:;;;;", "NOTE;ENCODING=QUOTED-PRINTABLE:a=3Db"]).utf8),
            expected: ":5:1: error: icloud rejects ENCODING=QUOTED-PRINTABLE [rejected-by-target]"),
        Case(
            target: "icloud", rule: "byte-order mark", text: [0xEF, 0xBB, 0xBF] + Array(card("3.0", ["FN:A", "N:;;;;"]).utf8),
            expected: ":1:1: error: icloud rejects a file that starts with a UTF-8 byte-order mark [rejected-by-target]"),
        Case(
            target: "icloud", rule: "photo over 224 KB", text: Array(card("3.0", ["FN:A", "N:;;;;", "PHOTO;ENCODING=b:" + String(repeating: "AAAA", count: 80_000)]).utf8),
            expected: ":5:1: error: icloud rejects a PHOTO over 224 KB; repair --photos FOLDER moves it to a file [rejected-by-target]"),
        Case(
            target: "outlook", rule: "a second card", text: Array((card("3.0", ["FN:A", "N:;;;;"]) + card("3.0", ["FN:B", "N:;;;;"])).utf8),
            expected: ":6:1: error: outlook reads only the first card of a file; split it (vcardtool split) [rejected-by-target]"),
        Case(
            target: "rfc", rule: "an impossible date", text: Array(card("4.0", ["FN:A", "BDAY:20260230"]).utf8),
            expected: ":4:6: error: BDAY value '20260230' is not a real date or time: day 30 of month 2 does not exist in 2026 [impossible-date]"),
    ]

    @Test(arguments: cases) func targetRule(_ c: Case) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("in.vcf").path
        try Data(c.text).write(to: URL(fileURLWithPath: path))
        let lenient = try ToolProcess.run(["validate", path])
        #expect(!lenient.stdoutText.contains(": error: "))
        let result = try ToolProcess.run(["validate", "--for", c.target, path])
        #expect(result.stdoutText == path + c.expected + "\n")
        #expect(result.status == 1)
    }

    @Test func googleTakesAtMost25000Cards() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("many.vcf").path
        let one = Self.card("4.0", ["FN:A"])
        try Data(String(repeating: one, count: 25_000).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ToolProcess.run(["validate", "--for", "google", path]).status == 0)
        try Data(String(repeating: one, count: 25_001).utf8).write(to: URL(fileURLWithPath: path))
        let result = try ToolProcess.run(["validate", "--for", "google", path])
        #expect(result.stdoutText == "\(path):100001:1: error: google keeps at most 25,000 contacts; this is card 25,001 [rejected-by-target]\n")
        #expect(result.status == 1)
    }

    @Test func unknownTargetIsAUsageError() throws {
        let result = try ToolProcess.run(["validate", "--for", "yahoo", ToolProcess.fixture("google-3.0.vcf")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("vcardtool validate: Unknown target 'yahoo'; use rfc, nextcloud, icloud, google, outlook\n"))
    }

    @Test func helpNamesTheSourceOfEveryRule() throws {
        let help = try ToolProcess.run(["help", "validate"]).stdoutText
        for source in [
            "nextcloud/contacts#206", "nextcloud/contacts#990", "nextcloud/server#3366", "nextcloud/android#7120", "sabre-io/vobject#176", "sabre-io/vobject#503",
            "filefix.org/vcard-error-icloud-invalid-contact-data.html", "correctvcf.com", "contactsplus.com", "sperrysoftware.com", "RFC 6350",
        ] {
            #expect(help.contains(source), "\(source)")
        }
    }
}
