import ContactsModel
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Writes that survive crashes, races and full disks: the file on disk is always the whole old
/// content or the whole new one, and a writer that cannot win is told so.
///
/// A writer killed by SIGKILL during a rewrite can leave its temporary file
/// (`.contacts.vcf.vcardtool-PID-RANDOM.tmp`, beside the original) behind: the process is gone
/// before it can remove it. The original is never touched by it; a later rewrite in the folder
/// removes it once it is an hour old (FileRewriteTests).
@Suite(.serialized) struct CrashSafetyTests {
    static let email = "person-last@example.com"

    /// About 10.6 MB of cards with long values; the last card is the one set-phone changes.
    static func largeFile() -> [UInt8] { cards(165) }

    /// `count` cards of about 64 KB each; the last one has ``email``.
    static func cards(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 64_200)
        let filler = String(repeating: "0123456789abcdef", count: 4_000)
        for i in 0..<count {
            out += Array(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                UID:card-\(i)\r
                FN:Person \(i)\r
                EMAIL;TYPE=WORK:\(i == count - 1 ? email : "person\(i)@example.com")\r
                TEL;TYPE=CELL:+1 555 \(1000 + i)\r
                X-DATA:\(filler)\r
                END:VCARD\r

                """.utf8)
        }
        return out
    }

    /// The names in `dir` other than `keep`.
    static func strayFiles(in dir: URL, keeping keep: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != keep }.sorted()
    }

    /// Starts `vcardtool set-phone --in-place` on `file`, with output to files in `dir`.
    static func startSetPhone(_ file: String, in dir: URL) throws -> Process {
        let process = Process()
        process.executableURL = ToolProcess.binary
        process.arguments = ["set-phone", "--email", email, "--phone", "+1 555 0199", "--in-place", file]
        let out = dir.appendingPathComponent("out.txt"), err = dir.appendingPathComponent("err.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return process
    }

    /// Waits until the tool has created its temporary file (the write has begun) or has exited;
    /// returns whether the temporary file was seen.
    static func waitForWriteToBegin(_ process: Process, in dir: URL, name: String) -> Bool {
        while process.isRunning {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path),
                names.contains(where: { $0.hasPrefix("." + name + ".vcardtool-") })
            {
                return true
            }
            usleep(100)
        }
        return false
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// SIGKILL at many points, from the parse through the write, fsync and rename: the file is
    /// always the complete old or the complete new content.
    @Test func killedInPlaceWriteLeavesOldOrNewFile() throws {
        let outer = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outer) }
        let dir = outer.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let name = "contacts.vcf"
        let file = dir.appendingPathComponent(name).path
        let old = Self.largeFile()
        #expect(old.count > 10 << 20)

        // A run to the end: the new content, and how long parsing and writing take.
        try Data(old).write(to: URL(fileURLWithPath: file))
        let start = ContinuousClock.now
        let full = try Self.startSetPhone(file, in: outer)
        _ = Self.waitForWriteToBegin(full, in: dir, name: name)
        let parseSeconds = Self.seconds(since: start)
        full.waitUntilExit()
        let writeSeconds = max(Self.seconds(since: start) - parseSeconds, 0.002)
        #expect(full.terminationStatus == 0)
        let new = try ToolProcess.bytes(file)
        #expect(new != old && new.count == old.count)
        #expect(try Self.strayFiles(in: dir, keeping: name) == [])

        // Kills before the write (during the parse), then at increasing delays after the
        // temporary file appears, up to past the end of the write.
        var delays: [(beforeWrite: Bool, seconds: Double)] = [(true, parseSeconds * 0.2), (true, parseSeconds * 0.6)]
        for step in 0..<12 { delays.append((false, writeSeconds * Double(step) / 10)) }
        var outcomes: [String] = []
        for (beforeWrite, delay) in delays {
            try Data(old).write(to: URL(fileURLWithPath: file))
            let process = try Self.startSetPhone(file, in: outer)
            if beforeWrite {
                usleep(UInt32(delay * 1e6))
            } else {
                _ = Self.waitForWriteToBegin(process, in: dir, name: name)
                if delay > 0 { usleep(UInt32(delay * 1e6)) }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try ToolProcess.bytes(file)
            let outcome = now == old ? "old" : now == new ? "new" : "BROKEN"
            #expect(outcome != "BROKEN", "after a kill \(delay) s into the \(beforeWrite ? "parse" : "write"), the file is neither the old nor the new content")
            // Only the killed writer's temporary file may remain; it holds part of the new content.
            for stray in try Self.strayFiles(in: dir, keeping: name) {
                #expect(stray.hasPrefix("." + name + ".vcardtool-"), "unexpected file \(stray)")
                let partial = try ToolProcess.bytes(dir.appendingPathComponent(stray).path)
                #expect(new.starts(with: partial))
                try FileManager.default.removeItem(at: dir.appendingPathComponent(stray))
            }
            outcomes.append(outcome)
        }
        #expect(outcomes.first == "old")  // killed early in the parse: the file was never touched
    }

    static let twoCards = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:ada\r
        FN:Ada Lovelace\r
        EMAIL;TYPE=work:ada@example.com\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:grace\r
        FN:Grace Hopper\r
        EMAIL;TYPE=work:grace@example.com\r
        END:VCARD\r

        """

    /// Two stores fetch, then both save at once: one wins, the other gets `conflict` and, after
    /// fetching again, saves on top of the winner's edit. Repeated, so the saves really overlap.
    func race(_ makeStore: () -> ContactStore, read: () throws -> String) throws {
        for round in 0..<10 {
            let stores = [makeStore(), makeStore()]
            var contacts: [Contact] = []
            for (i, store) in stores.enumerated() {
                var ada = try #require(try store.unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
                ada.jobTitle = "Title \(round)-\(i)"
                ada.note = "Note from writer \(i) in round \(round)"
                contacts.append(ada)
            }
            let results = Mutex<[Int: ContactStoreError]>([:])
            let edits = contacts
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                var request = SaveRequest()
                request.update(edits[i])
                do throws(ContactStoreError) {
                    try stores[i].execute(request)
                } catch {
                    results.withLock { $0[i] = error }
                }
            }
            let errors = results.withLock { $0 }
            try #require(errors.count == 1, "round \(round): exactly one writer must lose, got \(errors)")
            let (loser, error) = errors.first!
            guard case .conflict = error else {
                Issue.record("round \(round): expected a conflict, got \(error)")
                return
            }
            let winner = 1 - loser
            #expect(try read().contains("Note from writer \(winner) in round \(round)"))
            // The loser fetches again and reapplies its edit: both are then on disk.
            var again = try #require(try stores[loser].unifiedContacts(matching: .matchingIdentifiers(["ada"])).first)
            #expect(again.note == "Note from writer \(winner) in round \(round)")
            again.jobTitle = contacts[loser].jobTitle
            var request = SaveRequest()
            request.update(again)
            try stores[loser].execute(request)
            let text = try read()
            #expect(text.contains("TITLE:Title \(round)-\(loser)\r\n"))
            #expect(text.contains("Note from writer \(winner) in round \(round)"))
            #expect(text.contains("FN:Grace Hopper\r\n"))
        }
    }

    @Test func racingWritersOnOneFileNeitherEditIsLost() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ToolProcess.write(Self.twoCards, to: dir, "contacts.vcf")
        try race({ ContactStore(fileAt: path) }, read: { String(decoding: try ToolProcess.bytes(path), as: UTF8.self) })
        #expect(try Self.strayFiles(in: dir, keeping: "contacts.vcf") == [])
    }

    @Test func racingWritersOnOneFolderNeitherEditIsLost() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cards = ToolProcess.cards(Array(Self.twoCards.utf8))
        let ada = try ToolProcess.write(cards[0], to: dir, "ada.vcf")
        _ = try ToolProcess.write(cards[1], to: dir, "grace.vcf")
        try race(
            { ContactStore(directoryAt: dir.path) },
            read: {
                String(decoding: try ToolProcess.bytes(ada), as: UTF8.self)
                    + String(decoding: try ToolProcess.bytes(dir.appendingPathComponent("grace.vcf").path), as: UTF8.self)
            })
        #expect(try Self.strayFiles(in: dir, keeping: "ada.vcf") == ["grace.vcf"])
    }

    /// The file-size limit stands in for a full disk: the write fails with EFBIG (the tool ignores
    /// SIGXFSZ, which would otherwise kill it), the error says so, and the original is intact.
    @Test func fileSizeLimitFailsCleanlyAndKeepsOriginal() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("contacts.vcf").path
        let text = Self.cards(3)
        try Data(text).write(to: URL(fileURLWithPath: file))
        // 100 blocks: 51,200 bytes in dash (512-byte blocks), 102,400 in bash; both below the file.
        let command = "ulimit -f 100; exec \"$0\" set-phone --email \(Self.email) --phone '+1 555 0199' --in-place \"$1\""
        let result = try ToolProcess.runShell(command, arguments: [ToolProcess.binary.path, file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file): cannot write: File too large; the original is unchanged"))
        #expect(try ToolProcess.bytes(file) == text)
        #expect(try Self.strayFiles(in: dir, keeping: "contacts.vcf") == [])
    }

    /// A folder the tool may not write to: a clear error, exit 2, the original intact. Root
    /// ignores permissions, so as root the tool runs as `nobody` through setpriv when it can.
    /// The file is someone else's and read-only to the tool, which refuses that on its own: with
    /// --force it goes on and the folder stops it.
    @Test func readOnlyFolderFailsCleanlyAndKeepsOriginal() throws {
        let asNobody = getuid() == 0
        let setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        if asNobody {
            // Skipped as root unless setpriv can run the tool as nobody (the binary must be reachable).
            guard FileManager.default.isExecutableFile(atPath: setpriv[0]),
                (try? ToolProcess.runShell("exec \"$0\" \"$@\"", arguments: setpriv + [ToolProcess.binary.path, "--version"]))?.status == 0
            else { return }
        }
        let dir = try ToolProcess.temporaryDirectory()
        defer {
            chmod(dir.path, 0o755)
            try? FileManager.default.removeItem(at: dir)
        }
        let file = try ToolProcess.write(Self.twoCards, to: dir, "contacts.vcf")
        chmod(file, 0o644)
        chmod(dir.path, 0o555)
        let arguments = ["set-phone", "--email", "ada@example.com", "--phone", "+1 555 0199", "--in-place", "--force", file]
        let result: ToolProcess
        if asNobody {
            result = try ToolProcess.runShell("exec \"$0\" \"$@\"", arguments: setpriv + [ToolProcess.binary.path] + arguments)
        } else {
            result = try ToolProcess.run(arguments)
        }
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(file): cannot write: Permission denied; the original is unchanged"))
        #expect(try ToolProcess.bytes(file) == Array(Self.twoCards.utf8))
        #expect(try Self.strayFiles(in: dir, keeping: "contacts.vcf") == [])
    }
}

extension ToolProcess {
    /// Runs `/bin/sh -c command` with `arguments` as `$0`, `$1`, …, through temporary files.
    static func runShell(_ command: String, arguments: [String]) throws -> ToolProcess {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return ToolProcess(
            status: process.terminationStatus, stdout: [UInt8](try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
