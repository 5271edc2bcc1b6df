import Foundation
import Testing

/// `vcardtool cat`: lossless by default, `--normalize`, `--to`, several inputs, diagnostics.
@Suite struct CatTests {
    static let fixtures = [
        "apple-ios-3.0.vcf", "apple-ios-crcrlf-3.0.vcf", "android-2.1.vcf", "google-3.0.vcf", "outlook-2.1.vcf",
        "nextcloud-4.0.vcf", "thunderbird-4.0.vcf", "shift-jis-2.1.vcf", "utf16le-bom-3.0.vcf", "utf16be-3.0.vcf",
        "agent-2.1.vcf", "agent-next-line-2.1.vcf", "android-nested-2.1.vcf", "broken-junk-3.0.vcf", "broken-lf-only-3.0.vcf", "broken-cr-only-3.0.vcf", "broken-bom-3.0.vcf",
        "broken-missing-end-3.0.vcf", "broken-no-colon-3.0.vcf", "sample-contacts.vcf",
    ]

    @Test(arguments: fixtures)
    func losslessOutputIsTheInputBytes(fixture: String) throws {
        let path = ToolProcess.fixture(fixture)
        let result = try ToolProcess.run(["cat", path])
        #expect(result.stdout == (try ToolProcess.bytes(path)))
    }

    /// Every fixture several times over (more than one 1 MiB batch), with warnings and errors: the
    /// output and the messages are the same on one thread and on several, in the same order.
    @Test(arguments: [[] as [String], ["--normalize", "--warnings"], ["--to", "4.0", "--warnings"]])
    func threadsChangeNothingButTheSpeed(options: [String]) throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes: [UInt8] = []
        while bytes.count < 3 << 20 {
            for name in Self.fixtures where !name.hasPrefix("utf16") {
                bytes += try ToolProcess.bytes(ToolProcess.fixture(name)) + [0x0D, 0x0A]
            }
        }
        let path = dir.appendingPathComponent("many.vcf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var environment = ProcessInfo.processInfo.environment
        environment["VCARDTOOL_THREADS"] = "1"
        let one = try ToolProcess.run(["cat"] + options + [path], environment: environment)
        environment["VCARDTOOL_THREADS"] = "3"
        let three = try ToolProcess.run(["cat"] + options + [path], environment: environment)
        #expect(one.status == 1, "the broken fixtures have errors")
        #expect(!one.stderr.isEmpty)
        #expect(three.status == one.status)
        #expect(three.stdout == one.stdout)
        #expect(three.stderr == one.stderr)
        if options.isEmpty { #expect(one.stdout == bytes) }
    }

    @Test func standardInputAndSeveralFilesAreConcatenated() throws {
        let a = try ToolProcess.bytes(ToolProcess.fixture("google-3.0.vcf"))
        let b = try ToolProcess.bytes(ToolProcess.fixture("sample-contacts.vcf"))
        let result = try ToolProcess.run(["cat", ToolProcess.fixture("google-3.0.vcf"), "-"], stdin: b)
        #expect(result.status == 0)
        #expect(result.stdout == a + b)
    }

    @Test func fileWithoutFinalLineEndIsNotGluedToTheNext() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD", to: dir, "a.vcf")
        let second = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:B\r\nEND:VCARD\r\n", to: dir, "b.vcf")
        let result = try ToolProcess.run(["cat", first, second])
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:B\r\nEND:VCARD\r\n")
    }

    @Test func normalizeRewritesCanonically() throws {
        let input = "begin:vcard\nversion:3.0\nfn:Ada\n  Lovelace\nitem1.email;type=work:ada@example.com\nitem1.X-ABLabel:_$!<Work>!$_\nend:vcard\n"
        let result = try ToolProcess.run(["cat", "--normalize"], stdin: Array(input.utf8))
        #expect(result.status == 0)
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nitem1.EMAIL;TYPE=work:ada@example.com\r\nitem1.X-ABLABEL:_$!<Work>!$_\r\nEND:VCARD\r\n")
    }

    @Test func convertsQuotedPrintableVersion21To40() throws {
        let input = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=\r\n=BCrgen;;;\r\nTEL;WORK;VOICE:+49 30 1234\r\nNOTE;ENCODING=QUOTED-PRINTABLE:Line one=0D=0ALine, two\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["cat", "--to", "4.0"], stdin: Array(input.utf8))
        #expect(result.status == 0)
        // RFC 6350 §6.2.1: 4.0 requires FN; derived from N and reported.
        #expect(result.stderr == "vcardtool cat: <stdin>:1:1: warning: vCard 4.0 requires FN: derived 'FN:Jürgen Müller' from N [derived-property]\n")
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jürgen Müller\r\nN:Müller;Jürgen;;;\r\nTEL;TYPE=WORK,VOICE:+49 30 1234\r\nNOTE:Line one\\nLine\\, two\r\nEND:VCARD\r\n")
    }

    @Test func convertsTo21WithQuotedPrintable() throws {
        let input = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Zoë\r\nNOTE:a\\nb\r\nEND:VCARD\r\n"
        let result = try ToolProcess.run(["cat", "--to", "2.1"], stdin: Array(input.utf8))
        // vCard 2.1 requires N (RFC 2426 §3.1.2 says the same of 3.0): derived from FN and reported.
        #expect(result.stderr == "vcardtool cat: <stdin>:1:1: warning: vCard 2.1 requires N: derived 'N:;Zoë;;;' from FN [derived-property]\n")
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;Zo=C3=AB;;;\r\nNOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:a=0Ab\r\nEND:VCARD\r\n")
    }

    @Test func errorsGoToStandardErrorAndExitOne() throws {
        let path = ToolProcess.fixture("broken-no-colon-3.0.vcf")
        let result = try ToolProcess.run(["cat", path])
        #expect(result.status == 1)
        #expect(result.stdout == (try ToolProcess.bytes(path)))
        #expect(result.stderr.contains("\(path):"))
        #expect(result.stderr.contains("error: line has no ':' between name and value; kept as it is [malformed-line]"))
    }

    @Test func warningsOnlyWithTheFlag() throws {
        let path = ToolProcess.fixture("broken-invalid-utf8-3.0.vcf")
        let quiet = try ToolProcess.run(["cat", path])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let loud = try ToolProcess.run(["cat", "--warnings", path])
        #expect(loud.status == 0)
        #expect(loud.stderr.contains("warning:"))
        #expect(loud.stderr.contains("[invalid-utf8]"))
    }

    @Test(arguments: [
        (["cat", "--to", "5.0"], "vcardtool cat: Unknown version '5.0'; use 2.1, 3.0 or 4.0"),
        (["cat", "--frobnicate"], "vcardtool cat: Unknown option '--frobnicate'"),
        (["cat", "/no/such.vcf"], "vcardtool cat: /no/such.vcf: No such file or directory"),
        (["cta"], "vcardtool: Unknown subcommand 'cta'; did you mean 'cat'?"),
    ])
    func troubleExitsTwo(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message))
    }

    @Test func unreadableInputExitsTwo() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToolProcess.run(["cat", dir.path + "/"])
        #expect(result.status == 0)  // an empty folder is no cards
        let fifo = dir.appendingPathComponent("not-a-directory").path
        try Data().write(to: URL(fileURLWithPath: fifo))
        let file = try ToolProcess.run(["cat", fifo + "/x.vcf"])
        #expect(file.status == 2)
        #expect(file.stderr.contains("Not a directory"))
    }
}

/// The tool as a whole: overview, versions, help for every subcommand.
@Suite struct ToolTests {
    static let subcommands = ["set-phone", "cat", "validate", "find", "diff", "dupes", "merge", "split"]

    @Test func overviewListsEverySubcommand() throws {
        let result = try ToolProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("OVERVIEW: "))
        for name in Self.subcommands { #expect(result.stdoutText.contains("\n  \(name) ")) }
        #expect(result.stdoutText.contains("\n  VCARDTOOL_THREADS "))
    }

    @Test(arguments: subcommands)
    func everySubcommandHasHelpWithExamples(name: String) throws {
        for form in [[name, "--help"], [name, "-h"], ["help", name]] {
            let result = try ToolProcess.run(form)
            #expect(result.status == 0)
            #expect(result.stdoutText.contains("USAGE: vcardtool \(name) "))
            #expect(result.stdoutText.contains("EXAMPLES:"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func versionIsPrinted() throws {
        let result = try ToolProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText.split(separator: ".").count == 3)
    }
}
