#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An output file written in large blocks with POSIX `write`.
struct OutputFile {
    private let fd: Int32
    let path: String

    init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
        self.path = path
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw BenchError("\(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    func close() {
        _ = Glibc.close(fd)
    }
}

enum FileSystem {
    static func size(of path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw BenchError("\(path): \(String(cString: strerror(errno)))")
        }
    }

    static func writeText(_ text: String, to path: String) throws {
        let file = try OutputFile(path: path)
        defer { file.close() }
        try file.write(Array(text.utf8))
    }

    static func writeBytes(_ bytes: [UInt8], to path: String) throws {
        let file = try OutputFile(path: path)
        defer { file.close() }
        try file.write(bytes)
    }

    /// Copies a file in blocks of 1 MiB.
    static func copy(_ source: String, to destination: String) throws {
        let fd = open(source, O_RDONLY)
        guard fd >= 0 else { throw BenchError("\(source): \(String(cString: strerror(errno)))") }
        defer { _ = Glibc.close(fd) }
        let out = try OutputFile(path: destination)
        defer { out.close() }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw BenchError("\(source): \(String(cString: strerror(errno)))") }
            if n == 0 { return }
            try out.write(Array(block[..<n]))
        }
    }

    /// Replaces `destination` with a copy of the folder `source` (`rm -rf`, `cp -R`).
    static func copyFolder(_ source: String, to destination: String) throws {
        guard system("rm -rf '\(destination)' && cp -R '\(source)' '\(destination)'") == 0 else {
            throw BenchError("cannot copy \(source) to \(destination)")
        }
    }

    static func readText(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("\(path): \(String(cString: strerror(errno)))") }
        defer { _ = Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BenchError("\(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Peak resident memory of this process, from `/proc/self/status`.
enum Memory {
    /// `VmHWM` in bytes, or `nil` where there is no `/proc`.
    static func peakResident() -> Int? {
        guard let status = try? FileSystem.readText("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst(6).filter { $0.isNumber }
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets `VmHWM` to the current resident size (Linux ≥ 4.0: write `5` to
    /// `/proc/self/clear_refs`), so each benchmark reports its own peak; `false` when not allowed.
    @discardableResult
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { _ = Glibc.close(fd) }
        return Glibc.write(fd, "5", 1) == 1
    }
}

/// The machine's processors.
enum System {
    /// Processors online, as `vcardtool` counts them for its parsing threads (at most 8).
    static let processorCount = min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)
}
