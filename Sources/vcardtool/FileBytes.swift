#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCardParser

/// The whole content of a small file (a CSV of updates).
/// - Throws: ``ToolError`` naming the file and the system's reason when it cannot be read.
func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ToolError("\(path): \(String(cString: strerror(errno)))") }
    return try readAll(fd, name: path)
}

/// The whole content of the open file `fd`, which is closed afterwards; `name` is for messages.
func readAll(_ fd: Int32, name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var source = ByteSource.ownedFileDescriptor(OwnedFileDescriptor(fd))
    do {
        while try source.read(into: &bytes, chunk: 1 << 16) > 0 {}
    } catch {
        throw ToolError("\(name): cannot read: \(error.message)")
    }
    return bytes
}
