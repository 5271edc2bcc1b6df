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
    ///
    /// Reads into a scratch buffer and appends, so `buffer` grows geometrically: growing it by
    /// exactly one chunk each time (`reserveCapacity`) copied the whole buffer on every read,
    /// which is quadratic for a card or line that spans many chunks.
    mutating func read(into buffer: inout [UInt8], chunk: Int) throws(ReadError) -> Int {
        guard case .fileDescriptor(let fd, let closeWhenDone) = self else { return 0 }
        let (n, code) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { scratch -> (Int, Int32) in
            var n = 0
            repeat { n = systemRead(fd, scratch.baseAddress!, chunk) } while n < 0 && errno == EINTR
            if n < 0 { return (n, errno) }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<n]))
            return (n, 0)
        }
        if n < 0 { throw ReadError(message: String(cString: strerror(code))) }
        if n == 0 {
            if closeWhenDone { close(fd) }
            self = .memory
        }
        return n
    }
}

/// The input could not be read (as opposed to parsed).
public struct ReadError: Error, Sendable, CustomStringConvertible {
    /// What the system said (`No such file or directory`).
    public var message: String
    /// The message.
    public var description: String { message }
}
