import Foundation
import Testing

/// One exit-status rule for every subcommand (0 yes, 1 no / differences / inputs with errors,
/// 2 trouble), failed writes on standard output, and how options read their values.
@Suite struct ExitStatusTests {
    static let broken = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nUID:u1\r\nEMAIL;TYPE=work:ada@x.example\r\nthis line has no colon\r\nEND:VCARD\r\n"

    @Test(arguments: [
        ["cat"], ["validate"], ["find", "--email", "ada@x.example"], ["split", "--into", "SPLIT"], ["diff", "SELF"],
        ["convert", "--to", "jcard"], ["set-phone", "--email", "ada@x.example", "--phone", "+1 555 0199"], ["dupes"], ["merge", "--dupes"],
    ])
    func everySubcommandExitsOneOnAnInputWithAParseError(arguments: [String]) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try ToolProcess.write(Self.broken, to: dir, "broken.vcf")
        let resolved = arguments.map { $0 == "SPLIT" ? dir.appendingPathComponent("split").path : $0 == "SELF" ? file : $0 }
        let result = try ToolProcess.run(resolved + [file])
        #expect(result.status == 1)
        #expect((result.stderr + result.stdoutText).contains("broken.vcf:6:1: error:"))  // validate reports on stdout
    }

    @Test(arguments: [
        ["cat", "SAMPLE"], ["convert", "--to", "jcard", "SAMPLE"], ["find", "--name", "a", "SAMPLE"],
        ["set-phone", "--email", "ada@analytical.example", "--phone", "+1 555 0199", "SAMPLE"], ["--help"],
        ["dupes", "--by", "name", "SAMPLE", "SAMPLE"],
    ])
    func aFullDiskIsReportedOnceWithExitTwo(arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let resolved = arguments.map { $0 == "SAMPLE" ? ToolProcess.fixture("sample-contacts.vcf") : $0 }
        let result = try ToolProcess.run(resolved, output: full)
        #expect(result.status == 2)
        let prefix = arguments[0] == "--help" ? "vcardtool" : "vcardtool " + arguments[0]
        let message = "\(prefix): cannot write standard output: No space left on device\n"
        #expect(result.stderr.components(separatedBy: "cannot write").count == 2)
        #expect(result.stderr.hasSuffix(message))
    }

    @Test func aPipeClosedEarlyEndsTheToolQuietly() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let big = String(repeating: "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n", count: 40_000)
        let result = try ToolProcess.run(["cat"], stdin: Array(big.utf8), output: pipe.fileHandleForWriting)
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == SIGPIPE)
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        (["find", "--email", "--name", "zoe"], "vcardtool find: Missing value for '--email'"),
        (["find", "--email=x", "--uid", "--fields=FN"], "vcardtool find: Missing value for '--uid'"),
        (["split", "--into", "--into"], "vcardtool split: Missing value for '--into'"),
        (["convert", "--to", "--from", "csv"], "vcardtool convert: Missing value for '--to'"),
    ])
    func aDeclaredOptionIsNotAValue(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message + "\nUsage: vcardtool \(arguments[0]) "))
    }

    @Test func aValueThatOnlyLooksLikeAnOptionIsStillAValue() throws {
        let result = try ToolProcess.run(["find", "--name", "--nobody", ToolProcess.fixture("sample-contacts.vcf")])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
    }
}
