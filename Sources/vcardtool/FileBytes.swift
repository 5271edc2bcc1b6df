#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// The whole content of a small file (a CSV of updates, a file about to be rewritten), or `nil`
/// when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readAll(from: fd)
}

/// Everything from `fd` up to its end, or `nil` (with `errno` set) when a read fails.
func readAll(from fd: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
        if n < 0 { if errno == EINTR { continue }; return nil }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<n])
    }
}
