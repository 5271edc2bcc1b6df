import Foundation
import Testing

/// `vcardtool split`: file names from UIDs (safe, unique), new UIDs, bytes kept, and `cat` joining
/// the files again.
@Suite struct SplitTests {
    static let usage = "--into <folder> [--format text|json] [<file-folder-or-url> ...]"

    func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func text(_ folder: URL, _ name: String) throws -> String {
        String(decoding: try ToolProcess.bytes(folder.appendingPathComponent(name).path), as: UTF8.self)
    }

    @Test func oneFilePerCardNamedAfterItsUID() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let result = try ToolProcess.run(["split", "--into", out.path, ToolProcess.fixture("nextcloud-4.0.vcf")])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "split: 2 cards into \(out.path)\n")
        let cards = try ToolProcess.fixtureCards("nextcloud-4.0.vcf")
        #expect(try files(in: out) == ["6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c.vcf", "urn_uuid_0b7c8d2e-3f4a-4b5c-8d6e-7f8091a2b3c4.vcf"])
        #expect(try text(out, "6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c.vcf") == cards[0])
        #expect(try text(out, "urn_uuid_0b7c8d2e-3f4a-4b5c-8d6e-7f8091a2b3c4.vcf") == cards[1])
        let diff = try ToolProcess.run(["diff", ToolProcess.fixture("nextcloud-4.0.vcf"), out.path])
        #expect(diff.status == 0)
    }

    @Test func cardWithoutUIDGetsOneInItsOwnVersionAndIsNamedAfterIt() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let margaret = try ToolProcess.fixtureCards("sample-contacts.vcf")[3]
        let result = try ToolProcess.run(["split", "--into", dir.path], stdin: Array(margaret.utf8))
        #expect(result.status == 0)
        #expect(result.stderr == "split: 1 cards into \(dir.path)\n")
        let name = try #require(try files(in: dir).first)
        let uid = String(name.dropLast(4))
        #expect(name.hasSuffix(".vcf") && UUID(uuidString: uid) != nil)
        #expect(try text(dir, name) == margaret.replacingOccurrences(of: "END:VCARD", with: "UID:\(uid)\r\nEND:VCARD"))
    }

    @Test func hostileUIDStaysInsideTheFolder() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("a/b/out")
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:../../evil\r\nFN:Evil\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["split", "--into", out.path], stdin: Array(card.utf8))
        #expect(result.status == 0)
        #expect(try files(in: out) == ["evil.vcf"])
        #expect(try text(out, "evil.vcf") == card)
        #expect(try files(in: dir.appendingPathComponent("a/b")) == ["out"])
        #expect(try files(in: dir) == ["a"])
    }

    @Test func takenNamesGetSuffixesAndNoFileIsOverwritten() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ToolProcess.write("keep me", to: dir, "x.vcf")
        let cards = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:x\r\nFN:One\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nUID:x\r\nFN:Two\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["split", "--into", dir.path], stdin: Array(cards.utf8))
        #expect(result.status == 0)
        #expect(try files(in: dir) == ["x-2.vcf", "x-3.vcf", "x.vcf"])
        #expect(try text(dir, "x.vcf") == "keep me")
        #expect(try text(dir, "x-2.vcf").contains("FN:One\r\n"))
        #expect(try text(dir, "x-3.vcf").contains("FN:Two\r\n"))
    }

    @Test func splitThenCatGivesTheCardsBack() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = ["sample-contacts.vcf", "nextcloud-4.0.vcf", "apple-ios-3.0.vcf"]
        let split = try ToolProcess.run(["split", "--into", dir.path] + inputs.map(ToolProcess.fixture))
        #expect(split.stderr == "split: 8 cards into \(dir.path)\n")
        let cat = try ToolProcess.run(["cat", dir.path])
        #expect(cat.status == 0)
        // Every card comes back, the ones without a UID with the UID line they were given.
        let original = try inputs.flatMap(ToolProcess.fixtureCards)
        let joined = ToolProcess.cards(cat.stdout).map { card in
            card.components(separatedBy: "\r\n").filter { line in
                !line.hasPrefix("UID:") || original.contains { $0.contains(line + "\r\n") }
            }.joined(separator: "\r\n")
        }
        #expect(joined.sorted() == original.sorted())
    }

    @Test func missingIntoIsUsageError() throws {
        let result = try ToolProcess.run(["split", ToolProcess.fixture("sample-contacts.vcf")])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Missing --into <folder>", "split", Self.usage))
    }

    @Test func unknownOptionIsUsageError() throws {
        let result = try ToolProcess.run(["split", "--into", "/tmp", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Unknown option '--bogus'", "split", Self.usage))
    }

    @Test func missingInputOrFileInTheWayExitsTwo() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try ToolProcess.run(["split", "--into", dir.path, "/nonexistent/in.vcf"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "vcardtool split: /nonexistent/in.vcf: No such file or directory\n")
        #expect(try files(in: dir).isEmpty)
        let file = try ToolProcess.write("", to: dir, "file")
        let blocked = try ToolProcess.run(["split", "--into", file, ToolProcess.fixture("sample-contacts.vcf")])
        #expect(blocked.status == 2)
        #expect(blocked.stderr == "vcardtool split: \(file): not a folder\n")
    }
}
