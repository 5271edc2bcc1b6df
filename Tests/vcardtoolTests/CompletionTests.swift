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

    /// Runs a shell with the arguments, `SCRIPT` in them standing for the script saved as a
    /// file; returns standard output and the status.
    static func shell(_ shell: String, _ arguments: [String], script: String) throws -> (output: String, status: Int32) {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("vcardtool.\(shell)"), out = dir.appendingPathComponent("out")
        try script.write(to: file, atomically: true, encoding: .utf8)
        try Data().write(to: out)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + shell)
        process.arguments = arguments.map { $0.replacingOccurrences(of: "SCRIPT", with: file.path) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.environment = ["HOME": dir.path, "PATH": "/usr/bin:/bin"]
        try process.run()
        process.waitUntilExit()
        return (String(decoding: try Data(contentsOf: out), as: UTF8.self), process.terminationStatus)
    }

    static func installed(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell) }

    /// bash always; zsh and fish where installed.
    @Test(arguments: ["bash", "zsh", "fish"].filter { $0 == "bash" || installed($0) })
    func scriptParses(_ shell: String) throws {
        #expect(try Self.shell(shell, ["-n", "SCRIPT"], script: Self.script(shell)).status == 0)
    }

    @Test(.enabled(if: installed("fish")))
    func fishCompletesSubcommandsOptionsAndValues() throws {
        let script = try Self.script("fish")
        func complete(_ line: String) throws -> [String] {
            try Self.shell("fish", ["-c", "source SCRIPT; complete -C '\(line)'"], script: script).output
                .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("vcardtool fi") == ["find"])
        #expect(try complete("vcardtool find --format ") == ["json", "text"])
        #expect(Set(try complete("vcardtool find -")) == Set(OptionLabel.all(of: Find.self).flatMap(\.names)))
        #expect(try complete("vcardtool completion ") == ["bash", "fish", "zsh"])
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
