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
        #expect(lines.contains("\(path):5:1: warning: BDAY value '1985-13-45' is not a date or date-time [bad-date]"))
        #expect(lines.contains("\(path):12:1: error: UID one is also used by the card at \(path):1 [duplicate-uid]"))
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
        #expect(lines.contains { $0.hasSuffix("broken-no-colon-3.0.vcf: 1 cards, 0 warnings, 1 errors") })
        #expect(result.status == 1)
    }

    @Test func missingFileIsTrouble() throws {
        let result = try ToolProcess.run(["validate", "/no/such/dir/x.vcf"])
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool validate: /no/such/dir/x.vcf: No such file or directory\n")
    }
}
