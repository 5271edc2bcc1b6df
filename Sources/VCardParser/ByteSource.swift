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

/// Where a ``VCardReader`` gets its bytes: memory, or a file descriptor read in chunks.
enum ByteSource {
    case memory
    case fileDescriptor(Int32, closeWhenDone: Bool)

    /// Appends up to `chunk` bytes; returns the number read (0 at end of input).
    mutating func read(into buffer: inout [UInt8], chunk: Int) throws(ReadError) -> Int {
        guard case .fileDescriptor(let fd, let closeWhenDone) = self else { return 0 }
        let old = buffer.count
        buffer.reserveCapacity(old + chunk)
        var n = 0
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            n = buffer.withUnsafeMutableBufferPointer { p in
                systemRead(fd, p.baseAddress! + old, chunk)
            }
            if n < 0 && errno == EINTR { continue }
            break
        }
        buffer.removeLast(chunk - max(n, 0))
        if n < 0 {
            let code = errno
            throw ReadError(message: String(cString: strerror(code)))
        }
        if n == 0 {
            if closeWhenDone { close(fd) }
            self = .memory
        }
        return n
    }
}

/// The input could not be read (as opposed to parsed).
public struct ReadError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
