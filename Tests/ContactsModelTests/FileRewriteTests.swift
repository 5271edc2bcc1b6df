import ContactsModel
import ExtendedAttributes
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one rewrite path: what it keeps, what it refuses, and how it reacts to a file that
/// changes under it. CLI-level races (concurrent runs, signals, symlink swaps) are in
/// vcardtoolTests' RewriteSafetyTests.
@Suite struct FileRewriteTests {
    static func status(_ path: String) -> stat {
        var st = stat()
        lstat(path, &st)
        return st
    }

    /// The names in the folder other than `keep`.
    static func others(_ files: TestFiles, keeping keep: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: files.directory.path).filter { !keep.contains($0) }.sorted()
    }

    @Test func replacesContentKeepsModeAndLeavesNoTemporaryFile() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        chmod(path, 0o640)
        let outcome = try FileRewrite.rewrite(path) { source, output in
            var buffer = [UInt8](repeating: 0, count: 16)
            let n = read(try #require(source), &buffer, 16)
            try output.write(Array(buffer[..<n]) + Array(" and new".utf8))
            return true
        }
        #expect(outcome == .rewritten)
        #expect(try files.read("c.vcf") == "old and new")
        #expect(Self.status(path).st_mode & 0o7777 == 0o640)
        #expect(try Self.others(files, keeping: ["c.vcf"]) == [])
    }

    @Test func unchangedLeavesTheFileAlone() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "same")
        let inode = Self.status(path).st_ino
        let outcome = try FileRewrite.rewrite(path) { _, output in
            try output.write(Array("partial".utf8))
            return false
        }
        #expect(outcome == .unchanged)
        #expect(Self.status(path).st_ino == inode)
        #expect(try files.read("c.vcf") == "same")
        #expect(try Self.others(files, keeping: ["c.vcf"]) == [])
    }

    @Test func failureInProduceKeepsOriginalAndRemovesTemporaryFile() throws {
        struct Stop: Error {}
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "original")
        #expect(throws: Stop.self) {
            try FileRewrite.rewrite(path) { _, output in
                try output.write(Array("half".utf8))
                throw Stop()
            }
        }
        #expect(try files.read("c.vcf") == "original")
        #expect(try Self.others(files, keeping: ["c.vcf"]) == [])
    }

    @Test func missingFileIsCreatedWithTheDefaultMode() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let outcome = try FileRewrite.rewrite(files.path("new.vcf")) { source, output in
            #expect(source == nil)
            try output.write(Array("x".utf8))
            return true
        }
        #expect(outcome == .created)
        #expect(try files.read("new.vcf") == "x")
    }

    @Test func symbolicLinkIsWrittenThroughAndStays() throws {
        let files = try TestFiles()
        defer { files.remove() }
        try FileManager.default.createDirectory(atPath: files.path("real"), withIntermediateDirectories: true)
        let target = try files.write("real/c.vcf", "old")
        symlink(target, files.path("link.vcf"))
        try FileRewrite.replace(files.path("link.vcf"), with: Array("new".utf8))
        #expect(Self.status(files.path("link.vcf")).st_mode & S_IFMT == S_IFLNK)
        #expect(try files.read("real/c.vcf") == "new")
    }

    @Test func readOnlyFileIsRefusedUnlessForced() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        chmod(path, 0o444)
        #expect(throws: FileWriteError.refused(path: path, reason: "it is read-only (use --force to rewrite it anyway)")) {
            try FileRewrite.replace(path, with: Array("new".utf8))
        }
        #expect(try files.read("c.vcf") == "old")
        try FileRewrite.replace(path, with: Array("new".utf8), options: .init(force: true))
        #expect(try files.read("c.vcf") == "new")
        #expect(Self.status(path).st_mode & 0o7777 == 0o444)
    }

    @Test func hardLinkedFileIsRefusedUnlessForced() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        link(path, files.path("other.vcf"))
        #expect {
            try FileRewrite.replace(path, with: Array("new".utf8))
        } throws: { error in
            guard case FileWriteError.refused(_, let reason) = error else { return false }
            return reason.contains("2 hard links")
        }
        #expect(try files.read("c.vcf") == "old")
        try FileRewrite.replace(path, with: Array("new".utf8), options: .init(force: true))
        #expect(try files.read("c.vcf") == "new")
        #expect(try files.read("other.vcf") == "old")
    }

    @Test func namedPipeAndFolderAreRefusedEvenWhenForced() throws {
        let files = try TestFiles()
        defer { files.remove() }
        mkfifo(files.path("pipe.vcf"), 0o644)
        try FileManager.default.createDirectory(atPath: files.path("dir.vcf"), withIntermediateDirectories: true)
        for name in ["pipe.vcf", "dir.vcf"] {
            #expect(throws: FileWriteError.self) {
                try FileRewrite.replace(files.path(name), with: Array("x".utf8), options: .init(force: true))
            }
        }
        #expect(Self.status(files.path("pipe.vcf")).st_mode & S_IFMT == S_IFIFO)
    }

    @Test func rootKeepsOwnerAndGroup() throws {
        guard geteuid() == 0 else { return }  // only root can give a file away
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        chown(path, 4321, 8765)
        chmod(path, 0o600)
        try FileRewrite.replace(path, with: Array("new".utf8))
        let st = Self.status(path)
        #expect(st.st_uid == 4321 && st.st_gid == 8765 && st.st_mode & 0o7777 == 0o600)
    }

    @Test func extendedAttributesAreKept() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        let fd = open(path, O_RDWR)
        let value = Array("blue".utf8)
        let set = xattr_set(fd, "user.vcardtool.test", value, value.count)
        close(fd)
        guard set == 0 else { return }  // the file system has no user attributes
        try FileRewrite.replace(path, with: Array("new".utf8))
        let again = open(path, O_RDONLY)
        defer { close(again) }
        var read = [UInt8](repeating: 0, count: 16)
        let n = xattr_get(again, "user.vcardtool.test", &read, read.count)
        #expect(n == 4 && Array(read[..<max(n, 0)]) == value)
    }

    /// A program that does not take the lock writes the file while it is being rewritten: the
    /// rewrite starts again from the new content, so that program's change is kept.
    @Test func fileChangedDuringRewriteIsReadAgain() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "first")
        var attempts: [String] = []
        try FileRewrite.rewrite(path) { source, output in
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(try #require(source), &buffer, 64)
            let seen = String(decoding: buffer[..<n], as: UTF8.self)
            attempts.append(seen)
            if attempts.count == 1 { try Data("second, by an editor".utf8).write(to: URL(fileURLWithPath: path)) }
            try output.write(Array((seen + " + edit").utf8))
            return true
        }
        #expect(attempts == ["first", "second, by an editor"])
        #expect(try files.read("c.vcf") == "second, by an editor + edit")
    }

    @Test func fileThatKeepsChangingIsAConflict() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "0")
        var round = 0
        #expect(throws: FileWriteError.conflict(path: path)) {
            try FileRewrite.rewrite(path) { _, output in
                round += 1
                try Data("changed \(round)".utf8).write(to: URL(fileURLWithPath: path))
                try output.write(Array("mine".utf8))
                return true
            }
        }
        #expect(try files.read("c.vcf") == "changed \(round)")
        #expect(try Self.others(files, keeping: ["c.vcf"]) == [])
    }

    @Test func staleTemporaryFilesOfThisPackageAreRemoved() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", "old")
        let stale = try files.write(".c.vcf.vcardtool-12345-abc.tmp", "left by a killed run")
        let young = try files.write(".c.vcf.vcardtool-12346-def.tmp", "a run still writing")
        let foreign = try files.write(".c.vcf.swp", "an editor's")
        var old = [timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0)]
        utimensat(AT_FDCWD, stale, &old, 0)
        try FileRewrite.replace(path, with: Array("new".utf8))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: young))
        #expect(FileManager.default.fileExists(atPath: foreign))
    }

    /// `createFile` never replaces an entry: not a file, not a planted symbolic link (whose
    /// target outside the folder stays untouched).
    @Test func createFileNeverReplacesOrFollows() throws {
        let files = try TestFiles()
        defer { files.remove() }
        try FileManager.default.createDirectory(atPath: files.path("into"), withIntermediateDirectories: true)
        let outside = try files.write("outside.txt", "precious")
        symlink(outside, files.path("into/a.vcf"))
        let folder = try OpenDirectory(files.path("into"))
        #expect(try folder.createFile(named: "a.vcf", containing: Array("card".utf8)) == false)
        #expect(try files.read("outside.txt") == "precious")
        #expect(try folder.createFile(named: "b.vcf", containing: Array("card".utf8)) == true)
        #expect(try folder.createFile(named: "b.vcf", containing: Array("other".utf8)) == false)
        #expect(try files.read("into/b.vcf") == "card")
        #expect(folder.holds("b.vcf", exactly: Array("card".utf8)))
        #expect(!folder.holds("a.vcf", exactly: Array("precious".utf8)))  // a link is not a file of the folder
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path("into")).sorted() == ["a.vcf", "b.vcf"])
    }

    @Test func derivedIdentifiersAreStableUUIDs() {
        let a = UUIDString.derived(from: Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8))
        #expect(a == UUIDString.derived(from: Array("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8)))
        #expect(a != UUIDString.derived(from: Array("BEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\n".utf8)))
        #expect(UUID(uuidString: a) != nil)
        #expect(Array(a)[14] == "8")  // version 8
    }
}
