import Foundation
import Testing

/// The subcommands on cards that hold cards (vCard 2.1 `AGENT:` with its card on the next
/// lines, Android's bare nested `BEGIN:VCARD`): a nested card stays inside its card.
@Suite struct NestedCardToolTests {
    static let fixtures = ["agent-next-line-2.1.vcf", "android-nested-2.1.vcf", "agent-2.1.vcf"]

    @Test(arguments: fixtures)
    func catIsByteExact(_ name: String) throws {
        let path = ToolProcess.fixture(name)
        let result = try ToolProcess.run(["cat", "--warnings", path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == (try ToolProcess.bytes(path)))
    }

    /// `split` writes the two outer cards, each with its nested cards.
    @Test(arguments: fixtures)
    func splitKeepsNestedCardsInTheirCard(_ name: String) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToolProcess.run(["split", "--into", dir.path, ToolProcess.fixture(name)])
        #expect(result.status == 0)
        #expect(result.stderr == "split: 2 cards into \(dir.path)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files.count == 2)
        let written = try files.map { String(decoding: try ToolProcess.bytes(dir.appendingPathComponent($0).path), as: UTF8.self) }
        let original = String(decoding: try ToolProcess.bytes(ToolProcess.fixture(name)), as: UTF8.self)
        #expect(
            written.map { $0.components(separatedBy: "BEGIN:VCARD\r\n").count - 1 }.reduce(0, +)
                == original.components(separatedBy: "BEGIN:VCARD\r\n").count - 1)
    }

    @Test func findPrintsTheWholeOuterCard() throws {
        let path = ToolProcess.fixture("android-nested-2.1.vcf")
        let result = try ToolProcess.run(["find", "--email", "anna.berg@example.no", path])
        #expect(result.status == 0)
        let text = String(decoding: try ToolProcess.bytes(path), as: UTF8.self)
        #expect(result.stdoutText == text.components(separatedBy: "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Dahl")[0])
        #expect(result.stdoutText.contains("FN:Ole Berg\r\n"))
    }

    /// A change inside a nested card is a change of the property that holds it.
    @Test func diffSeesAChangeInsideANestedCard() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = ToolProcess.fixture("agent-next-line-2.1.vcf")
        let text = String(decoding: try ToolProcess.bytes(path), as: UTF8.self)
        let changed = try ToolProcess.write(text.replacingOccurrences(of: "+1-408-555-0142", with: "+1-408-555-0199"), to: dir, "new.vcf")
        let result = try ToolProcess.run(["diff", path, changed])
        #expect(result.status == 1)
        #expect(result.stdoutText.hasPrefix("~ Martha Gerber\n    AGENT: "))
        #expect(result.stdoutText.contains("+1-408-555-0199"))
        #expect(try ToolProcess.run(["diff", path, path]).status == 0)
    }

    /// Converted to 3.0 and back to 2.1, the nested cards are nested cards again.
    @Test(arguments: fixtures)
    func convertTo30AndBack(_ name: String) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let v3 = try ToolProcess.run(["convert", "--to", "3.0", ToolProcess.fixture(name)])
        #expect(v3.status == 0)
        #expect(v3.stdoutText.components(separatedBy: "BEGIN:VCARD\r\n").count - 1 == 2)  // the nested ones are text
        let v3Path = try ToolProcess.write(v3.stdoutText, to: dir, "v3.vcf")
        let back = try ToolProcess.run(["convert", "--to", "2.1", v3Path])
        #expect(back.status == 0)
        let original = String(decoding: try ToolProcess.bytes(ToolProcess.fixture(name)), as: UTF8.self)
        #expect(back.stdoutText.components(separatedBy: "BEGIN:VCARD\r\n").count == original.components(separatedBy: "BEGIN:VCARD\r\n").count)
    }
}
