/// Keeps each line that was a line of its own as read a line of its own in written output: one
/// whose first physical line has no `:` (a malformed line, kept as it is, or one whose `:` is in
/// a fold) and one that starts with white space.
///
/// A reader joins a line without `:` to the line before it when that one asks for a continuation
/// (quoted-printable or base64 data, a value ending in a backslash; see ``LogicalLine``), and a
/// malformed line can itself ask for one (`JUNK;ENCODING=QUOTED-PRINTABLE;X=`). A line that
/// starts with white space is a fold of any line before it. As read, such neighbours were apart:
/// the line before asked for no continuation, or a blank line (the one that ends base64 data
/// belongs to the line before) or the `BEGIN` line stood between them. An edit, a deletion or an
/// added line can bring two together. Where the reader would join them, a line end goes between
/// them: the blank line ends the continuation. The pair is read again after it, and another goes
/// in while a reader would still join them: a line end of CR alone before blank lines that end in
/// LF makes one line end (`\r` and `\n`), and `\r\r\n` is read as one too (as Outlook writes it).
///
/// Only a pair with such a line is looked at, so a card without one costs a comparison per
/// property and a look for the `:` of its first physical line.
struct LineSeparation {
    private var previous: (start: Int, isMalformed: Bool)?

    /// Records a property written from `start` in `out` (its blank lines first, then its line),
    /// first separating its line from the one before when the one before is malformed, or its
    /// own line could continue another (``mayContinueALine(_:from:)``), and a reader would join them.
    mutating func wrote(isMalformed: Bool, from start: Int, in out: inout [UInt8], lineEnding: [UInt8]) {
        var start = start
        if let previous, previous.isMalformed || isMalformed || Self.mayContinueALine(out, from: start), start < out.count {
            // Read again after each line end put in: a CR put before blank lines that start
            // with LF made one line end with them, so a second is needed there.
            for _ in 0..<3 where Self.areJoined(out, previous: previous.start, next: start) {
                out.insert(contentsOf: lineEnding, at: start)
                start += lineEnding.count
            }
        }
        previous = (start, isMalformed)
    }

    /// Records a line written from `start` that starts with its name and has its `:` on its one
    /// physical line, so that it continues no line before it, unless the one before is malformed:
    /// then it records nothing and returns `false`, and ``wrote(isMalformed:from:in:lineEnding:)``
    /// has to look at the pair once the line is in the output.
    mutating func wroteLineOfItsOwn(from start: Int) -> Bool {
        guard previous?.isMalformed != true else { return false }
        previous = (start, false)
        return true
    }

    /// Whether a reader takes the line written from `next` in `out` as part of the one written
    /// from `previous` (each from its blank lines).
    private static func areJoined(_ out: [UInt8], previous: Int, next: Int) -> Bool {
        out.withUnsafeBufferPointer { bytes in
            var line = previous  // past the blank lines before the previous property's line
            while line < next, bytes[line] == .cr || bytes[line] == .lf { line += 1 }
            var unfolded: [UInt8] = []
            return LogicalLine.read(bytes, from: line, end: bytes.count, line: 1, unfolded: &unfolded).map { $0.raw.upperBound > next } ?? false
        }
    }

    /// Whether the line written from `start`, past its blank lines, could be read as the
    /// continuation of a line before it: it starts with a space or a tab, or its first physical
    /// line has no `:`.
    private static func mayContinueALine(_ out: [UInt8], from start: Int) -> Bool {
        out.withUnsafeBufferPointer { bytes in
            var i = start
            while i < bytes.count, bytes[i] == .cr || bytes[i] == .lf { i += 1 }
            guard i < bytes.count else { return false }
            if bytes[i].isFoldingWhitespace { return true }
            guard let stop = ByteSearch.first(.colon, .cr, .lf, in: bytes, from: i, to: bytes.count) else { return true }
            return bytes[stop] != .colon
        }
    }
}
