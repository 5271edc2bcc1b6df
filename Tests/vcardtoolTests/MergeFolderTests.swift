import Foundation
import Testing

/// `vcardtool merge --into FOLDER` and `merge --dupes FOLDER` on a folder of one-card files (as
/// `split` writes it and `ContactStore(directoryAt:)` reads it): the changes go through the
/// store's save, all or nothing, and `--dry-run` only shows them.
@Suite struct MergeFolderTests {
    /// Sam's and Rosa's files as `split` names Google's cards (UIDs derived from their content).
    static let sam = "2E342BE1-F4CE-8210-BCB8-86B0B9320AC6.vcf"
    static let rosa = "61827F6C-000A-85EF-99FD-A777F637D078.vcf"
    static let sources = ["apple-people-3.0.vcf", "android-people-2.1.vcf", "outlook-people-2.1.vcf"].map(ToolProcess.fixture)

    /// A temporary folder holding `contacts/`, Google's export split into one file per card.
    static func googleFolder() throws -> (dir: URL, folder: String) {
        let dir = try ToolProcess.temporaryDirectory()
        let folder = dir.appendingPathComponent("contacts").path
        let split = try ToolProcess.run(["split", "--into", folder, ToolProcess.fixture("google-people-3.0.vcf")])
        #expect(split.status == 0)
        return (dir, folder)
    }

    /// Every entry of `folder` with what identifies its content and version: the bytes it holds
    /// (through a link), its modification time and, for a link, where it points.
    static func snapshot(_ folder: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let link = attributes[.type] as? FileAttributeType == .typeSymbolicLink ? try FileManager.default.destinationOfSymbolicLink(atPath: path) : ""
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[name] = "\(try ToolProcess.bytes(path)) \(modified) \(link)"
        }
        return result
    }

    /// Sam's file gets what Apple, Android and Outlook add (only its number's line changes),
    /// Rosa's and Kim's theirs; the three people Google lacks get a file each, named after the
    /// UID each gets; Ana's file is untouched.
    @Test func importRewritesTheMatchedFilesAndAddsNewOnes() throws {
        let (dir, folder) = try Self.googleFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Self.snapshot(folder)
        let oldSam = try ToolProcess.bytes(folder + "/" + Self.sam)
        let result = try ToolProcess.run(["merge", "--into", folder] + Self.sources)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("vcardtool merge: updated 1, merged 5, appended 3, unchanged 0\n"))
        let newSam = try ToolProcess.bytes(folder + "/" + Self.sam)
        #expect(ToolProcess.changedLines(oldSam, newSam).removed == ["TEL;TYPE=CELL:+44 20 7946 0001\r"])
        // The card `merge --dupes` makes of the same cards in one file, with the split's UID.
        let uid = "UID:" + Self.sam.dropLast(4) + "\r\n"
        #expect(String(decoding: newSam, as: UTF8.self) == MergeTests.samMerged.replacingOccurrences(of: "myContacts\r\n", with: "myContacts\r\n" + uid))
        let after = try Self.snapshot(folder)
        #expect(after.count == 7)
        let ana = "A2CC0EE9-6196-8B43-8FFB-6B5FAEAF7B82.vcf"
        #expect(after[ana] == before[ana])
        let zoe = try #require(
            after.keys.first {
                !before.keys.contains($0)
                    && (try? ToolProcess.bytes(folder + "/" + $0))
                        .map { String(decoding: $0, as: UTF8.self).contains("FN:Zoe MARTIN\r\n") } == true
            })
        #expect(String(decoding: try ToolProcess.bytes(folder + "/" + zoe), as: UTF8.self).contains("\r\nUID:\(zoe.dropLast(4))\r\n"))
    }

    /// Importing the same exports again changes nothing: every file keeps its bytes and its
    /// modification time, and no file is added.
    @Test func secondImportIntoAFolderChangesNothing() throws {
        let (dir, folder) = try Self.googleFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ToolProcess.run(["merge", "--into", folder] + Self.sources).status == 0)
        let first = try Self.snapshot(folder)
        let second = try ToolProcess.run(["merge", "--into", folder] + Self.sources)
        #expect(second.status == 0)
        #expect(second.stderr.hasSuffix("vcardtool merge: updated 0, merged 0, appended 0, unchanged 9\n"))
        #expect(try Self.snapshot(folder) == first)
    }

    /// --dry-run prints each file's diff, new files against /dev/null, and writes nothing.
    @Test func dryRunIntoAFolderWritesNothing() throws {
        let (dir, folder) = try Self.googleFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Self.snapshot(folder)
        let result = try ToolProcess.run(["merge", "--into", folder, "--dry-run"] + Self.sources)
        #expect(result.status == 0)
        #expect(try Self.snapshot(folder) == before)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(4) == ["--- \(folder)/\(Self.sam)", "+++ \(folder)/\(Self.sam)", "@@ -3,7 +3,12 @@", " FN:Sam Shared"])
        #expect(lines.contains("-TEL;TYPE=CELL:+44 20 7946 0001"))
        #expect(lines.contains("+NOTE:Met at the Brighton meetup"))
        #expect(lines.filter { $0 == "--- /dev/null" }.count == 3)
        #expect(lines.contains("@@ -0,0 +1,7 @@"))
        #expect(result.stderr.hasSuffix("vcardtool merge: updated 1, merged 5, appended 3, unchanged 0\n"))
    }

    /// The folder store never writes through a symbolic link in its folder: with Rosa's file a
    /// link, the import is refused before any file is written (Sam's file, written first by
    /// name, keeps its bytes too), and the link stays as it was.
    @Test func linkInTheFolderRefusesTheWholeImport() throws {
        let (dir, folder) = try Self.googleFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outside = dir.appendingPathComponent("rosa.vcf").path
        try FileManager.default.moveItem(atPath: folder + "/" + Self.rosa, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + Self.rosa, withDestinationPath: outside)
        let before = try Self.snapshot(folder)
        let rosa = try ToolProcess.bytes(outside)
        let result = try ToolProcess.run(["merge", "--into", folder] + Self.sources)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("vcardtool merge: \(folder)/\(Self.rosa): cannot write: it is a symbolic link; the original is unchanged\n"))
        #expect(try Self.snapshot(folder) == before)
        #expect(try ToolProcess.bytes(outside) == rosa)
    }

    /// --dupes on a folder of the four exports: each group's first file by name keeps its card
    /// with what the others add (Android's NOTE too), the others' files are deleted; a second
    /// run finds nothing to merge.
    @Test func dupesInAFolderDeletesTheMergedAwayFiles() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("all").path
        let exports = DupesTests.exports.map(ToolProcess.fixture)
        #expect(try ToolProcess.run(["split", "--into", folder] + exports).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 13)
        let result = try ToolProcess.run(["merge", "--dupes", folder])
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("vcardtool merge: merged 9 cards into 3, left 4 alone\n"))
        #expect(result.stderr.contains("\(folder)/\(Self.sam):1: Sam Shared: FN: kept 'Sam Shared', set aside 'Samuel Shared' as X-MERGED-FN\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 7)
        let sam = String(decoding: try ToolProcess.bytes(folder + "/" + Self.sam), as: UTF8.self)
        #expect(sam.contains("\r\nNOTE:Met at the Brighton meetup\r\n"))
        let after = try Self.snapshot(folder)
        let second = try ToolProcess.run(["merge", "--dupes", folder])
        #expect(second.stderr == "vcardtool merge: merged 0 cards into 0, left 7 alone\n")
        #expect(try Self.snapshot(folder) == after)
    }
}
