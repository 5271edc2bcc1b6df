/// A content line of the common shape, read in one pass over its bytes: where it ends, its parts
/// (``ContentLine``) and what its value's bytes hold (``ValueScan``). The parser tries it on each
/// line of a card's body before reading the line in full (``LogicalLine/read(_:from:end:line:unfolded:)``,
/// ``ContentLine/split(_:_:)``, the names' spelling and ``ValueScan``: four passes over the same
/// bytes), and what it returns is what they would have found.
///
/// The common shape: one physical line ending in LF or CRLF, not continued on the next (which
/// starts with neither a space nor a tab, and is told apart as ``LogicalLine`` tells it without
/// looking at any parameter), with a name and at most one group of letters, digits and `-`, then
/// `:` or parameters up to a `:` outside quotes, and not a line that ``LineScanner`` marks or an
/// empty `AGENT`. Any other line (`nil`) is read in full, as before.
///
/// ```swift
/// let bytes: [UInt8] = Array("TEL;TYPE=work:+1 555 0100\r\nEND:VCARD\r\n".utf8)
/// bytes.withUnsafeBufferPointer { PlainLine.read($0, from: 0, end: $0.count)?.parts.value }   // 14..<25
/// ```
struct PlainLine {
    var physical: PhysicalLine
    var parts: ContentLine
    var value: ValueScan

    /// The line at `offset` if it has the common shape; `end` is where the card's bytes end.
    @inline(never)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, end: Int) -> PlainLine? {
        // The name, with a group before one `.`: letters, digits and `-`, up to `;` or `:`.
        var i = offset
        var nameStart = offset
        var group: Range<Int>?
        while true {
            i = nameEnd(bytes, from: i, end: end)
            guard i < end, bytes[i] == .period, group == nil, i > nameStart else { break }
            group = offset..<i
            i &+= 1
            nameStart = i
        }
        guard i < end, i > nameStart, bytes[i] == .colon || bytes[i] == .semicolon else { return nil }
        let nameEnd = i
        // The parameters: up to the first `:` outside double quotes, on this physical line.
        if bytes[i] == .semicolon {
            guard let colon = parameterEnd(bytes, from: i &+ 1, end: end) else { return nil }
            i = colon
        }
        let colon = i
        // The value, up to the line end, noting what ``ValueScan`` notes on the way.
        guard let (contentEnd, high, found) = valueEnd(bytes, from: colon &+ 1, end: end) else { return nil }
        let lineEnd: Int
        if bytes[contentEnd] == .lf {
            lineEnd = contentEnd &+ 1
        } else {
            guard contentEnd &+ 1 < end, bytes[contentEnd &+ 1] == .lf else { return nil }  // a lone CR, or CR CR LF
            lineEnd = contentEnd &+ 2
        }
        let physical = PhysicalLine(start: offset, contentEnd: contentEnd, end: lineEnd)
        guard LineScanner.marker(of: physical, in: bytes) == .none, !LineScanner.isEmptyAgent(physical, in: bytes),
            endsHere(bytes, physical, hasParameters: colon != nameEnd, end: end)
        else { return nil }
        let value = (colon &+ 1)..<contentEnd
        let parts = ContentLine(
            group: group, name: nameStart..<nameEnd, parameterSection: colon == nameEnd ? nameEnd..<nameEnd : (nameEnd &+ 1)..<colon, value: value)
        let scan = ValueScan(
            isUTF8: high & Word.highs == 0 || Charset.isWellFormedUTF8(UnsafeBufferPointer(rebasing: bytes[value])),
            hasBackslash: found & 0x01 != 0, mayHoldControl: found & 0x80 != 0)
        return PlainLine(physical: physical, parts: parts, value: scan)
    }

    /// The first byte from `start` that is not a letter, a digit or `-` (or `end`), eight bytes
    /// at a time: the lowest flag of each test below is exact (a byte above 0x7F is flagged
    /// itself, and any carry it makes only reaches the bytes after it).
    @inline(__always)
    private static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        var i = start
        while i &+ 8 <= end {
            let word = Word.load(bytes, at: i)
            let nameBytes =
                Word.inRange(word | Word.ones &* 0x20, 0x61, 0x7A) | Word.inRange(word, 0x30, 0x39) | Word.equal(word, UInt8(ascii: "-"))
            let stops = ~nameBytes & Word.highs | word & Word.highs
            if stops != 0 { return i &+ stops.trailingZeroBitCount / 8 }
            i &+= 8
        }
        while i < end, bytes[i].isNameByte { i &+= 1 }
        return i
    }

    /// Whether the logical line is this physical line alone, as ``LogicalLine`` decides it
    /// before it has looked at the parameters: the next line is not indented and not blank, this
    /// one ends in neither `=` nor `\`, and the next starts with `#` or has a `:`. Without
    /// parameters the line asks for no continuation (``TransferHint/plain``), and only the
    /// indent and the last byte count.
    @inline(__always)
    private static func endsHere(_ bytes: UnsafeBufferPointer<UInt8>, _ line: PhysicalLine, hasParameters: Bool, end: Int) -> Bool {
        guard line.end < end else { return true }
        let next = bytes[line.end], last = bytes[line.contentEnd &- 1]
        guard !next.isFoldingWhitespace, last != .equals, last != .backslash else { return false }
        if !hasParameters { return true }
        guard next != .cr, next != .lf else { return false }
        return next == UInt8(ascii: "#") || LogicalLine.hasColonBeforeLineEnd(bytes, from: line.end, end: end)
    }

    /// Where the parameters from `start` end: the first `:` outside double quotes, or `nil` if
    /// the line ends first (an unterminated quote, or no `:`: read in full).
    @inline(__always)
    private static func parameterEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        var i = start
        var inQuotes = false
        let ones = Word.ones, highs = Word.highs
        let colons = ones &* UInt64(UInt8.colon), quotes = ones &* UInt64(UInt8.quote), below = ones &* 0x0E
        let base = bytes.baseAddress.unsafelyUnwrapped
        while i &+ ByteBlock.size <= end {
            let block = base + i
            // `:`, `"` and bytes below 0x0E (CR, LF).
            let found = ByteBlock.equal(block, .colon) | ByteBlock.equal(block, .quote) | ByteBlock.below(block, 0x0E)
            if found == 0 {
                i &+= ByteBlock.size
                continue
            }
            i &+= ByteBlock.offset(ofFirst: found)
            if let ended = parameterByte(bytes[i], inQuotes: &inQuotes) { return ended ? i : nil }
            i &+= 1
        }
        while i &+ 8 <= end {
            let word = Word.load(bytes, at: i)
            let xc = word ^ colons, xq = word ^ quotes
            // `:`, `"` and bytes below 0x0E (CR, LF): the lowest flag is exact.
            let found = ((xc &- ones) & ~xc | (xq &- ones) & ~xq | (word &- below) & ~word) & highs
            if found == 0 {
                i &+= 8
                continue
            }
            i &+= found.trailingZeroBitCount / 8
            if let ended = parameterByte(bytes[i], inQuotes: &inQuotes) { return ended ? i : nil }
            i &+= 1
        }
        while i < end {
            if let ended = parameterByte(bytes[i], inQuotes: &inQuotes) { return ended ? i : nil }
            i &+= 1
        }
        return nil
    }

    /// What a byte of the parameters says: `true` for the `:` that ends them, `false` for a line
    /// end before it, `nil` to go on (a quote opens or closes, anything else passes).
    @inline(__always)
    private static func parameterByte(_ b: UInt8, inQuotes: inout Bool) -> Bool? {
        if b == .quote {
            inQuotes.toggle()
        } else if b == .colon {
            if !inQuotes { return true }
        } else if b == .cr || b == .lf {
            return false
        }
        return nil
    }

    /// The first CR or LF from `start` (`nil` if none before `end`), with the value's bytes
    /// before it ORed together (`high`: bit 7 set for any byte above 0x7F) and what ``ValueScan``
    /// notes of them (`found`: bit 0 for a backslash, bit 7 for a control). Sixteen bytes
    /// (``ByteBlock``), then a word, with neither are passed at once; in another, each such byte
    /// is looked at in turn.
    @inline(__always)
    private static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (Int, high: UInt64, found: UInt64)? {
        var i = start
        var high: UInt64 = 0, found: UInt64 = 0
        let base = bytes.baseAddress!
        while i &+ ByteBlock.size <= end {
            let block = base + i
            // Controls (CR and LF among them) and backslashes.
            let marks = ByteBlock.controls(block) | ByteBlock.equal(block, .backslash)
            let nonASCII = ByteBlock.high(block)
            if marks == 0 {
                if nonASCII != 0 { high |= 0x80 }
                i &+= ByteBlock.size
                continue
            }
            // The bytes before the first mark are the value's, and plain but for their high bits.
            let at = ByteBlock.offset(ofFirst: marks)
            if ByteBlock.first(at, of: nonASCII) != 0 { high |= 0x80 }
            i &+= at
            if endsValue(bytes[i], high: &high, found: &found) { return (i, high, found) }
            i &+= 1
        }
        let ones = Word.ones, highs = Word.highs, backslashes = ones &* UInt64(UInt8.backslash)
        while i &+ 8 <= end {
            let word = Word.load(bytes, at: i)
            let x = word ^ backslashes
            // Controls (CR and LF among them) and backslashes; the lowest flag is exact.
            let marks = Word.controls(word) | (x &- ones) & ~x & highs
            if marks == 0 {
                high |= word
                i &+= 8
                continue
            }
            // The bytes before the first mark are the value's, and plain but for their high bits.
            let at = marks.trailingZeroBitCount / 8
            high |= at == 0 ? 0 : word & ~0 &>> (64 &- 8 &* UInt64(at))
            i &+= at
            if endsValue(bytes[i], high: &high, found: &found) { return (i, high, found) }
            i &+= 1
        }
        while i < end {
            if endsValue(bytes[i], high: &high, found: &found) { return (i, high, found) }
            i &+= 1
        }
        return nil
    }

    /// Whether `b` ends the value (CR or LF); otherwise it is noted in `high` and `found` as
    /// ``valueEnd(_:from:end:)`` notes the value's bytes.
    @inline(__always)
    private static func endsValue(_ b: UInt8, high: inout UInt64, found: inout UInt64) -> Bool {
        if b == .cr || b == .lf { return true }
        high |= UInt64(b)
        if b == .backslash { found |= 1 }
        if b < 0x20 || b == 0x7F { found |= 0x80 }
        return false
    }
}
