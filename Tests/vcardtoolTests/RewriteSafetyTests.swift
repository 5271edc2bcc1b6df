import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every command that changes files goes through one rewrite path (ContactsModel's FileRewrite):
/// concurrent runs keep every edit, a signal leaves no temporary file, a planted symbolic link
/// redirects nothing, and files that rewriting would harm are refused. The library-level checks
/// are in ContactsModelTests' FileRewriteTests.
@Suite(.serialized) struct RewriteSafetyTests {
    /// `count` cards, each with its own work email and phone.
    static func people(_ count: Int, uidPrefix: String? = "p") -> String {
        (0..<count).map { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\n" + (uidPrefix.map { "UID:\($0)\(i)\r\n" } ?? "")
                + "FN:Person \(i)\r\nEMAIL;TYPE=WORK:p\(i)@example.com\r\nTEL;TYPE=CELL:+1 555 \(1000 + i)\r\nEND:VCARD\r\n"
        }.joined()
    }

    static func start(_ arguments: [String], in dir: URL, tag: String) throws -> Process {
        let process = Process()
        process.executableURL = ToolProcess.binary
        process.arguments = arguments
        let err = dir.appendingPathComponent("err-\(tag).txt")
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return process
    }

    /// 20 runs of `set-phone --in-place` at once on one file, each for another contact: all 20
    /// edits are in the file (each run takes the folder's lock, reads the file as it then is,
    /// and writes), and every run succeeds.
    @Test func twentyConcurrentInPlaceWritersKeepEveryEdit() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try ToolProcess.write(Self.people(20), to: dir, "contacts.vcf")
        let runs = try (0..<20).map { i in
            try Self.start(
                ["set-phone", "--email", "p\(i)@example.com", "--phone", "+44 20 7946 \(5000 + i)", "--in-place", file],
                in: dir, tag: "\(i)")
        }
        for run in runs { run.waitUntilExit() }
        #expect(runs.map(\.terminationStatus) == Array(repeating: 0, count: 20))
        let text = String(decoding: try ToolProcess.bytes(file), as: UTF8.self)
        for i in 0..<20 {
            #expect(text.contains("TEL;TYPE=CELL:+44 20 7946 \(5000 + i)\r\n"), "edit \(i) was lost")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [])
    }

    /// SIGINT and SIGTERM during an in-place rewrite: the temporary file is removed, the original
    /// is intact, and the process ends by the signal (130 or 143 in a shell).
    @Test(arguments: [SIGINT, SIGTERM]) func signalLeavesNoTemporaryFile(_ signalNumber: Int32) throws {
        let outer = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outer) }
        let dir = outer.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let original = CrashSafetyTests.largeFile()
        let file = dir.appendingPathComponent("contacts.vcf").path
        try Data(original).write(to: URL(fileURLWithPath: file))
        let process = try CrashSafetyTests.startSetPhone(file, in: outer)
        let began = CrashSafetyTests.waitForWriteToBegin(process, in: dir, name: "contacts.vcf")
        try #require(began, "the run ended before its temporary file was seen")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
        #expect(try ToolProcess.bytes(file) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["contacts.vcf"])
    }

    /// While split writes 2,000 cards, another thread keeps planting symbolic links named like
    /// the files split will create, pointing at files outside the folder: none of those files
    /// changes, nothing is created outside, and every card is in the folder under some name.
    @Test func plantedSymbolicLinksCannotRedirectSplit() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let into = dir.appendingPathComponent("into"), outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let count = 2_000
        for i in 0..<count { try Data("precious \(i)".utf8).write(to: outside.appendingPathComponent("victim\(i)")) }
        let input = try ToolProcess.write(Self.people(count), to: dir, "export.vcf")
        let stop = Atomic(false)
        let attacker = Thread {
            var round = 0
            while !stop.load(ordering: .relaxed) {
                for i in stride(from: round % 7, to: count, by: 7) {
                    let link = into.appendingPathComponent("p\(i).vcf").path
                    unlink(link)
                    symlink(outside.appendingPathComponent("victim\(i)").path, link)
                }
                round += 1
            }
        }
        attacker.start()
        let result = try ToolProcess.run(["split", "--into", into.path, input])
        stop.store(true, ordering: .relaxed)
        while !attacker.isFinished { usleep(1000) }
        #expect(result.status == 0)
        for i in 0..<count {
            let victim = String(decoding: try ToolProcess.bytes(outside.appendingPathComponent("victim\(i)").path), as: UTF8.self)
            #expect(victim == "precious \(i)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).count == count)
    }

    @Test func splitAgainWritesNothingNew() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let into = dir.appendingPathComponent("into")
        // Two cards sharing a UID and one without a UID: the cases that got new names before.
        let text =
            Self.people(3) + Self.people(1).replacingOccurrences(of: "Person 0", with: "Other 0")
            + Self.people(1, uidPrefix: nil)
        let input = try ToolProcess.write(text, to: dir, "export.vcf")
        let first = try ToolProcess.run(["split", "--into", into.path, input])
        #expect(first.status == 0 && first.stderr == "split: 5 cards into \(into.path)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: into.path).sorted()
        #expect(names.count == 5 && names.contains("p0.vcf") && names.contains("p0-2.vcf"))
        let again = try ToolProcess.run(["split", "--into", into.path, input])
        #expect(again.status == 0 && again.stderr == "split: 0 cards into \(into.path), 5 already there\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: into.path).sorted() == names)
    }

    /// Two splits at once into one folder, of exports whose cards share UIDs: every card of both
    /// ends up in a file of its own, none overwritten.
    @Test func concurrentSplitsIntoOneFolderLoseNoCard() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let into = dir.appendingPathComponent("into")
        try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
        let a = try ToolProcess.write(Self.people(300), to: dir, "a.vcf")
        let b = try ToolProcess.write(Self.people(300).replacingOccurrences(of: "FN:Person", with: "FN:Human"), to: dir, "b.vcf")
        let runs = try [a, b].enumerated().map { try Self.start(["split", "--into", into.path, $1], in: dir, tag: "\($0)") }
        for run in runs { run.waitUntilExit() }
        #expect(runs.map(\.terminationStatus) == [0, 0])
        let joined = try ToolProcess.run(["cat", into.path]).stdoutText
        #expect(ToolProcess.cards(Array(joined.utf8)).count == 600)
        for i in [0, 150, 299] {
            #expect(joined.contains("FN:Person \(i)\r\n") && joined.contains("FN:Human \(i)\r\n"))
        }
    }

    @Test func readOnlyFileIsRefusedUnlessForced() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try ToolProcess.write(Self.people(2), to: dir, "contacts.vcf")
        chmod(file, 0o444)
        let arguments = ["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0199", "--in-place", file]
        let refused = try ToolProcess.run(arguments)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(file): not rewritten: it is read-only (use --force to rewrite it anyway)"))
        #expect(try ToolProcess.bytes(file) == Array(Self.people(2).utf8))
        let forced = try ToolProcess.run(arguments + ["--force"])
        #expect(forced.status == 0)
        #expect(String(decoding: try ToolProcess.bytes(file), as: UTF8.self).contains("TEL;TYPE=CELL:+1 555 0199\r\n"))
    }

    @Test func hardLinkedFileIsRefused() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try ToolProcess.write(Self.people(2), to: dir, "contacts.vcf")
        link(file, dir.appendingPathComponent("also.vcf").path)
        let result = try ToolProcess.run(["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0199", "--in-place", file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not rewritten: it has 2 hard links"))
        #expect(try ToolProcess.bytes(file) == Array(Self.people(2).utf8))
    }

    @Test func inPlaceOnANamedPipeIsAnError() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = dir.appendingPathComponent("pipe.vcf").path
        mkfifo(pipe, 0o644)
        let result = try ToolProcess.run(["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0199", "--in-place", pipe])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(pipe): not a regular file"))
    }

    @Test func rootKeepsTheOwnerOfAUsersFile() throws {
        guard geteuid() == 0 else { return }  // only root can give a file away
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try ToolProcess.write(Self.people(2), to: dir, "contacts.vcf")
        chown(file, 1000, 1000)
        chmod(file, 0o600)
        let result = try ToolProcess.run(["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0199", "--in-place", file])
        #expect(result.status == 0)
        var st = stat()
        stat(file, &st)
        #expect(st.st_uid == 1000 && st.st_gid == 1000 && st.st_mode & 0o7777 == 0o600)
        #expect(String(decoding: try ToolProcess.bytes(file), as: UTF8.self).contains("+1 555 0199"))
    }

    /// A file of which reading stopped at a limit (here a line over 16 MiB) is never rewritten in
    /// place, even with --force: the rest of it was not understood at all.
    @Test func fileStoppedByALimitIsNeverRewritten() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.people(2) + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:" + String(repeating: "x", count: 17 << 20) + "\r\nEND:VCARD\r\n"
        let file = try ToolProcess.write(text, to: dir, "contacts.vcf")
        let result = try ToolProcess.run(["set-phone", "--email", "p1@example.com", "--phone", "+1 555 0199", "--in-place", "--force", file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file): not rewritten because reading stopped at an error"))
        #expect(try ToolProcess.bytes(file) == Array(text.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["contacts.vcf"])
    }
}
