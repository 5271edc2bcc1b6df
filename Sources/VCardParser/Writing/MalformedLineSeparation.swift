/// Keeps each line kept as it is (a malformed line: no `:`) a line of its own in written output.
///
/// A reader joins a line without `:` to the line before it when that one asks for a continuation
/// (quoted-printable or 2.1 base64 data, a value ending in a backslash; see ``LogicalLine``), and
/// a malformed line can itself ask for one (`JUNK;ENCODING=QUOTED-PRINTABLE;X=`). As read, such
/// neighbours were apart; an edit, a deletion or an added line can bring two together. Where the
/// reader would join them, a line end goes between them: the blank line ends the continuation.
///
/// Only a pair with a malformed line is looked at, so a card without one costs a comparison per
/// property.
struct MalformedLineSeparation {
    private var previous: (start: Int, isMalformed: Bool)?

    /// Records a property written from `start` in `out` (its blank lines first, then its line),
    /// first separating its line from the one before when one of the two is malformed and a
    /// reader would join them.
    mutating func wrote(isMalformed: Bool, from start: Int, in out: inout [UInt8], lineEnding: [UInt8]) {
        var start = start
        if let previous, previous.isMalformed || isMalformed, start < out.count {
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
}
