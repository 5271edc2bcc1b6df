#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads cards one at a time from bytes, a file or a stream, keeping only the current card in
/// memory.
///
/// ```swift
/// var reader = try VCardReader(path: "contacts.vcf")
/// while let card = try reader.next() {
///     print(card.first("FN")?.text ?? "(no name)")
/// }
/// for warning in reader.takeWarnings() { print("contacts.vcf:\(warning)") }
/// ```
public struct VCardReader {
    /// Mode and limits.
    public var options: ParseOptions { framer.options }
    /// UTF-8, or the UTF-16 the input was transcoded from.
    public private(set) var inputEncoding: InputEncoding = .utf8
    /// Bytes after the last card (junk, blank lines), available once ``next()`` returned `nil`.
    public private(set) var trailingBytes: [UInt8] = []

    private var source: ByteSource
    private var framer: CardFramer
    private var started = false
    private var warnings: [Diagnostic] = []
    /// What ``next()`` parses in, kept from card to card (``ParseBuffers``).
    private var buffers = ParseBuffers()
    private static let chunkSize = 256 << 10

    /// Reads from bytes in memory.
    public init(bytes: [UInt8], options: ParseOptions = ParseOptions()) {
        source = .memory
        framer = CardFramer(bytes: bytes, atEnd: true, options: options)
    }

    /// Reads from an open file descriptor (standard input is 0), in chunks, after `prefix`: bytes
    /// already read from it (to look at the start of the input before choosing a reader).
    ///
    /// ```swift
    /// var reader = VCardReader(fileDescriptor: 0, prefix: firstBytesOfStandardInput)
    /// ```
    public init(fileDescriptor: Int32, prefix: [UInt8] = [], options: ParseOptions = ParseOptions()) {
        source = .fileDescriptor(fileDescriptor)
        framer = CardFramer(bytes: prefix, atEnd: false, options: options)
    }

    /// Opens and reads the file at `path`, in chunks.
    /// - Throws: ``ReadError`` when the file cannot be opened.
    public init(path: String, options: ParseOptions = ParseOptions()) throws(ReadError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ReadError(message: "is a directory")
        }
        source = .ownedFileDescriptor(OwnedFileDescriptor(fd))
        framer = CardFramer(bytes: [], atEnd: false, options: options)
    }

    /// The warnings found since the last call (in lenient mode), in input order.
    public mutating func takeWarnings() -> [Diagnostic] {
        defer { warnings.removeAll(keepingCapacity: true) }
        return warnings
    }

    /// Reads the first bytes, if that has not happened yet, and tells how the input is encoded
    /// (``inputEncoding`` is known from then on).
    /// - Throws: ``ReadError``.
    public mutating func detectEncoding() throws -> InputEncoding {
        if !started { try start() }
        return inputEncoding
    }

    /// The next card, or `nil` at the end of the input.
    /// - Throws: ``ParseError`` (strict mode, or a limit) or ``ReadError``.
    public mutating func next() throws -> VCard? {
        guard let chunk = try nextChunk() else {
            try finishInput()
            return nil
        }
        return try chunk.parse(options: options, buffers: &buffers, warnings: &warnings)
    }

    /// Cuts the next card's bytes from the input, reading more as needed; `nil` at the end,
    /// where ``trailingBytes`` are left for ``finishInput()``.
    @usableFromInline
    mutating func nextChunk() throws -> CardChunk? {
        if !started { try start() }
        while true {
            if let chunk = try framer.nextChunk() { return chunk }
            if framer.atEnd { return nil }
            try framer.read(from: &source, chunk: Self.chunkSize)
        }
    }

    /// Whether a limit stopped the reading (every later read throws it again).
    @usableFromInline
    var stoppedByLimit: Bool { framer.limitHit != nil }

    /// Keeps the bytes after the last card as ``trailingBytes`` and warns if they are not blank.
    @usableFromInline
    mutating func finishInput() throws {
        let (trailing, junk) = framer.finish()
        if !trailing.isEmpty { trailingBytes = trailing }
        try options.accept(junk.map { [$0] } ?? [], into: &warnings)
    }

    /// Reads the first bytes (all of them for UTF-16 input, which is transcoded whole).
    private mutating func start() throws {
        started = true
        while !framer.atEnd && framer.filled < 4 { try framer.read(from: &source, chunk: Self.chunkSize) }
        if InputEncoding.detect(framer.buffer[..<framer.filled]) != .utf8 {
            while !framer.atEnd { try framer.read(from: &source, chunk: Self.chunkSize) }
        }
        inputEncoding = framer.begin()
        if let warning = inputEncoding.warning { warnings.append(warning) }
    }
}
