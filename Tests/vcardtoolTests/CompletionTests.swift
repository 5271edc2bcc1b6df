import Foundation
import Testing
@testable import vcardtool

/// `vcardtool completion bash|zsh|fish`: every subcommand and every declared option is in each
/// script, and bash's script parses and completes.
@Suite struct CompletionTests {
    /// Runs `_vcardtool` in bash on the words and returns COMPREPLY, one word a line.
    static func bashCompletions(_ script: String, _ words: [String]) throws -> [String] {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("completion.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.currentDirectoryURL = dir
        process.arguments = ["-c", "source \(file.path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _vcardtool; printf '%s\\n' \"${COMPREPLY[@]}\""]
        let out = dir.appendingPathComponent("out")
        try Data().write(to: out)
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func script(_ shell: String) throws -> String {
        let result = try ToolProcess.run(["completion", shell])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        return result.stdoutText
    }

    @Test func bashScriptParses() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("completion.bash")
        try Self.script("bash").write(to: file, atomically: true, encoding: .utf8)
        let process = try Process.run(URL(fileURLWithPath: "/bin/bash"), arguments: ["-n", file.path])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func bashCompletesEverySubcommand() throws {
        let offered = try Self.bashCompletions(Self.script("bash"), ["vcardtool", ""])
        #expect(Set(offered) == Set(VCardTool.subcommands.map { $0.name } + ["help", "--version", "-h", "--help"]))
        #expect(try Self.bashCompletions(Self.script("bash"), ["vcardtool", "se"]) == ["set-phone"])
    }

    @Test(arguments: VCardTool.subcommands.map { $0.name })
    func bashCompletesEveryOption(_ name: String) throws {
        let command = try #require(VCardTool.subcommands.first { $0.name == name })
        let offered = try Self.bashCompletions(Self.script("bash"), ["vcardtool", name, "-"])
        #expect(Set(offered) == Set(OptionLabel.all(of: command).flatMap(\.names)))
    }

    @Test func bashCompletesOptionValues() throws {
        let script = try Self.script("bash")
        #expect(try Self.bashCompletions(script, ["vcardtool", "dupes", "--format", ""]) == ["text", "json"])
        #expect(try Self.bashCompletions(script, ["vcardtool", "completion", "z"]) == ["zsh"])
        #expect(try Self.bashCompletions(script, ["vcardtool", "help", "--m"]) == ["--man"])
        #expect(try Self.bashCompletions(script, ["vcardtool", "find", "-e", ""]) == [])
    }

    @Test(arguments: VCardTool.subcommands.map { $0.name })
    func zshDeclaresEveryOption(_ name: String) throws {
        let script = try Self.script("zsh")
        #expect(script.hasPrefix("#compdef vcardtool\n"))
        let command = try #require(VCardTool.subcommands.first { $0.name == name })
        #expect(script.contains("'\(name):"))
        let block = try #require(script.components(separatedBy: "\n    \(name))\n").dropFirst().first?.components(separatedBy: "\n        ;;").first)
        for option in OptionLabel.all(of: command).flatMap(\.names) {
            #expect(block.contains("'\(option)[") || block.contains("'*\(option)["), "\(name) \(option)")
        }
    }

    @Test(arguments: VCardTool.subcommands.map { $0.name })
    func fishDeclaresEveryOption(_ name: String) throws {
        let lines = try Self.script("fish").split(separator: "\n").map(String.init)
        let command = try #require(VCardTool.subcommands.first { $0.name == name })
        #expect(lines.contains { $0.contains("not __fish_seen_subcommand_from") && $0.contains(" -a \(name) -d ") })
        let own = lines.filter { $0.contains("-n '__fish_seen_subcommand_from \(name)'") }
        for option in OptionLabel.all(of: command) {
            let flags = option.names.map { $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())" }.joined(separator: " ")
            #expect(own.contains { $0.contains(" \(flags)") }, "\(name) \(flags)")
        }
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try ToolProcess.run(["completion", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Unknown shell 'tcsh'; use bash, zsh or fish", "completion", "bash|zsh|fish"))
    }
}
