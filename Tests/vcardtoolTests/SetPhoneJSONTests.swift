import Foundation
import Testing

/// `vcardtool set-phone --format json`: a JSON Lines record per card asked for, then the summary.
@Suite struct SetPhoneJSONTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func dryRunPrintsEachChangeAndTheSummary() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("phones.csv")
        try "email,phone\nada@analytical.example,+1 555 0199\nalan@bletchley.example,+44 1908 640404\nnobody@example.com,+1 555 0000\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let result = try ToolProcess.run(["set-phone", "--updates", csv.path, "--dry-run", "--format", "json", sample])
        #expect(result.status == 1)  // nobody@example.com matched no card
        #expect(result.stderr == "")
        let objects = try Self.objects(result.stdoutText)
        #expect(objects.map { $0["type"] as? String } == ["change", "change", "summary"])
        #expect(Set(objects[0].keys) == ["type", "input", "line", "name", "email", "action", "old", "phone"])
        #expect(objects[0]["name"] as? String == "Ada Lovelace")
        #expect(objects[0]["input"] as? String == sample)
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects[0]["email"] as? String == "ada@analytical.example")
        #expect(objects[0]["action"] as? String == "replaced")
        #expect(objects[0]["old"] as? String == "+44 20 7946 0001")
        #expect(objects[0]["phone"] as? String == "+1 555 0199")
        #expect(objects[1]["action"] as? String == "added")
        #expect(objects[1]["old"] is NSNull)
        let summary = objects[2]
        #expect(Set(summary.keys) == ["type", "cards", "updated", "replaced", "added", "removed", "conflicts", "unmatched"])
        #expect(summary["cards"] as? Int == 4)
        #expect(summary["updated"] as? Int == 2)
        #expect(summary["replaced"] as? Int == 1)
        #expect(summary["added"] as? Int == 1)
        #expect(summary["unmatched"] as? [String] == ["nobody@example.com"])
    }

    @Test func inPlaceWritesTheFileAndReportsAClear() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("contacts.vcf")
        try FileManager.default.copyItem(atPath: sample, toPath: file.path)
        let result = try ToolProcess.run(["set-phone", "--email", "ada@analytical.example", "--clear", "--in-place", "--format", "json", file.path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let objects = try Self.objects(result.stdoutText)
        #expect(objects.count == 2)
        #expect(objects[0]["action"] as? String == "removed")
        #expect(objects[0]["old"] as? String == "+44 20 7946 0001")
        #expect(objects[0]["phone"] is NSNull)
        #expect(objects[1]["removed"] as? Int == 1)
        #expect(!(String(decoding: try ToolProcess.bytes(file.path), as: UTF8.self).contains("+44 20 7946 0001")))
    }

    @Test func jsonNeedsInPlaceOrDryRun() throws {
        let result = try ToolProcess.run(["set-phone", "--email", "a@b.c", "--phone", "1", "--format", "json", sample])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("vcardtool set-phone: --format json needs --in-place or --dry-run (else standard output holds the cards)\n"))
    }
}
