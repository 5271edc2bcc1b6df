import Foundation
@testable import vcardtool

#if canImport(Glibc)
import Glibc
#endif

/// Runs `vcardtool` with arguments and standard input, through temporary files (pipes deadlock
/// past 64 KiB when the test waits before reading): in this process, through the tool's own
/// entry point with a Terminal on those files, unless the test sets an environment, which needs
/// the built binary in a process of its own.
struct ToolProcess {
    var status: Int32
    /// `.uncaughtSignal` when a signal ended the process (`status` is then the signal).
    var reason: Process.TerminationReason = .exit
    var stdout: [UInt8]
    var stderr: String
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    static var binary: URL {
        // .build/<triple>/debug/vcardtoolPackageTests.xctest → .build/<triple>/debug/vcardtool
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent("vcardtool")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        return Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent("vcardtool") }
            .first { FileManager.default.fileExists(atPath: $0.path) } ?? candidate
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    @discardableResult
    /// - Parameter output: where standard output goes instead of a file read back into `stdout`
    ///   (`/dev/full`, a pipe).
    static func run(
        _ arguments: [String], stdin: [UInt8] = [], environment: [String: String]? = nil,
        output: FileHandle? = nil
    ) throws -> ToolProcess {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vcardtool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inURL = dir.appendingPathComponent("in"), outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        try Data(stdin).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try output ?? FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return ToolProcess(
            status: process.terminationStatus, reason: process.terminationReason, stdout: [UInt8](try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// What `vcardtool ARGUMENTS` prints on a pseudo-terminal: script(1) runs it there (with
    /// `environment`) and logs the output to a file in `dir`. `arguments` are shell words, quoted
    /// by the caller.
    static func onTerminal(_ arguments: String, environment: [String: String], in dir: URL) throws -> String {
        let log = dir.appendingPathComponent("typescript")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(binary.path)' \(arguments)", log.path]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return String(decoding: try Data(contentsOf: log), as: UTF8.self)
    }

    /// A fresh temporary folder for a test; removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vcardtool-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The lines (split at LF, so a CRLF line keeps its CR) removed from `a` and added in `b`.
    static func changedLines(_ a: [UInt8], _ b: [UInt8]) -> (removed: [String], added: [String]) {
        func lines(_ bytes: [UInt8]) -> [String] {
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let x = lines(a), y = lines(b)
        let diff = y.difference(from: x)
        var removed: [String] = [], added: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }
}
