import Foundation
import Testing
@testable import vcardtool

/// `vcardtool help --man`: roff that groff reads without a warning, with every subcommand and
/// every declared option.
@Suite struct ManPageTests {
    static func page() throws -> String {
        let result = try ToolProcess.run(["help", "--man"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        return result.stdoutText
    }

    @Test(arguments: VCardTool.subcommands.map { $0.name })
    func everySubcommandAndOptionIsDocumented(_ name: String) throws {
        let page = try Self.page()
        let command = try #require(VCardTool.subcommands.first { $0.name == name })
        let section = try #require(
            page.components(separatedBy: "\n.SS vcardtool \(ManPage.escaped(name)) ").dropFirst().first?
                .components(separatedBy: "\n.SS ").first)
        let boldLines = section.split(separator: "\n").filter { $0.hasPrefix(".B ") }
        for option in OptionLabel.all(of: command).flatMap(\.names) {
            #expect(boldLines.contains { $0.contains(ManPage.escaped(option)) }, "\(name) \(option)")
        }
    }

    @Test func headerAndEscapes() throws {
        let page = try Self.page()
        #expect(page.hasPrefix(".TH VCARDTOOL 1 \"\" \"vcardtool \(VCardTool.version)\" \"User Commands\"\n.SH NAME\n"))
        #expect(page.contains("\n.B \\-\\-version\n"))
        #expect(ManPage.escaped(".x \\ -y…é") == "\\&.x \\e \\-y\\[u2026]\\[u00E9]")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func groffReadsItWithoutWarnings() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("vcardtool.1"), err = dir.appendingPathComponent("err")
        try Self.page().write(to: file, atomically: true, encoding: .utf8)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-man", "-Tutf8", "-ww", "-z", file.path]
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: try Data(contentsOf: err), as: UTF8.self) == "")
    }
}
