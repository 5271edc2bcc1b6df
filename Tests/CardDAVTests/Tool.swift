import Foundation

/// Runs the built `vcardtool` in a process of its own (its `dav` commands block the calling
/// thread, which a test must not do on the shared pool), through temporary files, and awaits
/// its end without blocking a thread (Foundation's `waitUntilExit()` on Linux can spin when
/// several tests wait at once).
struct Tool {
    var status: Int32
    var stdout: String
    var stderr: String

    static var binary: URL {
        var dir = Bundle.main.bundleURL
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("vcardtool")
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func run(_ arguments: [String], environment: [String: String]) async throws -> Tool {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        guard FileManager.default.createFile(atPath: out.path, contents: nil), FileManager.default.createFile(atPath: err.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: dir.path]) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return Tool(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vcardtool-dav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
