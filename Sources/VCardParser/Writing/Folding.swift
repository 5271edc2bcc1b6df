/// Folds a content line at 75 octets (RFC 6350 §3.2) without splitting a UTF-8 sequence, and
/// never writes a physical line that a reader would take for a card boundary.
///
/// A line whose names are valid can still read as a boundary by its value alone:
/// `NOTE:BEGIN:VCARD` opens a nested 2.1 card (`AGENT:BEGIN:VCARD`) for ``VCardReader``. Such a
/// line is folded before its last byte (`NOTE:BEGIN:VCAR` CRLF ` D`): unfolded it is the same
/// text, and a folded first line is not a boundary.
///
/// The first physical line always holds the group, the name, the `;` or `:` after them and the
/// byte after that, even past 75 octets for a name that long: a line that is not indented and
/// opens with `name;` and a parameter name is never read as the continuation of the line before
/// it (a value ending in a backslash, base64 data, quoted-printable; see ``LogicalLine``). No
/// physical line but the last ends in `=`.
enum Folding {
    static let limit = 75

    /// Appends `line` (without its line end) folded, then the line end.
    static func appendFolded(_ line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], lineEnding: [UInt8]) {
        let firstWidth = firstLineWidth(line)
        guard line.count > firstWidth else {
            out.append(contentsOf: line)
            for byte in lineEnding { out.append(byte) }
            return
        }
        withFolded(line, firstWidth: firstWidth, lineEnding: lineEnding) { out.append(contentsOf: $0) }
    }

    /// Folds the line written from `start` in `out` (without its line end) in place, then
    /// appends the line end. The line is folded in memory of the call's own and copied back:
    /// no array is made.
    static func fold(_ out: inout [UInt8], from start: Int, lineEnding: [UInt8]) {
        let count = out.count - start
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { line in
            _ = out.withUnsafeBufferPointer { line.initialize(fromContentsOf: $0[start...]) }
            out.removeSubrange(start...)
            let line = UnsafeBufferPointer(line)
            withFolded(line, firstWidth: firstLineWidth(line), lineEnding: lineEnding) { out.append(contentsOf: $0) }
        }
    }

    /// Calls `body` with `line` folded and its line end, in memory of the call's own.
    private static func withFolded(
        _ line: UnsafeBufferPointer<UInt8>, firstWidth: Int, lineEnding: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let bytes = line.baseAddress else { return lineEnding.withUnsafeBufferPointer(body) }
        // The folds are counted first, to write the folded line at once: a physical line can be
        // as short as a byte (``cutPoint(_:from:width:)``), so a bound would be far too large.
        var lines = 0
        forEachPhysicalLine(of: line, firstWidth: firstWidth) { _ in lines += 1 }
        let size = line.count + (lines - 1) * (lineEnding.count + 1) + lineEnding.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
            var next = buffer.baseAddress!
            lineEnding.withUnsafeBufferPointer { end in
                forEachPhysicalLine(of: line, firstWidth: firstWidth) { piece in
                    if piece.lowerBound > 0 {
                        next.initialize(from: end.baseAddress!, count: end.count)
                        next[end.count] = .space
                        next += end.count + 1
                    }
                    next.initialize(from: bytes + piece.lowerBound, count: piece.count)
                    next += piece.count
                }
                next.initialize(from: end.baseAddress!, count: end.count)
            }
            body(UnsafeBufferPointer(buffer))
        }
    }

    /// How long the first physical line of `line` may be.
    private static func firstLineWidth(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        line.count <= limit ? firstLineLength(line) : max(limit, headLength(line))
    }

    /// Calls `body` with the range of each physical line `line` is folded into, in order: the
    /// first at most `firstWidth` bytes long, the others at most 74 after their folding space.
    private static func forEachPhysicalLine(of line: UnsafeBufferPointer<UInt8>, firstWidth: Int, _ body: (Range<Int>) -> Void) {
        var start = 0
        var width = firstWidth
        while line.count - start > width {
            let cut = cutPoint(line, from: start, width: width)
            guard cut < line.count else { break }
            body(start..<cut)
            start = cut
            width = limit - 1
        }
        body(start..<line.count)
    }

    /// Where the physical line that starts at `start` ends: at most `width` bytes on, backed up to
    /// the first byte of a UTF-8 sequence and past any `=` before it. A physical line ending in
    /// `=` reads as a quoted-printable soft break wherever the line names QUOTED-PRINTABLE (even
    /// inside a parameter value), which takes the next line as it is, its folding space
    /// included, instead of unfolding it. The first line keeps its head (``headLength(_:)``); a
    /// run of `=` too long to back out of ends the line after it instead, past 75 octets.
    private static func cutPoint(_ line: UnsafeBufferPointer<UInt8>, from start: Int, width: Int) -> Int {
        let least = start == 0 ? min(headLength(line), width) : 1
        var cut = start + width
        while cut > start + least, line[cut] & 0xC0 == 0x80 || line[cut - 1] == .equals { cut -= 1 }
        if line[cut - 1] == .equals {
            cut = start + width
            while cut < line.count, line[cut - 1] == .equals || line[cut] & 0xC0 == 0x80 { cut += 1 }
        }
        return cut
    }

    /// Appends `line` unfolded (a malformed line, kept as one), folded only where it would
    /// otherwise read as a card boundary.
    static func appendUnfolded(_ line: [UInt8], to out: inout [UInt8], lineEnding: [UInt8]) {
        let first = line.withUnsafeBufferPointer(firstLineLength)
        out.append(contentsOf: line[..<first])
        if first < line.count {
            out.append(contentsOf: lineEnding)
            out.append(.space)
            out.append(contentsOf: line[first...])
        }
        out.append(contentsOf: lineEnding)
    }

    /// Whether `line` (without its line end) is written on one physical line as it is: it fits in
    /// 75 octets and does not read as a card boundary (``firstLineLength(_:)``), which only a line
    /// ending in `D` or `d`, blanks aside, can.
    @inline(__always)
    static func fitsOnOneLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = line.last, line.count <= limit else { return line.isEmpty }
        return last.asciiLowercased != UInt8(ascii: "d") && !last.isFoldingWhitespace || firstLineLength(line) == line.count
    }

    /// The length of the group and name with the `;` or `:` after them and the byte after that.
    static func headLength(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        min((line.firstIndex { $0 == .semicolon || $0 == .colon } ?? line.count) + 2, line.count)
    }

    /// The length of `line`, or, when it would read as `BEGIN:VCARD`, `END:VCARD` or the start of
    /// a nested card on a physical line of its own, the length up to its last byte that is not a
    /// space or tab (a `D`), so that byte goes on a continuation line.
    static func firstLineLength(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        let whole = PhysicalLine(start: 0, contentEnd: line.count, end: line.count)
        guard LineScanner.marker(of: whole, in: line) != .none else { return line.count }
        var last = line.count - 1
        while line[last].isFoldingWhitespace { last -= 1 }
        return last
    }
}
