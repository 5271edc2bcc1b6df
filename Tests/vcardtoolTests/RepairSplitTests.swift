import Foundation
import Testing

@testable import vcardtool

/// `repair --split-every` and `--split-size`: the limits at their boundaries, a card over the
/// size alone in its file, files that join to the unsplit output byte for byte, and files
/// written through the one atomic path (never replacing another file).
@Suite struct RepairSplitTests {
    /// A 4.0 card of exactly `size` bytes (at least 45), its FN padded with `x`.
    static func card(_ uid: Int, size: Int) -> [UInt8] {
        let frame = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:\r\nEND:VCARD\r\n"
        let text = frame.replacingOccurrences(of: "FN:", with: "FN:" + String(repeating: "x", count: size - frame.utf8.count))
        return Array(text.utf8)
    }

    @Test func exactFitStaysInOnePart() {
        var packer = PartPacker(maxCards: nil, maxBytes: 200)
        let fits = [packer.add(Self.card(1, size: 100)), packer.add(Self.card(2, size: 100))]
        #expect(fits == [true, true])
        #expect(packer.parts.map(\.count) == [200])
    }

    @Test func oneByteOverStartsANewPart() {
        var packer = PartPacker(maxCards: nil, maxBytes: 200)
        packer.add(Self.card(1, size: 100))
        packer.add(Self.card(2, size: 101))
        #expect(packer.parts.map(\.count) == [100, 101])
    }

    @Test func cardOverTheSizeIsAloneInItsPart() {
        var packer = PartPacker(maxCards: nil, maxBytes: 100)
        let fits = [packer.add(Self.card(1, size: 60)), packer.add(Self.card(2, size: 101)), packer.add(Self.card(3, size: 60))]
        #expect(fits == [true, false, true])
        #expect(packer.parts.map(\.count) == [60, 101, 60])
    }

    @Test func cardCountAndSizeBothLimit() {
        var packer = PartPacker(maxCards: 2, maxBytes: 250)
        for (uid, size) in [(1, 100), (2, 100), (3, 100), (4, 100), (5, 100)] { packer.add(Self.card(uid, size: size)) }
        #expect(packer.parts.map(\.count) == [200, 200, 100])
        var bySize = PartPacker(maxCards: 3, maxBytes: 250)
        for uid in 1...4 { bySize.add(Self.card(uid, size: 100)) }
        #expect(bySize.parts.map(\.count) == [200, 200])
    }

    @Test(arguments: [
        (["repair", "--split-every", "2"], "--split-every and --split-size need --into <folder>"),
        (["repair", "--into", "x"], "--into needs --split-every or --split-size"),
        (["repair", "--split-size", "0", "--into", "x"], "--split-size takes a whole number above 0, not '0'"),
        (["repair", "--split-every", "2", "--into", "x", "--in-place", "a.vcf"], "--in-place rewrites each file; it does not split"),
    ])
    func badCombinationsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("vcardtool repair: \(message)\n") || result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }

    @Test func partsJoinToTheUnsplitOutputByteForByte() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A card to repair (no FN), a card over the size, text after the last card.
        let text =
            RepairTests.card("3.0", ["N:Lovelace;Ada;;;", "UID:a"]) + String(decoding: Self.card(2, size: 300), as: UTF8.self)
            + RepairTests.card("4.0", ["FN:C", "UID:c"]) + RepairTests.card("4.0", ["FN:D", "UID:d"]) + "\r\n"
        let path = try ToolProcess.write(text, to: dir, "export.vcf")
        let whole = try ToolProcess.run(["repair", path])
        let folder = dir.appendingPathComponent("parts").path
        let split = try ToolProcess.run(["repair", "--into", folder, "--split-size", "200", path])
        #expect(split.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["export-001.vcf", "export-002.vcf", "export-003.vcf"])
        let parts = try names.map { try ToolProcess.bytes(folder + "/" + $0) }
        #expect(parts.map(\.count).enumerated().allSatisfy { $0.offset == 1 || $0.element <= 200 })
        #expect(Array(parts.joined()) == whole.stdout)
        #expect(split.stdout.isEmpty)
        #expect(split.stderr.contains("\(path):6: warning: card of 300 bytes is over --split-size; written alone to export-002.vcf\n"))
        #expect(split.stderr.hasSuffix("vcardtool repair: 3 files into \(folder) (export-001.vcf…export-003.vcf)\n"))
        // Again: the files hold the same bytes and are left alone; a different file is never replaced.
        #expect(try ToolProcess.run(["repair", "--into", folder, "--split-size", "200", path]).status == 0)
        let again = try ToolProcess.run(["repair", "--into", folder, "--split-every", "1", path])
        #expect(again.status == 2)
        // (001 and 002 hold one card each either way; 003 held C and D.)
        #expect(again.stderr.hasSuffix("vcardtool repair: \(folder)/export-003.vcf: already exists with other content; not replaced\n"))
        #expect(try ToolProcess.bytes(folder + "/export-003.vcf") == parts[2])
    }

    @Test func partNames() {
        #expect(Repair.partName("dir/export.vcf") == "export")
        #expect(Repair.partName("contacts/") == "contacts")
        #expect(Repair.partName("-") == "cards")
        #expect(Repair.partName(nil) == "cards")
        #expect(Repair.partFile("export", 7) == "export-007.vcf")
        #expect(Repair.partFile("export", 1234) == "export-1234.vcf")
    }
}
