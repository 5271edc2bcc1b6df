/// A small XML 1.0 reader for what xCard needs (RFC 6351): elements, attributes, namespaces,
/// character data, CDATA sections, the five predefined entities and character references, on
/// UTF-8 bytes. Comments and processing instructions are skipped; a DOCTYPE is refused, since
/// entities it declared could not be expanded and their text would be lost.
///
/// The reader is one loop with a stack of open elements: no nesting makes it recurse, and the
/// tree it builds (``XMLTree``) is flat. Every step is linear: a duplicate attribute is found in
/// a set, a namespace prefix in a dictionary. Errors carry the line and column of the byte
/// where the document stops being XML.
///
/// Simplifications, all on the side of refusing: the document must be UTF-8 (an XML
/// declaration naming another encoding is an error), and every non-ASCII character counts as a
/// name character.
///
/// ```swift
/// let tree = try XMLReader.parse(Array("<a>x &amp; <![CDATA[<y>]]></a>".utf8))
/// tree.root.text        // "x & <y>"
/// ```
///
/// XML 1.0 (Fifth Edition) §2–§4; Namespaces in XML 1.0 §3–§6. Also the reader of CardDAV's
/// multistatus answers (``read(_:maxDepth:)``).
package enum XMLReader {
    /// How deep elements may nest by default (the xCard reader's limit as well).
    static let maxDepth = 512

    /// Why a document was not read: not well-formed XML (or a DOCTYPE, an undefined entity, an
    /// unbound prefix), or an element nested deeper than asked; each with where and what.
    package enum Failure: Error {
        case malformed(FormatError)
        case tooDeep(FormatError)
    }

    /// Parses a whole document, telling too deep nesting apart from malformed XML.
    ///
    /// ```swift
    /// let tree = try XMLReader.read(Array("<a xmlns='urn:x'><b/></a>".utf8), maxDepth: 64)
    /// tree.root.children[0].namespace   // "urn:x"
    /// ```
    package static func read(_ bytes: [UInt8], maxDepth: Int) throws(Failure) -> XMLTree {
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        do {
            return try parser.document()
        } catch {
            throw parser.isTooDeep ? .tooDeep(error) : .malformed(error)
        }
    }

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8, with or without a byte-order mark.
    ///   - maxDepth: How deep elements may nest.
    /// - Returns: The tree; its root is the document's element.
    /// - Throws: ``FormatError`` (`invalid XML: …`) at the first byte that is not well-formed
    ///   XML, at a DOCTYPE, an undefined entity, an unbound namespace prefix, or an element
    ///   deeper than `maxDepth`.
    /// - Complexity: O(n) in the size of the document.
    static func parse(_ bytes: [UInt8], maxDepth: Int = maxDepth) throws(FormatError) -> XMLTree {
        do {
            return try read(bytes, maxDepth: maxDepth)
        } catch {
            switch error {
            case .malformed(let reason), .tooDeep(let reason): throw reason
            }
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    let maxDepth: Int
    var i = 0
    let tree: XMLTree
    /// Open elements: node index and qualified name.
    var open: [(node: Int, name: ArraySlice<UInt8>)] = []
    /// In-scope namespaces: prefix ("" for the default) to the URIs declared for it, innermost
    /// last; and the prefixes each open element declared, to undo them at its end.
    var namespaces: [String: [String]] = ["xml": ["http://www.w3.org/XML/1998/namespace"]]
    var declared: [[String]] = []
    /// Set when the parse stops at an element deeper than ``maxDepth``.
    var isTooDeep = false

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        tree = XMLTree(bytes: bytes)
    }

    func fail(_ message: String, at offset: Int? = nil) -> FormatError {
        FormatError(at: offset ?? i, in: bytes, "invalid XML: " + message)
    }

    mutating func document() throws(FormatError) -> XMLTree {
        try XMLCharacters.check(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        if starts("<?xml"), i + 5 < bytes.count, XMLCharacters.isSpace(bytes[i + 5]) { try declaration() }
        try misc()
        // The root's start tag, not a CDATA section, an end tag or a declaration: the tree then
        // always has its root (``XMLTree/root``).
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<"), !starts("<!"), !starts("</") else {
            throw fail("the document is empty or does not start with an element")
        }
        try content()
        try misc()
        if i < bytes.count { throw fail("text after the root element") }
        return tree
    }

    /// White space, comments and processing instructions (before and after the root).
    mutating func misc() throws(FormatError) {
        while i < bytes.count {
            if XMLCharacters.isSpace(bytes[i]) {
                i += 1
            } else if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts("<!DOCTYPE") {
                throw fail("a DOCTYPE is not read (the entities it declares could not be expanded)")
            } else {
                return
            }
        }
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>`: only UTF-8 (or its subset US-ASCII) is read.
    mutating func declaration() throws(FormatError) {
        let start = i
        try skip(past: "?>", what: "the XML declaration")
        let text = Array(Text.lowercased(String(decoding: bytes[start..<i], as: UTF8.self)).utf8)
        let key = Array("encoding".utf8)
        guard let at = text.indices.first(where: { text[$0...].starts(with: key) }) else { return }
        let rest = text[(at + key.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "=") || $0 == 0x22 || $0 == 0x27 }
        let encoding = String(decoding: rest.prefix { $0 != 0x22 && $0 != 0x27 }, as: UTF8.self)
        if encoding != "utf-8" && encoding != "utf8" && encoding != "us-ascii" {
            throw fail("only UTF-8 is read, not '\(encoding)'", at: start)
        }
    }

    /// The root element and everything in it, one piece of markup or text at a time.
    mutating func content() throws(FormatError) {
        repeat {
            if bytes[i] != UInt8(ascii: "<") {
                try text()
            } else if starts("</") {
                try endTag()
            } else if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<![CDATA[") {
                let start = i + 9
                try skip(past: "]]>", what: "a CDATA section")
                appendText(bytes[start..<(i - 3)])
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts("<!") {
                throw fail("a DOCTYPE or declaration inside an element")
            } else {
                try startTag()
            }
            if open.isEmpty { return }
            guard i < bytes.count else {
                throw fail("the document does not end with its root element (an element left open)", at: bytes.count)
            }
        } while true
    }

    mutating func startTag() throws(FormatError) {
        let start = i
        i += 1
        let qualified = try name()
        if open.count >= maxDepth {
            isTooDeep = true
            throw fail("elements nested more than \(maxDepth) deep", at: start)
        }
        var attributes: [(name: String, value: String)] = []
        var seen = Set<ArraySlice<UInt8>>()
        var prefixes: [String] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard i < bytes.count else { throw fail("a tag that is never closed", at: start) }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if starts("/>") { i += 2; selfClosing = true; break }
            guard hadSpace else { throw fail("a malformed tag (expected white space, '>' or '/>')") }
            let nameStart = i
            let attribute = try name()
            if !seen.insert(attribute).inserted { throw fail("an attribute given twice", at: nameStart) }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("a malformed attribute (expected '=')") }
            i += 1
            skipSpace()
            let value = try attributeValue()
            let key = String(decoding: attribute, as: UTF8.self)
            if key == "xmlns" || key.hasPrefix("xmlns:") {
                let prefix = key == "xmlns" ? "" : String(key.dropFirst(6))
                namespaces[prefix, default: []].append(value)
                prefixes.append(prefix)
            } else {
                attributes.append((key, value))
            }
        }
        let (prefix, local) = split(qualified)
        guard let uri = namespaces[prefix]?.last ?? (prefix.isEmpty ? "" : nil) else {
            throw fail("the namespace prefix '\(prefix)' is not declared", at: start)
        }
        let index = tree.nodes.count
        tree.nodes.append(XMLTree.Node(name: local, namespace: uri.isEmpty ? nil : uri, attributes: attributes, offset: start))
        if let parent = open.last { tree.nodes[parent.node].children.append(index) }
        if selfClosing {
            for prefix in prefixes { namespaces[prefix]!.removeLast() }
        } else {
            open.append((index, qualified))
            declared.append(prefixes)
        }
    }

    mutating func endTag() throws(FormatError) {
        let start = i
        i += 2
        let qualified = try name()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("a malformed end tag") }
        i += 1
        guard let top = open.popLast() else { throw fail("an end tag without a start tag", at: start) }
        guard top.name.elementsEqual(qualified) else {
            throw fail("an end tag that does not match its start tag <\(String(decoding: top.name, as: UTF8.self))>", at: start)
        }
        for prefix in declared.removeLast() { namespaces[prefix]!.removeLast() }
    }

    /// Character data up to the next `<`, references resolved and line ends made LF.
    mutating func text() throws(FormatError) {
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            let b = bytes[i]
            if b == UInt8(ascii: "&") {
                try reference(into: &out)
            } else if b == 0x0D {
                out.append(0x0A)
                i += 1
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
            } else {
                out.append(b)
                i += 1
            }
        }
        appendText(out[...])
    }

    mutating func appendText(_ text: ArraySlice<UInt8>) {
        guard let top = open.last else { return }
        if text.contains(0x0D) {  // CDATA: line ends too are normalized (XML 1.0 §2.11)
            var previousCR = false
            for b in text {
                defer { previousCR = b == 0x0D }
                if b == 0x0A, previousCR { continue }
                tree.nodes[top.node].text.append(b == 0x0D ? 0x0A : b)
            }
        } else {
            tree.nodes[top.node].text += text
        }
    }

    /// A quoted attribute value: references resolved, literal tab, CR and LF made spaces
    /// (XML 1.0 §3.3.3), `<` refused.
    mutating func attributeValue() throws(FormatError) -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw fail("a malformed attribute (expected a quoted value)")
        }
        let quote = bytes[i], start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("an attribute value that is never closed", at: start) }
            let b = bytes[i]
            if b == quote { i += 1; break }
            switch b {
            case UInt8(ascii: "<"): throw fail("'<' in an attribute value")
            case UInt8(ascii: "&"): try reference(into: &out)
            case 0x0D:
                out.append(0x20)
                i += 1
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
            case 0x09, 0x0A:
                out.append(0x20)
                i += 1
            default:
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;` at `i`, appended as UTF-8.
    mutating func reference(into out: inout [UInt8]) throws(FormatError) {
        let start = i
        guard let semicolon = bytes[i...].prefix(16).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail("a '&' that starts no reference (write it &amp;)")
        }
        let body = bytes[(i + 1)..<semicolon]
        i = semicolon + 1
        switch String(decoding: body, as: UTF8.self) {
        case "amp": out.append(UInt8(ascii: "&"))
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        case let name where name.hasPrefix("#"):
            let hex = name.hasPrefix("#x")
            let digits = name.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value), XMLCharacters.isAllowed(value)
            else { throw fail("a character reference to no character XML allows", at: start) }
            out += Array(String(Character(scalar)).utf8)
        case let name:
            throw fail("an undefined entity '&\(name);' (XML has only &amp; &lt; &gt; &quot; &apos;)", at: start)
        }
    }

    /// A name: not empty, no white space or markup character in it.
    mutating func name() throws(FormatError) -> ArraySlice<UInt8> {
        let start = i
        guard i < bytes.count, XMLCharacters.isNameStart(bytes[i]) else { throw fail("a malformed tag (expected a name)") }
        while i < bytes.count, XMLCharacters.isName(bytes[i]) { i += 1 }
        return bytes[start..<i]
    }

    /// `prefix:local`, or `("", name)`.
    func split(_ qualified: ArraySlice<UInt8>) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: UInt8(ascii: ":")) else { return ("", String(decoding: qualified, as: UTF8.self)) }
        return (String(decoding: qualified[..<colon], as: UTF8.self), String(decoding: qualified[(colon + 1)...], as: UTF8.self))
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, XMLCharacters.isSpace(bytes[i]) { i += 1 }
        return i > start
    }

    func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[i..<(i + count)].elementsEqual($0) }
    }

    /// Moves past the next `terminator`.
    mutating func skip(past terminator: StaticString, what: String) throws(FormatError) {
        let start = i
        let last = terminator.withUTF8Buffer { $0.last! }, count = terminator.utf8CodeUnitCount
        i += 2
        while i < bytes.count {
            if bytes[i] == last, i + 1 - count >= start + 2 {
                i += 1
                if terminator.withUTF8Buffer({ bytes[(i - count)..<i].elementsEqual($0) }) { return }
            } else {
                i += 1
            }
        }
        throw fail(what + " that is never closed", at: start)
    }
}
