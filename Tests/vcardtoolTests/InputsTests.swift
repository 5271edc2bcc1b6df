import Foundation
import Testing

/// What the inputs can be: folders with pipes, folders and names that are not UTF-8 in them,
/// pipes named directly, and an input that stops at a limit.
@Suite struct InputsTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    @Test func aFolderSkipsWhatIsNotARegularFileAndReadsNamesThatAreNotUTF8() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sampleBytes = try ToolProcess.bytes(sample)
        try Data(sampleBytes).write(to: dir.appendingPathComponent("a.vcf"))
        #expect(mkfifo(dir.appendingPathComponent("pipe.vcf").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("dir.vcf"), withIntermediateDirectories: false)
        let rawName = Array((dir.path + "/b").utf8) + [0xFF] + Array(".vcf".utf8)
        let fd = open(rawName.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        _ = sampleBytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let result = try ToolProcess.run(["cat", dir.path])
        #expect(result.status == 0)
        #expect(result.stdout == sampleBytes + sampleBytes)
        #expect(
            result.stderr == "vcardtool cat: \(dir.path)/dir.vcf: skipped: not a regular file\n"
                + "vcardtool cat: \(dir.path)/pipe.vcf: skipped: not a regular file\n")
        let validate = try ToolProcess.run(["validate", "--summary", dir.path])
        #expect(validate.stdoutText.contains("\(dir.path)/b\u{FFFD}.vcf: 4 cards, 0 warnings, "))
        let inPlace = try ToolProcess.run(["set-phone", "--email", "ada@analytical.example", "--phone", "1", "--in-place", dir.path])
        #expect(inPlace.status == 2)
        #expect(inPlace.stderr.contains("b\u{FFFD}.vcf: the name is not valid UTF-8"))
    }

    @Test func aPipeNamedDirectlyIsReadButNotRewrittenInPlace() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.vcf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            let bytes = (try? ToolProcess.bytes(ToolProcess.fixture("sample-contacts.vcf"))) ?? []
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let result = try ToolProcess.run(["cat", fifo])
        #expect(result.status == 0)
        #expect(result.stdout == (try ToolProcess.bytes(sample)))
        let inPlace = try ToolProcess.run(["set-phone", "--email", "ada@analytical.example", "--phone", "1", "--in-place", fifo])
        #expect(inPlace.status == 2)
        #expect(inPlace.stderr == "vcardtool set-phone: \(fifo): not a regular file; --in-place rewrites regular files with UTF-8 names only\n")
    }

    @Test(arguments: [["cat"], ["convert", "--to", "3.0"]])
    func theCardsBeforeALineTooLongArePrintedThenItIsReported(arguments: [String]) throws {
        let first = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n"
        let input =
            Array((first + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:").utf8) + [UInt8](repeating: 0x78, count: 17 << 20)
            + Array("\r\nEND:VCARD\r\n".utf8)
        let result = try ToolProcess.run(arguments, stdin: input)
        #expect(result.status == 1)
        #expect(result.stdoutText == first)
        #expect(result.stderr.hasPrefix("vcardtool \(arguments[0]): <stdin>:7:1: error: line "))
        #expect(result.stderr.hasSuffix("; the rest of <stdin> is not read [limit-exceeded]\n"))
    }
}
