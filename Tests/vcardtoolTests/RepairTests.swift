import Foundation
import Testing

/// `vcardtool repair`: a test per action (each changes only its own lines), idempotence, valid
/// cards untouched, rejects byte for byte, and --in-place.
@Suite struct RepairTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var action: String
        var target: String?
        var lines: [String]
        var version = "3.0"
        var removed: [String]
        var added: [String]
        var testDescription: String { action }
    }

    static func card(_ version: String, _ lines: [String]) -> String {
        (["BEGIN:VCARD", "VERSION:\(version)"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    }

    static let cases: [Case] = [
        Case(action: "derived-fn", lines: ["N:Lovelace;Ada;;;"], removed: [], added: ["FN:Ada Lovelace\r"]),
        Case(action: "derived-n", lines: ["FN:Ada King Lovelace"], removed: [], added: ["N:Lovelace;Ada;King;;\r"]),
        Case(action: "dropped-duplicate-prodid", lines: ["FN:A", "N:;;;;", "PRODID:a", "PRODID:b"], removed: ["PRODID:b\r"], added: []),
        Case(
            action: "base64-to-b", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=BASE64;TYPE=JPEG:SGVsbG8="],
            removed: ["PHOTO;ENCODING=BASE64;TYPE=JPEG:SGVsbG8=\r"], added: ["PHOTO;ENCODING=b;TYPE=JPEG:SGVsbG8=\r"]),
        Case(action: "added-uid", target: "nextcloud", lines: ["FN:A"], version: "4.0", removed: [], added: ["UID:"]),
        Case(
            action: "converted-2.1", target: "icloud",
            lines: [
                "FN:Ada", "N:;Ada;;;", "TEL;CELL;PREF:+1 555 0100",
                "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:caf=C3=A9",
            ], version: "2.1",
            removed: ["VERSION:2.1\r", "TEL;CELL;PREF:+1 555 0100\r", "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:caf=C3=A9\r"],
            added: ["VERSION:3.0\r", "TEL;TYPE=CELL,PREF:+1 555 0100\r", "NOTE:café\r"]),
        Case(
            action: "dropped-empty-parameter", lines: ["FN:A", "N:;;;;", "NOTE;X-A=b;;X-C=\"d;:\";:e"],
            removed: ["NOTE;X-A=b;;X-C=\"d;:\";:e\r"], added: ["NOTE;X-A=b;X-C=\"d;:\":e\r"]),
    ]

    @Test(arguments: cases) func actionTouchesOnlyItsLines(_ c: Case) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.card(c.version, c.lines) + Self.card("4.0", ["FN:Untouched", "UID:u"])
        let path = try ToolProcess.write(text, to: dir, "in.vcf")
        let result = try ToolProcess.run(["repair"] + (c.target.map { ["--for", $0] } ?? []) + [path])
        #expect(result.status == 0)
        #expect(result.stderr == "vcardtool repair: \(path):1: repaired: \(c.action)\n")
        let changed = ToolProcess.changedLines(Array(text.utf8), result.stdout)
        #expect(changed.removed.sorted() == c.removed.sorted())
        #expect(changed.added.count == c.added.count)
        for prefix in c.added { #expect(changed.added.contains { $0.hasPrefix(prefix) }, "\(prefix) in \(changed.added)") }
        // A second run changes nothing.
        let second = try ToolProcess.write(String(decoding: result.stdout, as: UTF8.self), to: dir, "again.vcf")
        let again = try ToolProcess.run(["repair"] + (c.target.map { ["--for", $0] } ?? []) + [second])
        #expect(again.stdout == result.stdout)
        #expect(again.stderr.isEmpty)
    }

    @Test func validCardsAreWrittenByteForByte() throws {
        let path = ToolProcess.fixture("nextcloud-4.0.vcf")
        for target in [[], ["--for", "nextcloud"], ["--for", "rfc"]] {
            let result = try ToolProcess.run(["repair"] + target + [path])
            #expect(result.stdout == (try ToolProcess.bytes(path)))
            #expect(result.stderr.isEmpty)
            #expect(result.status == 0)
        }
    }

    @Test func uidIsAddedOnlyForNextcloud() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ToolProcess.write(Self.card("4.0", ["FN:A"]), to: dir, "in.vcf")
        let result = try ToolProcess.run(["repair", path])
        #expect(result.stdout == (try ToolProcess.bytes(path)))
        #expect(result.stderr.isEmpty)
    }

    @Test func byteOrderMarkIsStrippedForICloud() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.card("3.0", ["FN:A", "N:;;;;"])
        let path = dir.appendingPathComponent("bom.vcf").path
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let result = try ToolProcess.run(["repair", "--for", "icloud", path])
        #expect(result.stdout == Array(text.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):1: repaired: stripped-bom\n")
        #expect(try ToolProcess.run(["repair", path]).stdout == (try ToolProcess.bytes(path)))
    }

    @Test func cardsThatStayInvalidGoToTheRejectsFileByteForByte() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\n  FN:B\r\nfn:C\r\nN:;;;;\r\nEND:VCARD\r\n"
        let good = Self.card("3.0", ["FN:Good", "N:;;;;", "UID:g"])
        let path = try ToolProcess.write(good + bad, to: dir, "in.vcf")
        let rejects = dir.appendingPathComponent("rejects.vcf").path
        let result = try ToolProcess.run(["repair", "--for", "nextcloud", "--rejects", rejects, path])
        #expect(result.status == 1)
        #expect(result.stdout == Array(good.utf8))
        #expect(try ToolProcess.bytes(rejects) == Array(bad.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):7: rejected: vCard 3.0 allows exactly one FN; the first is on line 9 [repeated-property]\n")
    }

    @Test func inPlaceRewritesTheFile() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ToolProcess.write(Self.card("3.0", ["N:Lovelace;Ada;;;"]), to: dir, "in.vcf")
        let result = try ToolProcess.run(["repair", "--in-place", path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try ToolProcess.bytes(path) == Array(Self.card("3.0", ["FN:Ada Lovelace", "N:Lovelace;Ada;;;"]).utf8))
        #expect(try ToolProcess.run(["repair", "--in-place", path]).stderr.isEmpty)
    }
}
