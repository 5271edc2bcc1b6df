import VCardParser

/// The input of a jCard, xCard or CSV reader (``JCardReader``, ``XCardReader``,
/// ``CSVCardReader``): bytes in memory, or an open file descriptor read in blocks, and the
/// limit on one card.
///
/// The reader drops what it has used between cards, so memory stays at about one card and one
/// block. The stream knows the line and column of what it holds, for messages, and after the
/// first error the reader stops.
///
/// ```swift
/// var reader = JCardReader(ByteStream(fileDescriptor: 0))
/// var again = XCardReader(ByteStream(bytes: Array(xml.utf8)))
/// ```
public struct ByteStream {
    /// The bytes not yet dropped; indices into it are what the readers work with.
    private(set) var buffer: [UInt8]
    private var source: ByteSource
    /// The line of `buffer[0]`, and its column.
    private var firstLine = 1
    private var firstColumn = 1
    /// `VCardParser.ParseOptions.Limits.maxCardBytes`.
    let maxCardBytes: Int
    /// Whether an error was thrown: the input is not read further.
    private(set) var hasFailed = false
    static let blockSize = 256 << 10

    /// Bytes in memory.
    public init(bytes: [UInt8], limits: ParseOptions.Limits = ParseOptions.Limits()) {
        buffer = bytes
        source = .memory
        maxCardBytes = limits.maxCardBytes
    }

    /// An open file descriptor (standard input is 0), read in blocks after `prefix`: bytes
    /// already read from it (to look at the start of the input before choosing a reader).
    public init(fileDescriptor: Int32, prefix: [UInt8] = [], limits: ParseOptions.Limits = ParseOptions.Limits()) {
        buffer = prefix
        source = .fileDescriptor(fileDescriptor)
        maxCardBytes = limits.maxCardBytes
    }

    /// The byte at `index`, reading more input as needed; `nil` past the end of the input.
    mutating func byte(at index: Int) throws(FormatError) -> UInt8? {
        while index >= buffer.count {
            do {
                guard try source.read(into: &buffer, chunk: Self.blockSize) > 0 else { return nil }
            } catch {
                throw fail(FormatError("cannot read: \(error.message)"))
            }
        }
        return buffer[index]
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

    /// The error to throw at `buffer[index]`.
    mutating func fail(at index: Int, _ message: String) -> FormatError {
        let (line, column) = position(of: index)
        return fail(FormatError(line: line, column: column, message))
    }

    /// The error to throw, found in a copy of `buffer[index...]`, moved to where that copy starts.
    mutating func fail(_ inner: FormatError, from index: Int) -> FormatError {
        fail(located(inner, from: index))
    }

    /// An error found in a copy of `buffer[index...]`, moved to where that copy starts, for a
    /// problem that does not end the input.
    func located(_ inner: FormatError, from index: Int) -> FormatError {
        guard inner.line > 0 else { return inner }
        let (line, column) = position(of: index)
        return FormatError(
            line: inner.line + line - 1, column: inner.line == 1 ? inner.column + column - 1 : inner.column,
            inner.message)
    }

    /// `error`, remembered as the end of the input.
    mutating func fail(_ error: FormatError) -> FormatError {
        hasFailed = true
        return error
    }
}
