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

extension Input {
    /// The whole input at once (for `convert`, which looks at the first bytes to pick a reader).
    /// - Throws: ``ToolError`` naming the file when it cannot be opened or read.
    func bytes() throws -> [UInt8] {
        let fd: Int32 = path.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { throw ToolError("\(name): \(String(cString: strerror(errno)))") }
        defer { if path != nil { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ToolError("\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
