import VCardParser

/// Reads xCard (RFC 6351) one card at a time, from bytes or a stream, keeping only the current
/// card in memory.
///
/// A byte scan cuts the document into the elements of its root `<vcards>` (tags, comments,
/// CDATA and processing instructions are skipped whole; a lone `<vcard>` root is one card). Each
/// element is then read with `XMLReader` as a small document made of the XML declaration, the
/// root's start tag (so namespace prefixes still resolve), the element and the root's end tag.
/// The scan stops at the first character XML does not allow (a NUL), at nesting deeper than
/// 512, at a DOCTYPE (entities it declares could not be expanded), at a root start tag longer
/// than 1,024 bytes (it is read again with each card) and at a card larger than
/// `VCardParser.ParseOptions.Limits.maxCardBytes`, so junk and hostile input fail fast with a
/// position instead of being read to the end: those errors end the input. An error inside one
/// `<vcard>` (malformed XML in it, an undefined entity, a name a vCard cannot hold) is thrown
/// for that card alone, and the next call reads the card after it.
///
/// ```swift
/// var reader = try XCardReader(fileDescriptor: 0)
/// while let card = try reader.next() {
///     print(card.first("FN")?.text ?? "")
/// }
/// ```
///
/// RFC 6351 §3 (format), §5 (elements of other namespaces are skipped between cards).
public struct XCardReader {
    private var input: ByteStream
    private var state = State.start
    /// Where reading goes on, in `input`.
    private var index = 0
    static let maxDepth = 512
    /// How long the root's start tag may be: it is parsed again with every card (for its
    /// namespace declarations), so a long one would multiply the work (xCard's is 50 bytes).
    static let maxRootTagBytes = 1024

    private enum State {
        case start
        /// Inside the root: what goes before and after an element to make it a document.
        case root(before: [UInt8], after: [UInt8])
        case done
    }

    /// Reads xCard from `input`.
    public init(_ input: ByteStream) { self.input = input }

    /// The next card (as vCard 4.0), or `nil` after the last one.
    /// - Throws: ``FormatError`` with the line (and column when known) of the problem. After an
    ///   error inside one card, the next call goes on with the card after it; after any other,
    ///   every later call returns `nil`.
    public mutating func next() throws(FormatError) -> VCard? {
        guard !input.hasFailed else { return nil }
        switch state {
        case .done: return nil
        case .start: if let card = try readRoot() { return card }
        case .root: break
        }
        guard case .root(let before, let after) = state else { return nil }
        while true {
            guard let b = try input.byte(at: index) else {
                throw input.fail(at: index, "invalid XML: the document does not end with its root element (an element left open, or text after it)")
            }
            guard b == UInt8(ascii: "<") else {  // text between cards means nothing
                try checkCharacter(b, at: index)
                index += 1
                if index >= ByteStream.blockSize { dropUsed() }
                continue
            }
            let next = try input.byte(at: index + 1)
            if next == UInt8(ascii: "/") {
                index = try markupEnd(from: index)
                try finish()
                return nil
            }
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index = try markupEnd(from: index)
                continue
            }
            dropUsed()
            let end = try elementEnd(from: index)
            let start = index
            index = end  // an error in this card leaves the next card readable
            let element: XMLTree.Element
            do {
                element = try XMLReader.parse(before + input[start..<end] + after).root.children[0]
                guard XCard.isVCard(element), element.name == "vcard" else { continue }
                return try XCard.card(element)
            } catch {
                throw located(error, before: before, elementStart: start, elementEnd: end)
            }
        }
    }

    /// Reads up to the root's start tag: returns the card of a lone `<vcard>` root, or checks
    /// that the root is xCard's `<vcards>` and enters it.
    private mutating func readRoot() throws(FormatError) -> VCard? {
        if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF { index = 3 }
        var declaration: [UInt8] = []
        while true {
            while let b = try input.byte(at: index), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
            guard try input.byte(at: index) == UInt8(ascii: "<"), let next = try input.byte(at: index + 1) else {
                let empty = try input.byte(at: index) == nil
                throw input.fail(at: index, "invalid XML: " + (empty ? "the document is empty" : "the document is empty or does not start with an element"))
            }
            guard next == UInt8(ascii: "!") || next == UInt8(ascii: "?") else { break }
            if try hasPrefix("<!DOCTYPE", at: index) {
                throw input.fail(at: index, "invalid XML: a DOCTYPE is not read (xCard needs none, and the entities it declares could not be expanded)")
            }
            let end = try markupEnd(from: index)
            if input[index..<end].starts(with: Array("<?xml ".utf8)) { declaration = oneLine(index..<end) }
            index = end
        }
        let start = index
        let tagEnd = try markupEnd(from: start)
        if tagEnd - start > Self.maxRootTagBytes {
            throw input.fail(at: start, "invalid XML: the root element's start tag is larger than the limit of \(Self.maxRootTagBytes) bytes")
        }
        let selfClosing = input[tagEnd - 2] == UInt8(ascii: "/")
        var name = input[(start + 1)..<(tagEnd - 1)].prefix { !isSpace($0) && $0 != UInt8(ascii: "/") }
        let qualifiedName = Array(name)
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name = name[(colon + 1)...] }
        if name.elementsEqual("vcard".utf8) {  // a lone card
            index = start
            let end = try elementEnd(from: start)
            let before = declaration + [0x0A]
            let document: XMLTree.Element
            do {
                document = try XMLReader.parse(before + input[start..<end]).root
            } catch {
                throw input.fail(located(error, before: before, elementStart: start, elementEnd: end))
            }
            guard XCard.isVCard(document) else { throw wrongRoot(document, at: start) }
            let card: VCard
            do {
                card = try XCard.card(document)
            } catch {
                throw input.fail(located(error, before: before, elementStart: start, elementEnd: end))
            }
            index = end
            try finish()
            return card
        }
        var before = declaration + oneLine(start..<(selfClosing ? tagEnd - 2 : tagEnd - 1)) + [UInt8(ascii: ">")]
        // On a line of its own: an error found on it is at the end of the element before it.
        let after = Array("\n</".utf8) + qualifiedName + [UInt8(ascii: ">")]
        let root: XMLTree.Element
        do {
            root = try XMLReader.parse(before + after).root
        } catch {
            throw input.fail(error, from: start)
        }
        guard XCard.isVCard(root), root.name == "vcards" else { throw wrongRoot(root, at: start) }
        index = tagEnd
        if selfClosing {
            try finish()
            return nil
        }
        before.append(0x0A)  // so that the element's lines are the document's lines from the second on
        state = .root(before: before, after: after)
        return nil
    }

    private mutating func wrongRoot(_ root: XMLTree.Element, at start: Int) -> FormatError {
        let line = input.position(of: start).line
        return input.fail(FormatError(line: line, "expected <vcards xmlns=\"\(XCard.namespace)\">, found <\(root.name)>"))
    }

    /// An error found in the document made of `before` (one line and its line end, or empty),
    /// the element at `elementStart..<elementEnd` and what follows it, moved to its place in the
    /// input. An error on the lines after the element is where the element ends.
    private func located(_ error: FormatError, before: [UInt8], elementStart: Int, elementEnd: Int) -> FormatError {
        guard error.line > 0 else { return error }
        let offset = before.isEmpty ? 1 : 2
        let lineEnds = input[elementStart..<elementEnd].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if error.line > offset + lineEnds {
            let (line, column) = input.position(of: elementEnd)
            return FormatError(line: line, column: column, error.message)
        }
        let (line, column) = input.position(of: elementStart)
        return FormatError(
            line: max(error.line - offset, 0) + line,
            column: error.line == offset ? error.column + column - 1 : error.column, error.message)
    }

    /// Where the element whose start tag is at `start` ends (after its end tag). Its tags must
    /// pair up (each end tag names the element it closes), so that an error found inside it
    /// later leaves the input readable after it.
    private mutating func elementEnd(from start: Int) throws(FormatError) -> Int {
        var open: [ArraySlice<UInt8>] = [], i = start
        repeat {
            guard let b = try input.byte(at: i) else {
                throw input.fail(at: i, "invalid XML: the document does not end with its root element (an element left open, or text after it)")
            }
            if b == UInt8(ascii: "<") {
                let next = try input.byte(at: i + 1)
                let end = try markupEnd(from: i)
                if next == UInt8(ascii: "/") {
                    let name = tagName(i + 2..<end)
                    guard let top = open.popLast(), top.elementsEqual(name) else {
                        throw input.fail(at: i, "invalid XML: an end tag that does not match its start tag")
                    }
                } else if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") && input[end - 2] != UInt8(ascii: "/") {
                    open.append(tagName(i + 1..<end))
                    if open.count > Self.maxDepth { throw input.fail(at: i, "invalid XML: elements nested more than \(Self.maxDepth) deep") }
                }
                i = end
            } else {
                try checkCharacter(b, at: i)
                i += 1
            }
            if i - start > input.maxCardBytes {
                throw input.fail(at: start, "card is larger than the limit of \(input.maxCardBytes) bytes")
            }
        } while !open.isEmpty
        return i
    }

    /// The name at the start of the tag in `range` (after `<` or `</`).
    private func tagName(_ range: Range<Int>) -> ArraySlice<UInt8> {
        input[range].prefix { !isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
    }

    /// Where the markup at `start` (a tag, comment, CDATA section, processing instruction or
    /// DOCTYPE) ends, after its `>`.
    private mutating func markupEnd(from start: Int) throws(FormatError) -> Int {
        let terminator: [UInt8]
        if try hasPrefix("<!--", at: start) {
            terminator = Array("-->".utf8)
        } else if try hasPrefix("<![CDATA[", at: start) {
            terminator = Array("]]>".utf8)
        } else if try hasPrefix("<?", at: start) {
            terminator = Array("?>".utf8)
        } else {
            terminator = [UInt8(ascii: ">")]
        }
        let isTag = terminator.count == 1
        var quote: UInt8?, i = start + 1
        while true {
            guard let b = try input.byte(at: i) else {
                throw input.fail(at: start, "invalid XML: a tag, comment or CDATA section that is never closed")
            }
            try checkCharacter(b, at: i)
            if isTag, let q = quote {
                if b == q { quote = nil }
            } else if isTag, b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if isTag, b == UInt8(ascii: "["), try hasPrefix("<!", at: start) {
                throw input.fail(at: i, "invalid XML: a DOCTYPE with declarations is not read (entities could expand without bound)")
            } else if b == terminator.last!, i - start >= terminator.count,
                input[(i + 1 - terminator.count)...i].elementsEqual(terminator)
            {
                return i + 1
            }
            i += 1
            if i - start > input.maxCardBytes {
                throw input.fail(at: start, "markup is larger than the limit of \(input.maxCardBytes) bytes")
            }
        }
    }

    private mutating func hasPrefix(_ text: String, at start: Int) throws(FormatError) -> Bool {
        for (n, c) in text.utf8.enumerated() {
            if try input.byte(at: start + n) != c { return false }
        }
        return true
    }

    /// XML 1.0 allows no C0 control character but tab, LF and CR (a NUL flood stops here).
    private mutating func checkCharacter(_ b: UInt8, at i: Int) throws(FormatError) {
        if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D { throw input.fail(at: i, "invalid XML: a character XML does not allow") }
    }

    /// Only white space, comments and processing instructions may follow the root.
    private mutating func finish() throws(FormatError) {
        state = .done
        while let b = try input.byte(at: index) {
            let next = try input.byte(at: index + 1)
            if isSpace(b) {
                index += 1
                if index >= ByteStream.blockSize { dropUsed() }
            } else if b == UInt8(ascii: "<"), next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index = try markupEnd(from: index)
            } else {
                throw input.fail(at: index, "invalid XML: text after the root element")
            }
        }
    }

    private mutating func dropUsed() {
        input.drop(upTo: index)
        index = 0
    }

    /// The bytes in `range` with line ends made spaces (the same in a tag, where they are only
    /// white space).
    private func oneLine(_ range: Range<Int>) -> [UInt8] {
        input[range].map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
