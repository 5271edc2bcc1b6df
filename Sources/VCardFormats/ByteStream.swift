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

/// The bytes of a jCard or xCard input for the streaming readers: held in memory, or read in
/// blocks from a file descriptor, with what was already used dropped between cards so that
/// memory stays at about one card and one block. Knows the line and column of what it holds,
/// for messages.
struct ByteStream {
    /// The bytes not yet dropped; indices into it are what the readers work with.
    private(set) var buffer: [UInt8]
    private var fileDescriptor: Int32?
    /// The line of `buffer[0]`, and how many bytes of that line come before it.
    private var firstLine = 1
    private var firstColumn = 1
    static let blockSize = 256 << 10

    init(bytes: [UInt8]) {
        buffer = bytes
        fileDescriptor = nil
    }

    init(fileDescriptor: Int32, prefix: [UInt8]) {
        buffer = prefix
        self.fileDescriptor = fileDescriptor
    }

    /// The byte at `index`, reading more input as needed; `nil` past the end of the input.
    mutating func byte(at index: Int) throws(FormatError) -> UInt8? {
        while index >= buffer.count {
            guard try fill() else { return nil }
        }
        return buffer[index]
    }

    /// Reads another block; `false` at the end of the input.
    mutating func fill() throws(FormatError) -> Bool {
        guard let fd = fileDescriptor else { return false }
        let count = Self.blockSize
        let (n, code) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch -> (Int, Int32) in
            var n = 0
            repeat { n = systemRead(fd, scratch.baseAddress!, count) } while n < 0 && errno == EINTR
            if n > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<n])) }
            return (n, n < 0 ? errno : 0)
        }
        if n < 0 { throw FormatError("cannot read: \(String(cString: strerror(code)))") }
        if n == 0 { fileDescriptor = nil }
        return n > 0
    }

    /// Drops the bytes before `index` (used already); indices shift down by `index`.
    mutating func drop(upTo index: Int) {
        guard index > 0 else { return }
        (firstLine, firstColumn) = position(of: index)
        buffer.removeSubrange(..<index)
    }

    /// The 1-based line and column (in bytes) of `buffer[index]`.
    func position(of index: Int) -> (line: Int, column: Int) {
        var line = firstLine, lineStart = 0, sawLineEnd = false
        for i in 0..<min(index, buffer.count) where buffer[i] == 0x0A {
            line += 1
            lineStart = i + 1
            sawLineEnd = true
        }
        return (line, sawLineEnd ? index - lineStart + 1 : firstColumn + index)
    }

    /// An error at `buffer[index]`.
    func error(at index: Int, _ message: String) -> FormatError {
        let (line, column) = position(of: index)
        return FormatError(line: line, column: column, message)
    }

    /// An error found in a copy of `buffer[index...]` moved to where that copy starts.
    func error(_ inner: FormatError, from index: Int) -> FormatError {
        guard inner.line > 0 else { return inner }
        let (line, column) = position(of: index)
        return FormatError(line: inner.line + line - 1, column: inner.line == 1 ? inner.column + column - 1 : inner.column,
                           inner.message)
    }
}
