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
    public let options: ParseOptions
    /// UTF-8, or the UTF-16 the input was transcoded from.
    public private(set) var inputEncoding: InputEncoding = .utf8
    /// Bytes after the last card (junk, blank lines), available once ``next()`` returned `nil`.
    public private(set) var trailingBytes: [UInt8] = []

    private var source: ByteSource
    private var buffer: [UInt8] = []
    private var atEnd = false
    private var started = false
    private var scanOffset = 0
    private var chunkStart = 0
    private var chunkLine = 1
    private var lineNumber = 1
    private var depth = 0
    private var chunkHasCard = false
    /// What the last whole line scanned says about the next one (kept across reads).
    private var nestedJustOpened = false
    private var afterEmptyAgent = false
    /// A `BEGIN:VCARD` at depth 1 with no `AGENT:` before it, not yet known to be a nested card
    /// (Android's form) or the next card after one without `END:VCARD`: where it is and its line.
    private var tentativeNest: (start: Int, line: Int)?
    /// While the line at `scanOffset` has no line end yet: how far it has been searched for one,
    /// so that each chunk read is searched once (rescanning the line each time is quadratic).
    private var lineSearchedUpTo = 0
    /// A limit that stopped the reading; thrown by every later ``next()`` too.
    private var limitHit: Diagnostic?
    private var warnings: [Diagnostic] = []
    private static let chunkSize = 256 << 10

    /// Reads from bytes in memory.
    public init(bytes: [UInt8], options: ParseOptions = ParseOptions()) {
        self.options = options
        self.source = .memory
        self.buffer = bytes
        self.atEnd = true
    }

    /// Reads from an open file descriptor (standard input is 0), in chunks, after `prefix`: bytes
    /// already read from it (to look at the start of the input before choosing a reader).
    ///
    /// ```swift
    /// var reader = VCardReader(fileDescriptor: 0, prefix: firstBytesOfStandardInput)
    /// ```
    public init(fileDescriptor: Int32, prefix: [UInt8] = [], options: ParseOptions = ParseOptions()) {
        self.options = options
        self.source = .fileDescriptor(fileDescriptor)
        self.buffer = prefix
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
        self.options = options
        self.source = .ownedFileDescriptor(OwnedFileDescriptor(fd))
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
        let (card, diagnostics) = chunk.parse(options: options)
        try accept(diagnostics)
        warnings.append(contentsOf: diagnostics)
        return card
    }

    /// Reads every card, parsing on up to `threads` threads and applying `transform` there, and
    /// calls `body` with the results in input order on the calling thread. `diagnostics` gets
    /// every warning in input order (each card's before `body` sees the card, and the reader's
    /// own: UTF-16 input, text after the last card).
    ///
    /// Cards are independent once cut from the input, so this is how a pipe gets the speed of
    /// several cores: the next batch of about `batchBytes` is cut and parsed while `body`
    /// handles the one before, and `transform` can write each card out, too.
    ///
    /// ```swift
    /// var reader = try VCardReader(path: "contacts.vcf")
    /// let writer = VCardWriter(style: .canonical)
    /// var output: [UInt8] = []
    /// try reader.forEachCard(threads: 2, transform: { writer.encode([$0]) },
    ///                        diagnostics: { print("contacts.vcf:\($0)") }) { bytes in
    ///     output.append(contentsOf: bytes)
    /// }
    /// ```
    /// - Throws: what ``next()`` throws, or what `body` throws, once the cards before the problem
    ///   went through `body`.
    public mutating func forEachCard<T>(
        threads: Int, batchBytes: Int = 1 << 17, transform: @escaping @Sendable (VCard) -> T,
        diagnostics: (Diagnostic) -> Void, _ body: (T) throws -> Void
    ) throws {
        let options = self.options
        var parsing: ParsingBatch<T>?
        defer { _ = parsing?.results() }  // no parse left running when this returns early
        while true {
            let chunks: [CardChunk]
            do {
                chunks = try cutBatch(upTo: batchBytes)
            } catch {
                if let batch = parsing?.results() { try deliver(batch, diagnostics, body) }
                parsing = nil
                throw error
            }
            let next = chunks.isEmpty ? nil : ParsingBatch(chunks, threads: threads, options: options, transform: transform)
            if let batch = parsing?.results() {
                parsing = next
                try deliver(batch, diagnostics, body)
            } else {
                parsing = next
            }
            guard parsing != nil else { break }
            // The first batch: the reader's warnings so far (UTF-16 input) come before its cards.
            for d in takeWarnings() { diagnostics(d) }
        }
        try finishInput()
        for d in takeWarnings() { diagnostics(d) }
    }

    /// Up to about `size` bytes of cards, at least one unless the input has ended. A limit hit
    /// after some cards were cut returns those; the next call throws it.
    private mutating func cutBatch(upTo size: Int) throws -> [CardChunk] {
        var chunks: [CardChunk] = []
        var total = 0
        do {
            while total < size, let chunk = try nextChunk() {
                total += chunk.bytes.count
                chunks.append(chunk)
            }
        } catch let error as ParseError where limitHit != nil {
            if chunks.isEmpty { throw error }
        }
        return chunks
    }

    private func deliver<T>(
        _ batch: [(value: T, warnings: [Diagnostic])], _ diagnostics: (Diagnostic) -> Void,
        _ body: (T) throws -> Void
    ) throws {
        for (value, warnings) in batch {
            try accept(warnings)
            for d in warnings { diagnostics(d) }
            try body(value)
        }
    }

    /// Cuts the next card's bytes from the input, reading more as needed; `nil` at the end,
    /// where ``trailingBytes`` are left for ``finishInput()``.
    private mutating func nextChunk() throws -> CardChunk? {
        if let limitHit { throw ParseError(limitHit) }
        if !started { try start() }
        while true {
            if let cut = scanForCardEnd() {
                return try cutChunk(upTo: cut)
            }
            if let limitHit { throw ParseError(limitHit) }
            if atEnd {
                guard chunkStart < buffer.count, chunkHasCard else { return nil }
                return try cutChunk(upTo: buffer.count)
            }
            compact()
            if try source.read(into: &buffer, chunk: Self.chunkSize) == 0 { atEnd = true }
        }
    }

    /// Keeps the bytes after the last card as ``trailingBytes`` and warns if they are not blank.
    private mutating func finishInput() throws {
        guard chunkStart < buffer.count else { return }
        trailingBytes = Array(buffer[chunkStart...])
        chunkStart = buffer.count
        if let junk = trailingJunk() {
            if options.mode == .strict { throw ParseError(junk) }
            warnings.append(junk)
        }
    }

    private mutating func start() throws {
        started = true
        while !atEnd && buffer.count < 4 {
            if try source.read(into: &buffer, chunk: Self.chunkSize) == 0 { atEnd = true }
        }
        inputEncoding = InputEncoding.detect(buffer[...])
        guard case .utf16(let bigEndian, let bom) = inputEncoding else { return }
        while !atEnd {
            if try source.read(into: &buffer, chunk: Self.chunkSize) == 0 { atEnd = true }
        }
        buffer = InputEncoding.transcode(buffer[(bom ? 2 : 0)...], bigEndian: bigEndian)
        warnings.append(Diagnostic(.warning, .utf16Input, at: SourcePosition(line: 1), "input is UTF-16; read as UTF-8"))
    }

    /// Scans whole lines from `scanOffset`; returns where the current card's bytes end, if found.
    ///
    /// Nested cards count toward the depth: `AGENT:BEGIN:VCARD`, and a `BEGIN:VCARD` right after
    /// `AGENT:` (vCard 2.1 §2.4.4). Any other `BEGIN:VCARD` at depth 1 (Android nests cards so)
    /// is nested only if, after its `END:VCARD` (and after any more such cards right after it),
    /// the outer card goes on with a content line or its `END:VCARD`. If the input or the card
    /// size limit ends the run first, or a card in it holds another bare `BEGIN:VCARD`, or text
    /// that is not a content line follows it, the outer card lacks its END and is cut before the
    /// run, as before. No byte is scanned more than twice for this.
    ///
    /// Sets ``limitHit`` for a physical line longer than ``ParseOptions/Limits/maxLineBytes``
    /// (complete, or still without a line end), so a stream without line ends is not buffered
    /// without bound. Text outside cards counts toward ``ParseOptions/Limits/maxCardBytes`` too.
    private mutating func scanForCardEnd() -> Int? {
        var offset = scanOffset, line = lineNumber, depth = self.depth, hasCard = chunkHasCard
        var nestedJustOpened = self.nestedJustOpened, afterEmptyAgent = self.afterEmptyAgent, tentative = tentativeNest
        let atEnd = self.atEnd, chunkStart = self.chunkStart, maxCard = maxCardBytes
        let maxLine = options.limits.maxLineBytes
        var cut: Int?
        var tooLarge = false
        var abandonRun = false
        var searchedUpTo = lineSearchedUpTo
        var tooLong: (bytes: Int, complete: Bool)?
        buffer.withUnsafeBufferPointer { bytes in
            if !atEnd, searchedUpTo > offset {
                // The line at `offset` had no end: look only at the new bytes (and the two before
                // them, which a CR needs to tell CR, CRLF and CR CR LF apart).
                var i = max(offset, searchedUpTo - 2)
                while i < bytes.count, bytes[i] != .lf, bytes[i] != .cr { i &+= 1 }
                if i == bytes.count {
                    searchedUpTo = bytes.count
                    if bytes.count - offset > maxLine { tooLong = (bytes.count - offset, false) }
                    return
                }
            }
            while let physical = LineScanner.line(in: bytes, from: offset, limit: bytes.count, atEnd: atEnd) {
                if physical.contentEnd - physical.start > maxLine {
                    tooLong = (physical.contentEnd - physical.start, true)
                    return
                }
                if nestedJustOpened, physical.start < physical.contentEnd, bytes[physical.start].isFoldingWhitespace {
                    depth -= 1  // AGENT:BEGIN:VCARD continued by folded lines is one value, not a nested card
                }
                let marker = LineScanner.marker(of: physical, in: bytes)
                nestedJustOpened = marker == .nestedBegin && depth > 0
                let followsEmptyAgent = afterEmptyAgent
                if depth == 1, marker != .begin, !physical.isBlank, tentative != nil {
                    // A content line or END:VCARD: the outer card goes on. Junk: it had ended.
                    guard marker != .none || LineScanner.isContentLine(physical, in: bytes) else {
                        abandonRun = true
                        return
                    }
                    tentative = nil
                }
                afterEmptyAgent = marker == .none && depth > 0 && LineScanner.isEmptyAgent(physical, in: bytes)
                switch marker {
                case .begin:
                    if depth == 0 {
                        hasCard = true
                    } else if followsEmptyAgent || (depth > 1 && tentative == nil) {
                        // The agent's card (or a card inside one): nested.
                    } else if tentative == nil {
                        tentative = (physical.start, line)
                    } else if depth > 1 {  // a bare BEGIN inside the run
                        abandonRun = true
                        return
                    }
                    depth += 1
                case .nestedBegin:
                    if depth > 0 { depth += 1 }
                case .end:
                    if depth > 0 { depth -= 1 }
                    if depth == 0 && hasCard {
                        offset = physical.end
                        line += 1
                        cut = offset
                        return
                    }
                case .none:
                    break
                }
                offset = physical.end
                line += 1
                if offset - chunkStart > maxCard { tooLarge = true; return }
            }
            // No whole line left: the rest is a line still waiting for its end.
            searchedUpTo = bytes.count
            if bytes.count - offset > maxLine { tooLong = (bytes.count - offset, false) }
        }
        if let t = tentative, abandonRun || cut == nil && tooLong == nil && (atEnd || tooLarge) {
            // The run is not nested: the outer card lacks its END and ends before it.
            cut = t.start
            offset = t.start
            line = t.line
            tooLarge = false
        }
        scanOffset = offset
        lineNumber = line
        self.depth = depth
        chunkHasCard = hasCard
        lineSearchedUpTo = searchedUpTo
        self.nestedJustOpened = nestedJustOpened
        self.afterEmptyAgent = afterEmptyAgent
        tentativeNest = tentative
        if let tooLong {
            limitHit = Diagnostic(
                .error, .limitExceeded, at: SourcePosition(line: line),
                tooLong.complete
                    ? "line of \(tooLong.bytes) bytes is longer than the limit of \(maxLine) bytes"
                    : "line has no end within the limit of \(maxLine) bytes")
            return nil
        }
        if tooLarge { cut = offset }
        return cut
    }

    private mutating func cutChunk(upTo cut: Int) throws -> CardChunk {
        let chunk = CardChunk(bytes: Array(buffer[chunkStart..<cut]), firstLine: chunkLine)
        let isCard = chunkHasCard
        chunkStart = cut
        scanOffset = cut
        chunkLine = lineNumber
        chunkHasCard = false
        depth = 0
        nestedJustOpened = false
        afterEmptyAgent = false
        tentativeNest = nil
        if chunk.bytes.count > maxCardBytes {
            limitHit = Diagnostic(
                .error, .limitExceeded, at: SourcePosition(line: chunk.firstLine),
                isCard
                    ? "card is larger than \(maxCardBytes) bytes"
                    : "more than \(maxCardBytes) bytes of text outside any card")
            throw ParseError(limitHit!)
        }
        return chunk
    }

    /// The card size limit: the options', within what a parsed line's offsets can hold.
    private var maxCardBytes: Int { min(options.limits.maxCardBytes, SourceLine.maxCardBytes) }

    /// In strict mode, throws a parsed card's first diagnostic.
    private func accept(_ diagnostics: [Diagnostic]) throws {
        if options.mode == .strict, let first = diagnostics.first { throw ParseError(first) }
    }

    /// The warning for the first line of ``trailingBytes`` that is not blank, if any.
    private func trailingJunk() -> Diagnostic? {
        var line = chunkLine
        return trailingBytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            while let physical = LineScanner.line(in: bytes, from: offset, limit: bytes.count, atEnd: true) {
                if !physical.isBlank {
                    return Diagnostic(
                        .warning, .junkOutsideCard, at: SourcePosition(line: line),
                        "text after the last card is kept but ignored")
                }
                offset = physical.end
                line += 1
            }
            return nil
        }
    }

    /// Drops consumed bytes so memory stays at about one card plus one chunk.
    private mutating func compact() {
        guard chunkStart > 0, chunkStart >= buffer.count / 2 else { return }
        buffer.removeSubrange(0..<chunkStart)
        scanOffset -= chunkStart
        tentativeNest?.start -= chunkStart
        lineSearchedUpTo = max(lineSearchedUpTo - chunkStart, 0)
        chunkStart = 0
    }
}
