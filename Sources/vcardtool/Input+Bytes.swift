#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Input {
    /// The whole input at once (for `convert`, which looks at the first bytes to pick a reader).
    /// - Throws: ``ToolError`` naming the file when it cannot be opened or read.
    func bytes() throws -> [UInt8] {
        let fd: Int32 = systemPath.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { throw ToolError("\(name): \(String(cString: strerror(errno)))") }
        defer { if systemPath != nil { close(fd) } }
        guard let bytes = readAll(from: fd) else {
            throw ToolError("\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        return bytes
    }
}
