import VCardParser

/// Reads jCard (RFC 7095) one card at a time, from bytes or a stream, keeping only the current
/// card in memory.
///
/// The input is a lone jCard (`["vcard", [properties]]`) or an array of them. Each element of
/// the array is found by a byte scan that stops at the first byte no JSON could hold there (a
/// NUL, a control character in a string), at nesting deeper than 512, and at a card larger than
/// `VCardParser.ParseOptions.Limits.input.maxCardBytes`, so junk and hostile input fail fast with a
/// position instead of being read to the end. Then the card is parsed as ``JCard/decode(_:)``
/// does.
///
/// ```swift
/// var reader = JCardReader(ByteStream(fileDescriptor: 0))
/// while let card = try reader.next() {
///     print(card.first("FN")?.text ?? "")
/// }
/// ```
///
/// RFC 7095 §3.2 (a jCard, or an array of them).
public struct JCardReader {
    private var input: ByteStream
    private var state = State.start
    /// Where reading goes on, in `input`.
    private var index = 0

    /// `afterLone`: a lone jCard was read (or reported); only white space may follow.
    private enum State { case start, afterLone, array(cards: Int), done }

    /// Reads jCard from `input`.
    public init(_ input: ByteStream) { self.input = input }

    /// The next card (as vCard 4.0), or `nil` after the last one.
    /// - Throws: ``FormatError`` with the line and column of the problem. After a card that is
    ///   well-formed JSON but not a jCard (a bad property, a name a vCard cannot hold), the next
    ///   call goes on with the card after it; after any other error, every later call returns
    ///   `nil`.
    public mutating func next() throws(FormatError) -> VCard? {
        guard !input.hasFailed else { return nil }
        switch state {
        case .done:
            return nil
        case .afterLone:
            try finish()
            return nil
        case .start:
            if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF { index = 3 }
            try skipSpace()
            if try input.byte(at: index) == nil { throw input.fail(at: index, "unexpected end of input; expected a value") }
            guard try input.byte(at: index) == UInt8(ascii: "[") else {
                throw input.fail(at: index, "expected a jCard array: [\"vcard\", [properties]]")
            }
            var first = index + 1
            while let b = try input.byte(at: first), isSpace(b) { first += 1 }
            if try input.byte(at: first) == UInt8(ascii: "\"") {  // a lone jCard
                state = .afterLone
                let card = try readCard(depth: 0)
                try finish()
                return card
            }
            index += 1
            state = .array(cards: 0)
        case .array:
            break
        }
        guard case .array(let cards) = state else { return nil }
        try skipSpace()
        guard let b = try input.byte(at: index) else {
            throw input.fail(at: index, "unexpected end of input; expected ',' or ']'")
        }
        if b == UInt8(ascii: "]") {
            index += 1
            try finish()
            return nil
        }
        if cards > 0 {
            guard b == UInt8(ascii: ",") else { throw input.fail(at: index, "expected ',' or ']'") }
            index += 1
            try skipSpace()
        }
        state = .array(cards: cards + 1)
        return try readCard(depth: 1)
    }

    /// Parses the value at ``index``, `depth` arrays deep, as one jCard.
    private mutating func readCard(depth: Int) throws(FormatError) -> VCard {
        input.drop(upTo: index)
        index = 0
        let end = try valueEnd(depth: depth)
        let bytes = Array(input[..<end])
        index = end
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            throw input.fail(error, from: 0)
        }
        do {
            return try JCard.card(json, bytes)
        } catch {
            throw input.located(error, from: 0)  // well-formed JSON: the next card can be read
        }
    }

    /// Where the JSON value at ``index`` ends, found without parsing it. A closing bracket that
    /// does not match ends it too: the parser then says what is wrong there.
    private mutating func valueEnd(depth outer: Int) throws(FormatError) -> Int {
        var open: [UInt8] = [], inString = false, escaped = false, i = index
        while true {
            guard let c = try input.byte(at: i) else {
                if open.isEmpty && !inString && i > index { return i }  // a number or literal at the end
                throw input.fail(at: i, inString ? "unterminated string" : "unexpected end of input; expected ',' or ']'")
            }
            if i - index >= input.maxCardBytes {
                throw input.fail(at: index, "card is larger than the limit of \(input.maxCardBytes) bytes")
            }
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if open.isEmpty { return i + 1 }
                } else if c < 0x20 {
                    throw input.fail(at: i, "control character in a string; write it as an escape")
                }
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(c)
                if outer + open.count > JSON.maxDepth { throw input.fail(at: i, "nested more than \(JSON.maxDepth) deep") }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard let last = open.popLast() else { return i }
                if open.isEmpty || last != c - 2 { return i + 1 }  // '[' + 2 is ']', '{' + 2 is '}'
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
                if open.isEmpty { return i }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
                break
            default:
                throw input.fail(at: i, "expected a value")
            }
            i += 1
        }
    }

    private mutating func skipSpace() throws(FormatError) {
        while let b = try input.byte(at: index), isSpace(b) {
            index += 1
            if index >= ByteStream.blockSize {  // a flood of white space is not kept
                input.drop(upTo: index)
                index = 0
            }
        }
    }

    /// Only white space may follow the document.
    private mutating func finish() throws(FormatError) {
        try skipSpace()
        state = .done
        if try input.byte(at: index) != nil { throw input.fail(at: index, "unexpected text after the JSON value") }
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
