#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCardParser

extension Input {
    /// The input opened for a streaming reader, with its first bytes already read (for
    /// `convert`, which looks at them to pick the reader; the reader starts with them).
    struct Opened {
        var fileDescriptor: Int32
        /// Up to ``Input/prefixSize`` bytes, fewer only when the input is shorter.
        var prefix: [UInt8]
    }

    /// How much `openStream()` reads ahead: enough for the longest CSV header row a format detects.
    static let prefixSize = 64 << 10

    /// Opens the input and reads its first bytes; close it with `closeStream(_:)`.
    /// - Throws: ``ToolError`` naming the file when it cannot be opened or read.
    func openStream() throws -> Opened {
        let fd: Int32 = try remote.map(temporaryDescriptor) ?? descriptor ?? systemPath.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { throw ToolError("\(name): \(String(cString: strerror(errno)))") }
        var opened = Opened(fileDescriptor: fd, prefix: [])
        var source = ByteSource.fileDescriptor(fd)
        do {
            while opened.prefix.count < Self.prefixSize,
                try source.read(into: &opened.prefix, chunk: Self.prefixSize - opened.prefix.count) > 0
            {}
        } catch {
            closeStream(opened)
            throw ToolError("\(name): cannot read: \(error.message)")
        }
        return opened
    }

    /// Closes what `openStream()` opened (standard input, or a descriptor given, stays open).
    func closeStream(_ opened: Opened) {
        if remote != nil || (descriptor == nil && systemPath != nil) { _ = close(opened.fileDescriptor) }
    }
}
