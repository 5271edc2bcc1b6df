/// One physical line: `start..<contentEnd` is its text, `contentEnd..<end` its line end.
struct PhysicalLine {
    var start: Int
    var contentEnd: Int
    var end: Int

    var isBlank: Bool { start == contentEnd }
    var hasTerminator: Bool { contentEnd < end }
}

enum LineScanner {
    /// The physical line that starts at `start`.
    ///
    /// Line ends are LF, CRLF, a lone CR, and the CR CR LF that iOS writes (one line end, not a
    /// blank line). Returns `nil` when the bytes before `limit` do not yet hold a whole line and
    /// more input may come (`atEnd` false).
    ///
    /// - Complexity: O(length of the line). The line end (the first LF or CR, eight bytes at a
    ///   time: faster on lines this short than two `memchr` calls) is looked for in windows that
    ///   double in size: one search for LF over all of the rest of the bytes made every line of a
    ///   file with CR line ends (no LF at all) cost the whole rest of the file, which is quadratic.
    @inline(__always)
    static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, atEnd: Bool) -> PhysicalLine? {
        guard start < limit, bytes.baseAddress != nil else { return nil }
        var from = start
        var window = 256
        while true {
            let windowEnd = limit - from > window ? from + window : limit
            if let i = ByteSearch.firstLineBreak(in: bytes, from: from, to: windowEnd) {
                if bytes[i] == .lf { return PhysicalLine(start: start, contentEnd: i, end: i + 1) }
                // A CR: up to two bytes of look-ahead tell CR, CRLF and CR CR LF apart.
                if i + 1 >= limit { return atEnd ? PhysicalLine(start: start, contentEnd: i, end: i + 1) : nil }
                if bytes[i + 1] == .lf { return PhysicalLine(start: start, contentEnd: i, end: i + 2) }
                if bytes[i + 1] == .cr {
                    if i + 2 >= limit { return atEnd ? PhysicalLine(start: start, contentEnd: i, end: i + 1) : nil }
                    if bytes[i + 2] == .lf { return PhysicalLine(start: start, contentEnd: i, end: i + 3) }
                }
                return PhysicalLine(start: start, contentEnd: i, end: i + 1)
            }
            if windowEnd == limit { break }
            from = windowEnd
            window &*= 2
        }
        guard atEnd else { return nil }
        return PhysicalLine(start: start, contentEnd: limit, end: limit)
    }

    /// What a physical line means for splitting a stream into cards.
    enum Marker {
        case none, begin, end
        /// `AGENT:BEGIN:VCARD` (any name): a 2.1 nested card starts on the next line.
        case nestedBegin
    }

    /// Classifies a line by its first bytes, ignoring ASCII case. Every line is asked, by the
    /// framer and the parser. `BEGIN` and `END` lines start with `BE` or `EN` (or a byte-order
    /// mark), the other markers end in `VCARD` (blanks aside): any other line is told here,
    /// without a call.
    @inline(__always)
    static func marker(of line: PhysicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> Marker {
        guard line.contentEnd &- line.start >= 2 else { return .none }
        let head = UInt16(bytes[line.start] | 0x20) << 8 | UInt16(bytes[line.start &+ 1] | 0x20), last = bytes[line.contentEnd &- 1]
        let mayBeMarker =
            head == 0x6265 || head == 0x656E || bytes[line.start] == 0xEF  // "be", "en", a byte-order mark
            || last | 0x20 == UInt8(ascii: "d") || last.isFoldingWhitespace
        return mayBeMarker ? markerOfPossibleLine(line, in: bytes) : .none
    }

    /// The whole test of ``marker(of:in:)``, without its shortcut.
    static func markerOfPossibleLine(_ line: PhysicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> Marker {
        var s = line.start
        let e = line.contentEnd
        if e - s >= 3, bytes[s] == 0xEF, bytes[s + 1] == 0xBB, bytes[s + 2] == 0xBF { s += 3 }  // UTF-8 BOM
        guard e - s >= 9, !bytes[s].isFoldingWhitespace else { return .none }
        // Every line is looked at, so its first eight bytes are compared at once (``beginHead``).
        let head = Word.load(bytes, at: s)
        if head | Self.beginHead.letters == Self.beginHead.word, ASCII.hasPrefix(bytes, from: s + 8, end: e, lowercased: "ard") { return .begin }
        if head | Self.endHead.letters == Self.endHead.word, bytes[s + 8].asciiLowercased == UInt8(ascii: "d") { return .end }
        var t = e
        while t > s, bytes[t - 1].isFoldingWhitespace { t -= 1 }
        // The other markers, grouped or nested, end in `:vcard`: the last eight bytes tell most
        // lines apart at once (the first two of them are not looked at).
        guard t - s > 9, (Word.load(bytes, at: t - 8) | Self.vcardTail.letters) & ~0xFFFF == Self.vcardTail.word else { return .none }
        // A grouped BEGIN or END (`home.begin:vcard`), as some old exporters write.
        if t - s <= 64 {
            var dot = s
            while dot < t, bytes[dot] != .period, bytes[dot] != .colon { dot += 1 }
            if dot < t, bytes[dot] == .period {
                if t == dot + 12, ASCII.hasPrefix(bytes, from: dot + 1, end: t, lowercased: "begin:vcard") { return .begin }
                if t == dot + 10, ASCII.hasPrefix(bytes, from: dot + 1, end: t, lowercased: "end:vcard") { return .end }
            }
        }
        // A nested card: the value (after the first colon) is exactly BEGIN:VCARD.
        guard t - s > 12, ASCII.hasPrefix(bytes, from: t - 12, end: t, lowercased: ":begin:vcard") else { return .none }
        var c = s
        while c < t - 12, bytes[c] != .colon { c += 1 }
        return c == t - 12 ? .nestedBegin : .none
    }

    /// Eight bytes as one word, the first in the low bits (``Word/load(_:at:)``), and the bits
    /// that make its letters lower case: `load | letters == word` compares eight bytes ignoring
    /// the case of letters only, since a byte with 0x20 set equals a lower-case letter only when
    /// it was that letter in either case. Literals, so that no lazy global is checked per line;
    /// a test spells them out.
    static let beginHead = (word: UInt64(0x6376_3A6E_6967_6562), letters: UInt64(0x2020_0020_2020_2020))  // "begin:vc"
    static let endHead = (word: UInt64(0x7261_6376_3A64_6E65), letters: UInt64(0x2020_2020_0020_2020))  // "end:vcar"
    /// `:vcard` in the last six of eight bytes.
    static let vcardTail = (word: UInt64(0x6472_6163_763A_0000), letters: UInt64(0x2020_2020_2000_0000))

    /// Whether the line opens as a content line does: a name (letters, digits, `-`, `_`, with a
    /// group before a `.`), then `;` or `:`.
    static func isContentLine(_ line: PhysicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = line.start
        while i < line.contentEnd, bytes[i].isNameByte || bytes[i] == .period || bytes[i] == UInt8(ascii: "_") { i += 1 }
        return i > line.start && i < line.contentEnd && (bytes[i] == .colon || bytes[i] == .semicolon)
    }

    /// Whether the line is `AGENT` (with any group and parameters) with an empty value: in
    /// vCard 2.1 (§2.4.4) the agent's card then follows on the next lines, from its own
    /// `BEGIN:VCARD`. Every line is asked; nearly all end in something other than `:` (or
    /// blanks after one), which is told here without a call.
    @inline(__always)
    static func isEmptyAgent(_ line: PhysicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.start < line.contentEnd else { return false }
        let last = bytes[line.contentEnd &- 1]
        return (last == .colon || last.isFoldingWhitespace) && endsAgentWithEmptyValue(line, in: bytes)
    }

    private static func endsAgentWithEmptyValue(_ line: PhysicalLine, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var e = line.contentEnd
        while e > line.start, bytes[e - 1].isFoldingWhitespace { e -= 1 }
        guard e - line.start >= 6, bytes[e - 1] == .colon else { return false }
        // The name ends at the first `;` or `:`; the first `:` outside quotes ends the parameters.
        var nameStart = line.start
        var i = line.start
        while i < e, bytes[i] != .semicolon, bytes[i] != .colon {
            if bytes[i] == .period { nameStart = i + 1 }
            i += 1
        }
        guard i - nameStart == 5, ASCII.hasPrefix(bytes, from: nameStart, end: i, lowercased: "agent") else { return false }
        var inQuotes = false
        while i < e - 1 {
            if bytes[i] == .quote { inQuotes.toggle() } else if bytes[i] == .colon, !inQuotes { return false }
            i += 1
        }
        return true
    }
}
