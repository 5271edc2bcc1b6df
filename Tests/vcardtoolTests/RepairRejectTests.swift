import Foundation
import Testing

/// `vcardtool repair` leaves out the cards a CardDAV server refuses (found by
/// scripts/radicale-upload.sh): a parse error, a UID a card before has, and for nextcloud a
/// property name sabre cannot read, a card without END:VCARD; and strips a byte-order mark.
@Suite struct RepairRejectTests {
    static func card(_ lines: [String]) -> String { RepairTests.card("3.0", lines) }

    /// Runs `repair` with `arguments` on `text`, with a rejects file; returns the result and the rejects.
    static func repair(_ text: String, _ arguments: [String] = []) throws -> (result: ToolProcess, path: String, rejects: [UInt8]) {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ToolProcess.write(text, to: dir, "in.vcf")
        let rejects = dir.appendingPathComponent("rejects.vcf").path
        let result = try ToolProcess.run(["repair"] + arguments + ["--rejects", rejects, path])
        return (result, path, try ToolProcess.bytes(rejects))
    }

    @Test func cardWithAParseErrorIsRejected() throws {
        let good = Self.card(["FN:Good", "N:;;;;", "UID:g"])
        let bad = Self.card(["FN:Bad", "N:;;;;", "E", "UID:b"])
        let (result, path, rejects) = try Self.repair(good + bad)
        #expect(result.status == 1)
        #expect(result.stdout == Array(good.utf8))
        #expect(rejects == Array(bad.utf8))
        #expect(result.stderr.hasSuffix("vcardtool repair: \(path):7: rejected: line has no ':' between name and value; kept as it is [malformed-line]\n"))
    }

    @Test func secondCardWithAUIDIsRejected() throws {
        let first = Self.card(["FN:First", "N:;;;;", "UID:same"])
        let second = Self.card(["FN:Second", "N:;;;;", "UID:same"])
        let (result, path, rejects) = try Self.repair(first + second)
        #expect(result.status == 1)
        #expect(result.stdout == Array(first.utf8))
        #expect(rejects == Array(second.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):7: rejected: UID same is also used by a card before [duplicate-uid]\n")
    }

    @Test(arguments: [
        (["FN:A", "N:;;;;", "UID:u", "X-messaging/xmpp-All:a@b"], "property name 'X-messaging/xmpp-All' has characters other than letters, digits and '-' [invalid-name]"),
        (["FN:A", "N:;;;;", "UID:u", "X-GOOGLE TALK:a"], "property name 'X-GOOGLE TALK' has characters other than letters, digits and '-' [invalid-name]"),
    ])
    func nextcloudRejectsANameSabreCannotRead(lines: [String], message: String) throws {
        let text = Self.card(lines)
        let (result, path, rejects) = try Self.repair(text, ["--for", "nextcloud"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(rejects == Array(text.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):1: rejected: \(message)\n")
        // Without a target it is a warning, and the card is kept.
        #expect(try Self.repair(text).result.status == 0)
    }

    @Test func nextcloudRejectsAQuoteInsideAnUnquotedParameterValue() throws {
        let text = Self.card(["FN:A", "N:;;;;", "UID:u", "ADR;LABEL=\\\"42 Main St.\\\":;;42 Main St.;;;;", "NOTE;X-A=\"quoted\",\"too\":fine"])
        let (result, path, rejects) = try Self.repair(text, ["--for", "nextcloud"])
        #expect(result.status == 1)
        #expect(rejects == Array(text.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):1: rejected: nextcloud (CardDAV) cannot read a '\"' inside a parameter value that is not quoted [rejected-by-target]\n")
        // Quoted values alone are fine.
        #expect(try Self.repair(Self.card(["FN:A", "N:;;;;", "UID:u", "NOTE;X-A=\"quoted\",\"too\":fine"]), ["--for", "nextcloud"]).result.status == 0)
    }

    @Test func nextcloudRejectsACardWithoutEnd() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nN:;;;;\r\nUID:u\r\n"
        let (result, path, rejects) = try Self.repair(text, ["--for", "nextcloud"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(rejects == Array(text.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):1: rejected: card that begins on line 1 has no END:VCARD [missing-end]\n")
    }

    @Test func nextcloudStripsAByteOrderMark() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.card(["FN:A", "N:;;;;", "UID:u"])
        let path = dir.appendingPathComponent("bom.vcf").path
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let result = try ToolProcess.run(["repair", "--for", "nextcloud", path])
        #expect(result.status == 0)
        #expect(result.stdout == Array(text.utf8))
        #expect(result.stderr == "vcardtool repair: \(path):1: repaired: stripped-bom\n")
    }
}
