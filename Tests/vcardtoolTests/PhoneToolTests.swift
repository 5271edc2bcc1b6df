import Foundation
import Testing

/// Phone numbers in the tool: `cat --phones`, `find --phone --region`, `--region` and
/// `VCARDTOOL_REGION`.
@Suite struct PhoneToolTests {
    static let card = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Ada\r
        NOTE:call 020 7946 0001\r
        TEL;TYPE=work:(020) 7946-0001 ext. 12\r
        TEL;VALUE=uri:tel:+44-20-7946-0001;ext=5\r
        item1.TEL:0044 20 7946 0001\r
        TEL:0800 FLOWERS\r
        TEL:123\r
        TEL:+1 650 253 0000\r
        END:VCARD\r

        """

    func write(_ text: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("c.vcf").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func catRewritesOnlyTheNumbersThatParse() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.card, in: dir)
        let result = try ToolProcess.run(["cat", "--phones", "e164", "--region", "GB", path])
        #expect(result.status == 0)
        #expect(result.stderr == "vcardtool cat: \(path):9:1: warning: phone '123' left as it is: 3 digits are not a possible length for +44 [phone-left]\n")
        let changes = ToolProcess.changedLines(Array(Self.card.utf8), result.stdout)
        #expect(
            changes.removed.sorted()
                == [
                    "TEL;TYPE=work:(020) 7946-0001 ext. 12\r", "TEL;VALUE=uri:tel:+44-20-7946-0001;ext=5\r",
                    "item1.TEL:0044 20 7946 0001\r", "TEL:0800 FLOWERS\r", "TEL:+1 650 253 0000\r",
                ].sorted())
        #expect(
            changes.added.sorted()
                == [
                    "TEL;TYPE=work:+442079460001 ext. 12\r", "TEL;VALUE=uri:tel:+442079460001;ext=5\r",
                    "item1.TEL:+442079460001\r", "TEL:+448003569377\r", "TEL:+16502530000\r",
                ].sorted())
    }

    @Test func catWithoutARegionLeavesNationalNumbersAndSaysWhy() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.card, in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["VCARDTOOL_REGION"] = nil
        let result = try ToolProcess.run(["cat", "--phones", "international", path], environment: environment)
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "\n").filter { $0.contains("no country code, and no --region") }.count == 4)
        let changes = ToolProcess.changedLines(Array(Self.card.utf8), result.stdout)
        #expect(changes.added == ["TEL:+1 650-253-0000\r"], "the tel: URI was already in international form")
    }

    @Test func regionFromTheEnvironmentAndUnknownRegions() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.card, in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["VCARDTOOL_REGION"] = "gb"
        let fromEnvironment = try ToolProcess.run(["cat", "--phones", "e164", path], environment: environment)
        let fromOption = try ToolProcess.run(["cat", "--phones", "e164", "--region", "GB", path])
        #expect(fromEnvironment.stdout == fromOption.stdout)
        let unknown = try ToolProcess.run(["cat", "--phones", "e164", "--region", "UK", path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("vcardtool cat: Unknown region 'UK' (--region or VCARDTOOL_REGION): use an ISO 3166 code such as GB or US\n"))
        let help = try ToolProcess.run(["cat", "--help"])
        #expect(help.stdoutText.contains("never the machine's locale"))
    }

    @Test func findPhoneAcrossFormsWithARegion() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.card, in: dir)
        let national = try ToolProcess.run(["find", "--phone", "020 7946 0001", "--region", "GB", "--fields", "FN", path])
        #expect(national.status == 0)
        #expect(national.stdoutText == "FN\nAda\n")
        let international = try ToolProcess.run(["find", "--phone", "+44 20 7946 0001", "--fields", "FN", path])
        #expect(international.stdoutText == "FN\nAda\n", "the tel: URI is international")
        let elsewhere = try ToolProcess.run(["find", "--phone", "+33 1 23 45 67 89", "--region", "GB", "--fields", "FN", path])
        #expect(elsewhere.status == 1)
    }
}
