import Foundation
import Testing

/// `vcardtool set-phone` on real-looking exports: exactly the expected TEL lines change.
@Suite struct SetPhoneTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    func setPhone(_ email: String, _ phone: String, _ extra: [String] = [], file: String? = nil) throws -> ToolProcess {
        try ToolProcess.run(["set-phone", "--email", email, "--phone", phone] + extra + [file ?? sample])
    }

    @Test func replacesAppleMainLabeledPhoneAndNothingElse() throws {
        let result = try setPhone("ADA@analytical.example ", "+1 555 0199")
        #expect(result.status == 0)
        let changes = ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout)
        #expect(changes.removed == ["item2.TEL:+44 20 7946 0001\r"])
        #expect(changes.added == ["item2.TEL:+1 555 0199\r"])
        #expect(result.stderr == "set-phone: 4 cards read, 1 updated (1 phone replaced, 0 added)\n")
    }

    @Test func replacesPreferredTelURIInVersion4() throws {
        let result = try setPhone("grace@navy.example", "+1 555 0199")
        #expect(result.status == 0)
        let changes = ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout)
        #expect(changes.removed == ["TEL;TYPE=\"work,voice\";VALUE=uri;PREF=1:tel:+1-202-555-0144\r"])
        #expect(changes.added == ["TEL;TYPE=\"work,voice\";VALUE=uri;PREF=1:tel:+1-555-0199\r"])
    }

    @Test func addsMainPhoneToCardWithoutOne() throws {
        let result = try setPhone("alan@bletchley.example", "+44 1908 640404")
        #expect(result.status == 0)
        let changes = ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout)
        #expect(changes.removed.isEmpty)
        #expect(changes.added == ["TEL;TYPE=main:+44 1908 640404\r"])
        #expect(result.stderr.contains("0 phones replaced, 1 added"))
    }

    @Test func replacesFirstPhoneOfVersion21Card() throws {
        let result = try setPhone("margaret@apollo.example", "+1 617 555 0199")
        let changes = ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout)
        #expect(changes.removed == ["TEL;WORK;VOICE:+1-617-555-0100\r"])
        #expect(changes.added == ["TEL;WORK;VOICE:+1 617 555 0199\r"])
    }

    @Test func homeEmailDoesNotMatchUnlessAnyEmail() throws {
        let strict = try setPhone("ada@home.example", "+1 555 0199")
        #expect(strict.status == 1)
        #expect(strict.stdout == (try ToolProcess.bytes(sample)))
        #expect(strict.stderr.hasSuffix("no card for: ada@home.example\n"))
        let any = try setPhone("ada@home.example", "+1 555 0199", ["--any-email"])
        #expect(any.status == 0)
        #expect(any.stdout != (try ToolProcess.bytes(sample)))
    }

    @Test func updatesFromCSVWithQuotingAndReportsUnmatched() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("updates.csv")
        try Data("\u{FEFF}name,email,phone\r\n\"Lovelace, Ada\",ada@analytical.example,\"+1 555 0101\"\r\nNobody,nobody@example.com,+1 555 0102\r\n\"Hopper\",grace@navy.example,+1 555 0103\r\n".utf8).write(to: csv)
        let result = try ToolProcess.run(["set-phone", "--updates", csv.path, sample])
        #expect(result.status == 1)
        #expect(result.stderr == "set-phone: 4 cards read, 2 updated (2 phones replaced, 0 added); no card for: nobody@example.com\n")
        let changes = ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout)
        #expect(changes.added == ["item2.TEL:+1 555 0101\r", "TEL;TYPE=\"work,voice\";VALUE=uri;PREF=1:tel:+1-555-0103\r"])
    }

    @Test func inPlaceWithBackupKeepsModeAndOriginal() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("contacts.vcf").path
        let original = try ToolProcess.bytes(sample)
        try Data(original).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        let result = try setPhone("grace@navy.example", "+1 555 0199", ["--in-place", "--backup", ".orig"], file: file)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try ToolProcess.bytes(file + ".orig") == original)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o640)
        let changes = ToolProcess.changedLines(original, try ToolProcess.bytes(file))
        #expect(changes.added == ["TEL;TYPE=\"work,voice\";VALUE=uri;PREF=1:tel:+1-555-0199\r"])
    }

    @Test func dryRunPrintsDiffAndWritesNothing() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("contacts.vcf").path
        let original = try ToolProcess.bytes(sample)
        try Data(original).write(to: URL(fileURLWithPath: file))
        let result = try setPhone("ada@analytical.example", "+1 555 0199", ["--in-place", "--dry-run"], file: file)
        #expect(result.status == 0)
        #expect(try ToolProcess.bytes(file) == original)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains("-item2.TEL:+44 20 7946 0001"))
        #expect(lines.contains("+item2.TEL:+1 555 0199"))
        #expect(lines.contains { $0.hasPrefix("@@ -8,") })
    }

    @Test func fileWithErrorsIsNotRewrittenInPlaceWithoutForce() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("broken.vcf").path
        let original = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEMAIL;TYPE=work:ada@x.example\r\nthis line has no colon\r\nEND:VCARD\r\n".utf8)
        try Data(original).write(to: URL(fileURLWithPath: file))
        let refused = try setPhone("ada@x.example", "+1 555 0199", ["--in-place"], file: file)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("broken.vcf:5:1: error: line has no ':'"))
        #expect(refused.stderr.contains("not rewritten"))
        #expect(try ToolProcess.bytes(file) == original)
        let forced = try setPhone("ada@x.example", "+1 555 0199", ["--in-place", "--force"], file: file)
        #expect(forced.status == 1)  // rewritten, but the input had errors
        let changes = ToolProcess.changedLines(original, try ToolProcess.bytes(file))
        #expect(changes.added == ["TEL;TYPE=main:+1 555 0199\r"])
        #expect(changes.removed.isEmpty)
    }

    @Test(arguments: [
        (["set-phone", "--email", "a@b.c"], "vcardtool set-phone: --email goes with --phone or --clear"),
        (["set-phone", "--phone", "1"], "vcardtool set-phone: --email and --phone go together"),
        (["set-phone", "--email", "--phone", "1"], "vcardtool set-phone: Missing value for '--email'"),
        (["set-phone", "--email", "a@b.c", "--phone", "1", "--clear"], "vcardtool set-phone: --phone and --clear go separately"),
        (["set-phone", "--email", "a@b.c", "--phone", "  "], "vcardtool set-phone: --phone: empty phone for a@b.c; use --clear to remove main phones"),
        (["set-phone", "--email", "a@b.c", "--phone", "1", "--bogus"], "vcardtool set-phone: Unknown option '--bogus'"),
        (["set-phone", "--email", "a@b.c", "--phone", "1", "--in-place"], "vcardtool set-phone: --in-place needs files, not standard input"),
        (["set-phone", "--email", "a@b.c", "--phone", "1", "/no/such/file.vcf"], "/no/such/file.vcf: No such file or directory"),
        (["set-phon"], "did you mean 'set-phone'?"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
    }

    @Test func readsStandardInput() throws {
        let result = try ToolProcess.run(
            ["set-phone", "--email", "grace@navy.example", "--phone", "+1 555 0199"],
            stdin: try ToolProcess.bytes(sample))
        #expect(result.status == 0)
        #expect(ToolProcess.changedLines(try ToolProcess.bytes(sample), result.stdout).added.count == 1)
    }

    @Test func helpShowsExamples() throws {
        let result = try ToolProcess.run(["set-phone", "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("OVERVIEW: Set the main phone number"))
        #expect(result.stdoutText.contains("EXAMPLES:"))
    }
}
