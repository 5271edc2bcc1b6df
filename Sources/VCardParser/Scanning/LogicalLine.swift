/// One unfolded content line: its raw byte range, and whether it spanned several physical lines
/// (its joined text is then in the buffer ``read(_:from:end:line:unfolded:)`` was given). Plain
/// bytes, so that passing a line around costs no reference counting.
struct LogicalLine {
    /// First byte through the last line end, in the card's bytes.
    var raw: Range<Int>
    /// The text of the first physical line (the whole text when not folded).
    var content: Range<Int>
    /// Whether folding, a quoted-printable soft break or 2.1 base64 continued it.
    var isFolded = false
    /// 1-based number of its first physical line.
    var line: Int
    /// How many physical lines it took.
    var physicalLineCount: Int
    var marker: LineScanner.Marker

    var isBlank: Bool { !isFolded && content.isEmpty }

    /// Reads the logical line that starts at `offset`: unfolds continuation lines (space or tab),
    /// joins quoted-printable soft breaks, and joins lines without a `:` (and not `#` comments)
    /// after base64 or quoted-printable values or after a value ending in a backslash.
    ///
    /// After a soft break (`=` at the end of a quoted-printable line) the next line is taken as it
    /// is, a leading space included. The blank line that ends 2.1 base64 data belongs to its line.
    ///
    /// When the line is folded, `unfolded` holds its joined text; otherwise `unfolded` is left as
    /// it was (its capacity is reused from line to line).
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, end: Int, line: Int, unfolded: inout [UInt8]
    ) -> LogicalLine? {
        guard offset < end, let first = LineScanner.line(in: bytes, from: offset, limit: end, atEnd: true) else { return nil }
        var result = LogicalLine(
            raw: first.start..<first.end, content: first.start..<first.contentEnd,
            line: line, physicalLineCount: 1, marker: LineScanner.marker(of: first, in: bytes))
        if result.marker == .nestedBegin, first.hasTerminator, first.end < end, bytes[first.end].isFoldingWhitespace {
            result.marker = .none  // AGENT:BEGIN:VCARD continued by folded lines: one long value
        }
        guard !first.isBlank, result.marker == .none else { return result }
        var last = first
        var hint: TransferHint?
        while last.hasTerminator, last.end < end {
            // The common case, decided without scanning the next line: it starts a content line
            // of its own (not indented, with a ':' in it) and this one asks for no continuation.
            let nextFirst = bytes[last.end]
            if !nextFirst.isFoldingWhitespace && nextFirst != .cr && nextFirst != .lf && hint != .base64 && hint != .quotedPrintable {
                let lastByte = (result.isFolded ? unfolded.last : nil) ?? bytes[last.contentEnd - 1]
                if lastByte != .equals && lastByte != .backslash
                    && (nextFirst == UInt8(ascii: "#") || hasColonBeforeLineEnd(bytes, from: last.end, end: end))
                {
                    break
                }
            }
            guard let next = LineScanner.line(in: bytes, from: last.end, limit: end, atEnd: true) else { break }
            var skip = 0
            var dropEquals = false
            if next.isBlank {
                if hint == nil { hint = TransferHint(bytes, first) }
                if hint == .base64 {
                    last = next
                    result.physicalLineCount += 1
                }
                break
            }
            let lastByte = (result.isFolded ? unfolded.last : nil) ?? bytes[last.contentEnd - 1]
            let indented = bytes[next.start].isFoldingWhitespace
            // The common case first: the next line is a content line of its own.
            if !indented && lastByte != .equals && lastByte != .backslash && hint != .base64 && hint != .quotedPrintable
                && (bytes[next.start] == UInt8(ascii: "#") || contains(bytes, next.start..<next.contentEnd, .colon))
            {
                break
            }
            if LineScanner.marker(of: next, in: bytes) != .none || opensAgentCard(bytes, next, end: end) { break }
            if hint == nil && (lastByte == .equals || !indented) { hint = TransferHint(bytes, first) }
            var joinWithSpace = false
            if lastByte == .equals && hint == .quotedPrintable {
                dropEquals = true
            } else if indented {
                skip = 1
            } else if bytes[next.start] == UInt8(ascii: "#") || contains(bytes, next.start..<next.contentEnd, .colon)
                || startsWithNameAndParameter(bytes, next)
            {
                break
            } else if lastByte == .backslash {
                joinWithSpace = true  // Android 2.1: a value ending in "\" goes on on the next line
            } else if hint == .plain {
                break  // base64 data, or a quoted-printable value Gammu wrapped without a soft break
            }
            if !result.isFolded {
                result.isFolded = true
                unfolded.removeAll(keepingCapacity: true)
                unfolded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first.start..<first.contentEnd]))
            }
            if dropEquals { unfolded.removeLast() }
            if joinWithSpace { unfolded.append(.space) }
            unfolded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(next.start + skip)..<next.contentEnd]))
            last = next
            result.physicalLineCount += 1
        }
        result.raw = first.start..<last.end
        return result
    }

    /// Whether `line` is `AGENT:` with the agent's card on the next line: a line of its own
    /// however the line before it ends, as ``CardFramer`` counts it when it cuts cards.
    private static func opensAgentCard(_ bytes: UnsafeBufferPointer<UInt8>, _ line: PhysicalLine, end: Int) -> Bool {
        guard LineScanner.isEmptyAgent(line, in: bytes),
            let after = LineScanner.line(in: bytes, from: line.end, limit: end, atEnd: true)
        else { return false }
        return LineScanner.marker(of: after, in: bytes) == .begin
    }

    /// Whether the line starting at `offset` has a `:` (scanning stops at the `:` or the line end).
    @inline(__always)
    static func hasColonBeforeLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, end: Int) -> Bool {
        guard let i = ByteSearch.first(.colon, .cr, .lf, in: bytes, from: offset, to: end) else { return false }
        return bytes[i] == .colon
    }

    /// Whether the line opens with `name;` or `group.name;` and the first letter, digit or `-` of
    /// a parameter (valid names): a content line whose `:` a fold put on a later line, as
    /// ``VCardWriter`` writes one with long parameters. None of the continuations without a fold
    /// (after a backslash, of base64, of quoted-printable without a soft break) takes such a
    /// line; one of text (`two; three`) they still take.
    private static func startsWithNameAndParameter(_ bytes: UnsafeBufferPointer<UInt8>, _ line: PhysicalLine) -> Bool {
        var i = line.start
        var nameStart = i
        var sawGroup = false
        while i < line.contentEnd {
            let b = bytes[i]
            if b == .semicolon { return i > nameStart && i + 1 < line.contentEnd && bytes[i + 1].isNameByte }
            if b == .period, !sawGroup, i > nameStart {
                sawGroup = true
                nameStart = i + 1
            } else if !b.isNameByte {
                return false
            }
            i &+= 1
        }
        return false
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8) -> Bool {
        for i in range where bytes[i] == byte { return true }
        return false
    }
}

/// Where a nested card starts: on the line after `AGENT:BEGIN:VCARD`, or at its own
/// `BEGIN:VCARD` line (after `AGENT:`, or bare, as Android writes it).
struct NestedCard {
    var start: Int
    var firstLine: Int
    var opensWithBegin: Bool
}

/// What the parameters of a line say about continuation lines.
enum TransferHint {
    case plain, quotedPrintable, base64

    /// Looks at the parameters of `line` for an `ENCODING`. They end at the first `:` outside
    /// double quotes, as ``ContentLine/split(_:_:)`` has it (`LABEL="a: b"` holds a colon), or at
    /// the first `:` when a quote is never closed.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ line: PhysicalLine) {
        var colon = line.start
        while colon < line.contentEnd, bytes[colon] != .colon, bytes[colon] != .semicolon { colon += 1 }
        guard colon < line.contentEnd, bytes[colon] == .semicolon else { self = .plain; return }
        let nameEnd = colon
        var inQuotes = false
        while colon < line.contentEnd, inQuotes || bytes[colon] != .colon {
            if bytes[colon] == .quote { inQuotes.toggle() }
            colon += 1
        }
        if colon == line.contentEnd {  // a quote never closed
            colon = nameEnd
            while colon < line.contentEnd, bytes[colon] != .colon { colon += 1 }
        }
        self = Self.encoding(bytes, line.start..<colon)
    }

    /// The encoding the parameters name, as `ENCODING=word` or the 2.1 bare `word`, ignoring
    /// case; quoted-printable wins over base64 (`BASE64` or `B`). Only whole parameters count
    /// (their first value): a `TYPE` or `X-` value that merely contains the word says nothing
    /// about the encoding, and reading its line as quoted-printable would join and change the
    /// value. One pass over the parameters, split at every `;` (the name before the first is
    /// not one).
    private static func encoding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TransferHint {
        var result = TransferHint.plain
        var start = range.lowerBound
        while let semicolon = ByteSearch.first(.semicolon, .semicolon, .semicolon, in: bytes, from: start, to: range.upperBound) {
            var word = semicolon + 1
            var end = word
            while end < range.upperBound, bytes[end] != .semicolon, bytes[end] != .comma, bytes[end] != .equals { end += 1 }
            if end < range.upperBound, bytes[end] == .equals {
                guard ASCII.equals(UnsafeBufferPointer(rebasing: bytes[word..<end]), lowercased: "encoding") else {
                    start = end
                    continue
                }
                word = end + 1
                end = word
                while end < range.upperBound, bytes[end] != .semicolon, bytes[end] != .comma { end += 1 }
            }
            let value = UnsafeBufferPointer(rebasing: bytes[word..<end])
            if ASCII.equals(value, lowercased: "quoted-printable") { return .quotedPrintable }
            if ASCII.equals(value, lowercased: "base64") || ASCII.equals(value, lowercased: "b") { result = .base64 }
            start = end
        }
        return result
    }
}
