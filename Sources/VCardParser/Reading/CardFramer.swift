/// Cuts an input into the bytes of each card, as its bytes arrive: the lines from `BEGIN:VCARD`
/// to its `END:VCARD`, nested cards (``Property/embeddedCard``) counted in, with the text before
/// each card, and the size limits. ``VCardReader`` has it read its input straight into ``buffer``
/// (``read(from:chunk:)``); ``VCardDecoder`` hands it the whole input at once.
///
/// ```swift
/// var framer = CardFramer(bytes: input, atEnd: true, options: ParseOptions())
/// _ = framer.begin()
/// while let chunk = try framer.nextChunk() { print(chunk.firstLine) }
/// ```
struct CardFramer {
    /// Bytes not cut yet (and, before a read moves them, some that were), in its first
    /// ``filled`` bytes; the rest is room for the next read.
    private(set) var buffer: [UInt8]
    /// How many bytes of ``buffer`` hold input.
    private(set) var filled: Int
    /// Whether the input has no bytes after ``buffer``'s.
    private(set) var atEnd: Bool
    let options: ParseOptions
    /// The card size limit: the options', within what a parsed line's offsets can hold.
    private let maxCardBytes: Int

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
    /// A limit that stopped the cutting; thrown by every later ``nextChunk()`` too.
    private(set) var limitHit: Diagnostic?

    init(bytes: [UInt8], atEnd: Bool, options: ParseOptions) {
        buffer = bytes
        filled = bytes.count
        self.atEnd = atEnd
        self.options = options
        maxCardBytes = min(options.limits.maxCardBytes, SourceLine.maxCardBytes)
    }

    /// Tells the input's encoding from its first bytes, and transcodes UTF-16 to UTF-8. Called
    /// once, before ``nextChunk()``, with at least four bytes in ``buffer`` (or all there are),
    /// and all of the input when it is UTF-16 (``InputEncoding/detect(_:)`` tells).
    mutating func begin() -> InputEncoding {
        let encoding = InputEncoding.detect(buffer[..<filled])
        if case .utf16(let bigEndian, let bom) = encoding {
            buffer = InputEncoding.transcode(buffer[(bom ? 2 : 0)..<filled], bigEndian: bigEndian)
            filled = buffer.count
        }
        return encoding
    }

    /// The next card's bytes; `nil` when ``buffer`` holds no whole card yet (read more, unless
    /// ``atEnd``) or when the input is over.
    /// - Throws: ``ParseError`` for a limit hit (a line or card too long), now or before.
    mutating func nextChunk() throws(ParseError) -> CardChunk? {
        if let limitHit { throw ParseError(limitHit) }
        if let cut = scanForCardEnd() { return try cutChunk(upTo: cut) }
        if let limitHit { throw ParseError(limitHit) }
        guard atEnd, chunkStart < filled, chunkHasCard else { return nil }
        return try cutChunk(upTo: filled)
    }

    /// Once the input is over: the bytes after the last card (empty if there are none, or on a
    /// second call), with a warning when they are not blank.
    mutating func finish() -> (trailingBytes: [UInt8], junk: Diagnostic?) {
        guard chunkStart < filled else { return ([], nil) }
        let trailing = Array(buffer[chunkStart..<filled])
        chunkStart = filled
        return (trailing, junk(in: trailing))
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
        let filled = self.filled
        buffer.withUnsafeBufferPointer { storage in
            let bytes = UnsafeBufferPointer(rebasing: storage[..<filled])
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
            while true {
                if depth == 1, tentative == nil, !nestedJustOpened, !afterEmptyAgent {
                    Self.skipPlainLines(bytes, from: &offset, line: &line, upTo: chunkStart + maxCard, maxLine: maxLine, atEnd: atEnd)
                }
                guard let physical = LineScanner.line(in: bytes, from: offset, limit: bytes.count, atEnd: atEnd) else { break }
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

    /// Steps over the lines from `offset` that say nothing to a scan inside a card with nothing
    /// pending (depth 1, no nesting in question): most lines of every card. Such a line is whole,
    /// no longer than `maxLine`, ends by `limit` (the card size limit), is not a marker
    /// (``LineScanner/marker(of:in:)``) and not an empty `AGENT` line; the first line that is
    /// not is left for the scan in full, as are all the lines that decide anything.
    @inline(__always)
    private static func skipPlainLines(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: inout Int, line: inout Int, upTo limit: Int, maxLine: Int, atEnd: Bool
    ) {
        while let physical = LineScanner.line(in: bytes, from: offset, limit: bytes.count, atEnd: atEnd),
            physical.end <= limit, physical.contentEnd &- physical.start <= maxLine,
            LineScanner.marker(of: physical, in: bytes) == .none, !LineScanner.isEmptyAgent(physical, in: bytes)
        {
            offset = physical.end
            line &+= 1
        }
    }

    private mutating func cutChunk(upTo cut: Int) throws(ParseError) -> CardChunk {
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

    /// The warning for the first line of `trailingBytes` that is not blank, if any.
    private func junk(in trailingBytes: [UInt8]) -> Diagnostic? {
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

    /// Reads up to `chunk` more bytes from `source` straight into ``buffer``, after its
    /// ``filled`` bytes; sets ``atEnd`` when the input is over. Room is made first by moving the
    /// bytes not cut yet to the front, when the bytes cut before them are at least as many (so
    /// that a long card is not moved again and again), then by growing the buffer to twice its
    /// size: memory stays at about one card plus two chunks, and no byte is copied on its way
    /// from the system to the parser.
    /// - Throws: ``ReadError`` when the system cannot read.
    mutating func read(from source: inout ByteSource, chunk: Int) throws(ReadError) {
        if buffer.count - filled < chunk {
            compact()
            if buffer.count - filled < chunk {
                buffer.append(contentsOf: repeatElement(0, count: Swift.max(filled + chunk, 2 * buffer.count) - buffer.count))
            }
        }
        let start = filled
        let n = try buffer.withUnsafeMutableBufferPointer { storage throws(ReadError) in
            try source.read(into: UnsafeMutableBufferPointer(rebasing: storage[start..<(start + chunk)]))
        }
        filled += n
        if n == 0 { atEnd = true }
    }

    /// Moves the bytes not cut yet to the front of ``buffer`` when those cut before them are at
    /// least as many.
    private mutating func compact() {
        guard chunkStart > 0, chunkStart >= filled / 2 else { return }
        let (from, count) = (chunkStart, filled - chunkStart)
        buffer.withUnsafeMutableBytes { storage in
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + from, byteCount: count)  // memmove: they may overlap
        }
        filled = count
        scanOffset -= chunkStart
        tentativeNest?.start -= chunkStart
        lineSearchedUpTo = max(lineSearchedUpTo - chunkStart, 0)
        chunkStart = 0
    }
}
