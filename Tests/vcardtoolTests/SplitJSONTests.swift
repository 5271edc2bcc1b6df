import Foundation
import Testing

/// `vcardtool split --format json`: a JSON Lines record per card, then the totals.
@Suite struct SplitJSONTests {
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func eachCardThenTheSummary() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = ToolProcess.fixture("nextcloud-4.0.vcf")
        let first = try ToolProcess.run(["split", "--into", dir.path, "--format", "json", input])
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let objects = try Self.objects(first.stdoutText)
        #expect(objects.count == 3)
        #expect(objects.map { $0["type"] as? String } == ["card", "card", "summary"])
        #expect(Set(objects[0].keys) == ["type", "input", "line", "uid", "file", "status"])
        #expect(objects[0]["input"] as? String == input)
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects[0]["uid"] as? String == "6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c")
        #expect(objects[1]["file"] as? String == dir.path + "/urn_uuid_0b7c8d2e-3f4a-4b5c-8d6e-7f8091a2b3c4.vcf")
        #expect(objects[0..<2].map { $0["status"] as? String } == ["written", "written"])
        for object in objects[0..<2] {
            let file = try #require(object["file"] as? String)
            #expect(FileManager.default.fileExists(atPath: file))
        }
        #expect(objects[2]["written"] as? Int == 2)
        #expect(objects[2]["present"] as? Int == 0)
        #expect(objects[2]["folder"] as? String == dir.path)

        let again = try Self.objects(try ToolProcess.run(["split", "--into", dir.path + "/", "--format", "json", input]).stdoutText)
        #expect(again[0..<2].map { $0["status"] as? String } == ["present", "present"])
        #expect(again[0]["file"] as? String == dir.path + "/6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c.vcf")
        #expect(again[2]["present"] as? Int == 2)
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try ToolProcess.run(["split", "--into", "x", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Unknown format 'yaml'; use text or json", "split", SplitTests.usage))
    }
}
