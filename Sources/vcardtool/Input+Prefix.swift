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
        let fd: Int32 = path.map { open($0, O_RDONLY) } ?? 0
        guard fd >= 0 else { throw ToolError("\(name): \(String(cString: strerror(errno)))") }
        var prefix = [UInt8](repeating: 0, count: Self.prefixSize)
        var count = 0
        while count < prefix.count {
            let n = prefix.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                let message = String(cString: strerror(errno))
                closeStream(Opened(fileDescriptor: fd, prefix: []))
                throw ToolError("\(name): cannot read: \(message)")
            }
            if n == 0 { break }
            count += n
        }
        prefix.removeSubrange(count...)
        return Opened(fileDescriptor: fd, prefix: prefix)
    }

    /// Closes what `openStream()` opened (standard input stays open).
    func closeStream(_ opened: Opened) {
        if path != nil { _ = close(opened.fileDescriptor) }
    }
}
