/// Keeps each line that was a line of its own as read a line of its own in written output: a
/// malformed line (kept as it is: no `:`) and a line that starts with white space.
///
/// A reader joins a line without `:` to the line before it when that one asks for a continuation
/// (quoted-printable or 2.1 base64 data, a value ending in a backslash; see ``LogicalLine``), and
/// a malformed line can itself ask for one (`JUNK;ENCODING=QUOTED-PRINTABLE;X=`). A line that
/// starts with white space is a fold of any line before it; as read, only a blank line (the one
/// that ends base64 data belongs to the line before) or the `BEGIN` line kept it apart. As read,
/// such neighbours were apart; an edit, a deletion or an added line can bring two together.
/// Where the reader would join them, a line end goes between them: the blank line ends the
/// continuation.
///
/// Only a pair with such a line is looked at, so a card without one costs a comparison per
/// property.
struct LineSeparation {
    private var previous: (start: Int, isMalformed: Bool)?

    /// Records a property written from `start` in `out` (its blank lines first, then its line),
    /// first separating its line from the one before when one of the two is malformed, or its
    /// own line starts with white space, and a reader would join them.
    mutating func wrote(isMalformed: Bool, from start: Int, in out: inout [UInt8], lineEnding: [UInt8]) {
        var start = start
        if let previous, previous.isMalformed || isMalformed || Self.startsIndented(out, from: start), start < out.count {
            let joined = out.withUnsafeBufferPointer { bytes in
                var line = previous.start  // past the blank lines before the previous property's line
                while line < start, bytes[line] == .cr || bytes[line] == .lf { line += 1 }
                var unfolded: [UInt8] = []
                return LogicalLine.read(bytes, from: line, end: bytes.count, line: 1, unfolded: &unfolded).map { $0.raw.upperBound > start } ?? false
            }
            if joined {
                out.insert(contentsOf: lineEnding, at: start)
                start += lineEnding.count
            }
        }
        previous = (start, isMalformed)
    }

    /// Whether the line written from `start`, past its blank lines, starts with a space or a tab.
    private static func startsIndented(_ out: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < out.count, out[i] == .cr || out[i] == .lf { i += 1 }
        return i < out.count && out[i].isFoldingWhitespace
    }
}
