import VCardParser

/// The input of a jCard, xCard or CSV reader (``JCardReader``, ``XCardReader``,
/// ``CSVCardReader``): bytes in memory, or an open file descriptor read in blocks, and the
/// limit on one card.
///
/// The reader drops what it has used between cards, so memory stays at about one card and two
/// blocks. The stream knows the line and column of what it holds, for messages, and after the
/// first error the reader stops. Indices count from the first byte not dropped.
///
/// ```swift
/// var reader = JCardReader(ByteStream(fileDescriptor: 0))
/// var again = XCardReader(ByteStream(bytes: Array(xml.utf8)))
/// ```
public struct ByteStream {
    /// The bytes read; those from `start` on are not dropped yet, and index 0 is `storage[start]`.
    /// Dropped bytes go only once they are half of `storage`: moving the rest down after every
    /// card or row cost the whole rest of the input each time (a CSV of 200,000 rows read from
    /// memory took 9 s).
    private var storage: [UInt8]
    private var start = 0
    private var source: ByteSource
    /// The line of `self[0]`, and its column.
    private var firstLine = 1
    private var firstColumn = 1
    /// `VCardParser.ParseOptions.Limits.maxCardBytes`.
    let maxCardBytes: Int
    /// Whether an error was thrown: the input is not read further.
    private(set) var hasFailed = false
    static let blockSize = 256 << 10

    /// Bytes in memory.
    public init(bytes: [UInt8], limits: ParseOptions.Limits = ParseOptions.Limits()) {
        storage = bytes
        source = .memory
        maxCardBytes = limits.maxCardBytes
    }

    /// An open file descriptor (standard input is 0), read in blocks after `prefix`: bytes
    /// already read from it (to look at the start of the input before choosing a reader).
    public init(fileDescriptor: Int32, prefix: [UInt8] = [], limits: ParseOptions.Limits = ParseOptions.Limits()) {
        storage = prefix
        source = .fileDescriptor(fileDescriptor)
        maxCardBytes = limits.maxCardBytes
    }

    /// The byte at `index`, reading more input as needed; `nil` past the end of the input.
    mutating func byte(at index: Int) throws(FormatError) -> UInt8? {
        while start + index >= storage.count {
            do {
                guard try source.read(into: &storage, chunk: Self.blockSize) > 0 else { return nil }
            } catch {
                throw fail(FormatError("cannot read: \(error.message)"))
            }
        }
        return storage[start + index]
    }

    /// How many bytes are read and not dropped.
    var count: Int { storage.count - start }

    /// The byte at `index`, which was read already.
    subscript(index: Int) -> UInt8 { storage[start + index] }

    /// The bytes in `range`, which were read already (the slice's own indices are not these).
    subscript<R: RangeExpression<Int>>(range: R) -> ArraySlice<UInt8> {
        let bounds = range.relative(to: 0..<count)
        return storage[(start + bounds.lowerBound)..<(start + bounds.upperBound)]
    }

    /// Drops the bytes before `index` (used already); indices shift down by `index`.
    mutating func drop(upTo index: Int) {
        guard index > 0 else { return }
        (firstLine, firstColumn) = position(of: index)
        start += index
        if start >= storage.count - start {  // each byte moves at most once for each byte dropped
            storage.removeSubrange(..<start)
            start = 0
        }
    }

    /// The 1-based line and column (in bytes) of `self[index]`.
    func position(of index: Int) -> (line: Int, column: Int) {
        var line = firstLine, lineStart = 0, sawLineEnd = false
        for i in 0..<min(index, count) where storage[start + i] == 0x0A {
            line += 1
            lineStart = i + 1
            sawLineEnd = true
        }
        return (line, sawLineEnd ? index - lineStart + 1 : firstColumn + index)
    }

    /// The error to throw at `self[index]`.
    mutating func fail(at index: Int, _ message: String) -> FormatError {
        let (line, column) = position(of: index)
        return fail(FormatError(line: line, column: column, message))
    }

    /// The error to throw, found in a copy of `self[index...]`, moved to where that copy starts.
    mutating func fail(_ inner: FormatError, from index: Int) -> FormatError {
        fail(located(inner, from: index))
    }

    /// An error found in a copy of `self[index...]`, moved to where that copy starts, for a
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
