import Foundation
import Testing

/// `vcardtool diff`: a phone number written in another form is no change; a region places the
/// national forms.
@Suite struct DiffPhoneTests {
    func card(_ tel: String, version: String = "3.0") -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\nUID:ada\r\nFN:Ada\r\n\(tel)\r\nEND:VCARD\r\n"
    }

    func diff(_ old: String, _ new: String, _ options: [String] = []) throws -> ToolProcess {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.vcf"), b = dir.appendingPathComponent("b.vcf")
        try Data(old.utf8).write(to: a)
        try Data(new.utf8).write(to: b)
        var environment = ProcessInfo.processInfo.environment
        environment["VCARDTOOL_REGION"] = nil
        return try ToolProcess.run(["diff"] + options + [a.path, b.path], environment: environment)
    }

    @Test func internationalFormsAreNoChange() throws {
        let result = try diff(card("TEL:+44 20 7946 0001 ext. 5", version: "4.0"), card("TEL;VALUE=uri:tel:+44-20-7946-0001;ext=5", version: "4.0"))
        #expect(result.status == 0)
        #expect(result.stdoutText == "")
        let trunk = try diff(card("TEL:+44 20 7946 0001"), card("TEL:+44 (0)20-7946-0001"))
        #expect(trunk.status == 0)
    }

    @Test func aRegionPlacesNationalForms() throws {
        let (old, new) = (card("TEL:020 7946 0001"), card("TEL:0044 20 7946 0001"))
        let withRegion = try diff(old, new, ["--region", "GB"])
        #expect(withRegion.status == 0)
        #expect(withRegion.stdoutText == "")
        let without = try diff(old, new)
        #expect(without.status == 1, "without a region 020… is not placed")
        #expect(without.stdoutText.contains("0044 20 7946 0001"))
    }

    @Test func anotherNumberOrExtensionIsAChange() throws {
        #expect(try diff(card("TEL:+44 20 7946 0001"), card("TEL:+44 20 7946 0002")).status == 1)
        #expect(try diff(card("TEL:+44 20 7946 0001 x5"), card("TEL:+44 20 7946 0001 x6")).status == 1)
    }
}
