import VCardParser

/// Reads xCard (RFC 6351) one card at a time, from bytes or a stream, keeping only the current
/// card in memory.
///
/// A byte scan cuts the document into the elements of its root `<vcards>` (tags, comments,
/// CDATA and processing instructions are skipped whole; a lone `<vcard>` root is one card). Each
/// element is then read with `XMLParser` as a small document made of the XML declaration, the
/// root's start tag (so namespace prefixes still resolve), the element and the root's end tag.
/// The scan stops at the first character XML does not allow (a NUL), at nesting deeper than
/// 512, at a DOCTYPE with declarations (entities could expand without bound) and at a card
/// larger than ``VCardParser/ParseOptions/Limits/input.maxCardBytes``, so junk and hostile input fail
/// fast with a position instead of being read to the end.
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
    /// Where reading goes on, in `input.buffer`.
    private var index = 0
    static let maxDepth = 512

    private enum State {
        case start
        /// Inside the root: what goes before and after an element to make it a document.
        case root(before: [UInt8], after: [UInt8])
        case done
    }

    /// Reads xCard from `input`.
    public init(_ input: ByteStream) { self.input = input }

    /// The next card (as vCard 4.0), or `nil` after the last one.
    /// - Throws: ``FormatError`` with the line (and column when known) of the problem; every
    ///   later call returns `nil`.
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
            let document = try parse(before: before, elementEnd: end, after: after)
            index = end
            if let element = document.children.first, XCard.isVCard(element), element.name == "vcard" {
                return XCard.card(element)
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
            let end = try markupEnd(from: index)
            if input.buffer[index..<end].starts(with: Array("<?xml ".utf8)) { declaration = oneLine(index..<end) }
            index = end
        }
        let start = index
        let tagEnd = try markupEnd(from: start)
        let selfClosing = input.buffer[tagEnd - 2] == UInt8(ascii: "/")
        var name = input.buffer[(start + 1)..<(tagEnd - 1)].prefix { !isSpace($0) && $0 != UInt8(ascii: "/") }
        let qualifiedName = Array(name)
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name = name[(colon + 1)...] }
        if name.elementsEqual("vcard".utf8) {  // a lone card
            index = start
            let end = try elementEnd(from: start)
            let document = try parse(before: [], elementEnd: end, after: [])
            guard XCard.isVCard(document) else { throw wrongRoot(document, at: start) }
            index = end
            try finish()
            return XCard.card(document)
        }
        var before = declaration + oneLine(start..<(selfClosing ? tagEnd - 2 : tagEnd - 1)) + [UInt8(ascii: ">")]
        // On a line of its own: XMLParser reports some errors at the end of the line they are on.
        let after = Array("\n</".utf8) + qualifiedName + [UInt8(ascii: ">")]
        let root: XMLTree
        do {
            root = try XMLTree.parse(before + after)
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

    private mutating func wrongRoot(_ root: XMLTree, at start: Int) -> FormatError {
        let line = input.position(of: start).line
        return input.fail(FormatError(line: line, "expected <vcards xmlns=\"\(XCard.namespace)\">, found <\(root.name)>"))
    }

    /// Parses the element from ``index`` to `elementEnd` as a document, with `before` and
    /// `after` around it; errors are moved to the element's place in the input.
    private mutating func parse(before: [UInt8], elementEnd: Int, after: [UInt8]) throws(FormatError) -> XMLTree {
        do {
            return try XMLTree.parse(before + input.buffer[index..<elementEnd] + after)
        } catch {
            guard error.line > 0, !before.isEmpty else { throw input.fail(error, from: index) }
            // `before` is one line and its line end: the element starts on the second line, and
            // an error found on the line of `after` is where the element ends.
            let lineEnds = input.buffer[index..<elementEnd].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            if error.line >= 3 + lineEnds { throw input.fail(at: elementEnd, error.message) }
            let (line, column) = input.position(of: index)
            throw input.fail(FormatError(line: max(error.line - 2, 0) + line,
                                         column: error.line == 2 ? error.column + column - 1 : error.column, error.message))
        }
    }

    /// Where the element whose start tag is at `start` ends (after its end tag).
    private mutating func elementEnd(from start: Int) throws(FormatError) -> Int {
        var depth = 0, i = start
        repeat {
            guard let b = try input.byte(at: i) else {
                throw input.fail(at: i, "invalid XML: the document does not end with its root element (an element left open, or text after it)")
            }
            if b == UInt8(ascii: "<") {
                let next = try input.byte(at: i + 1)
                let end = try markupEnd(from: i)
                if next == UInt8(ascii: "/") {
                    depth -= 1
                } else if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") && input.buffer[end - 2] != UInt8(ascii: "/") {
                    depth += 1
                    if depth > Self.maxDepth { throw input.fail(at: i, "invalid XML: elements nested more than \(Self.maxDepth) deep") }
                }
                i = end
            } else {
                try checkCharacter(b, at: i)
                i += 1
            }
            if i - start > input.maxCardBytes {
                throw input.fail(at: start, "card is larger than the limit of \(input.maxCardBytes) bytes")
            }
        } while depth > 0
        return i
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
                input.buffer[(i + 1 - terminator.count)...i].elementsEqual(terminator)
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
        input.buffer[range].map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
