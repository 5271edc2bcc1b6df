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

/// Where a streaming reader gets its bytes: memory (all there already), or a file descriptor
/// read in chunks (``VCardReader``, and the jCard, xCard and CSV readers of VCardFormats).
///
/// ```swift
/// var source = ByteSource.fileDescriptor(0)
/// var buffer: [UInt8] = []
/// while try source.read(into: &buffer, chunk: 1 << 16) > 0 {}   // all of standard input
/// ```
public enum ByteSource: Sendable {
    /// Nothing more to read.
    case memory
    /// An open file descriptor the caller owns: read, never closed here.
    case fileDescriptor(Int32)
    /// An open file descriptor the source owns: closed when the source reaches its end, or when
    /// the last copy of the source goes away before that (a reader stopped early, an error).
    case ownedFileDescriptor(OwnedFileDescriptor)

    /// Appends up to `chunk` bytes to `buffer`; at the end of the input, becomes ``memory``.
    ///
    /// Reads into a scratch buffer and appends, so `buffer` grows geometrically: growing it by
    /// exactly one chunk each time (`reserveCapacity`) copied the whole buffer on every read,
    /// which is quadratic for a card or line that spans many chunks.
    /// - Returns: The number of bytes read, 0 at the end of the input.
    /// - Throws: ``ReadError`` when the system cannot read.
    public mutating func read(into buffer: inout [UInt8], chunk: Int) throws(ReadError) -> Int {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { scratch throws(ReadError) -> Int in
            let n = try read(into: scratch)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<n]))
            return n
        }
    }

    /// Reads up to `destination.count` bytes into `destination` (one read of the system's,
    /// retried when a signal interrupts it): the path of ``read(into:chunk:)`` without its copy,
    /// for a caller that has room in place (``CardFramer/read(from:chunk:)``).
    /// - Returns: The number of bytes read, 0 at the end of the input.
    /// - Throws: ``ReadError`` when the system cannot read.
    mutating func read(into destination: UnsafeMutableBufferPointer<UInt8>) throws(ReadError) -> Int {
        let fd: Int32
        switch self {
        case .memory: return 0
        case .fileDescriptor(let descriptor): fd = descriptor
        case .ownedFileDescriptor(let owner): fd = owner.descriptor
        }
        var n = 0
        repeat { n = systemRead(fd, destination.baseAddress!, destination.count) } while n < 0 && errno == EINTR
        if n < 0 { throw ReadError(message: String(cString: strerror(errno))) }
        if n == 0 { self = .memory }  // an owned descriptor closes with its last reference
        return n
    }
}

/// A file descriptor closed when the last reference to it goes away, whatever way the code
/// holding it ends: the owner of a ``ByteSource/ownedFileDescriptor(_:)``.
///
/// ```swift
/// var source = ByteSource.ownedFileDescriptor(OwnedFileDescriptor(open(path, O_RDONLY)))
/// ```
public final class OwnedFileDescriptor: Sendable {
    /// The open descriptor.
    public let descriptor: Int32

    /// Takes `descriptor` over: it is closed when this object goes away.
    public init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }
}

/// The input could not be read (as opposed to parsed).
public struct ReadError: Error, Sendable, CustomStringConvertible {
    /// What the system said (`No such file or directory`).
    public var message: String
    /// The message.
    public var description: String { message }
}
