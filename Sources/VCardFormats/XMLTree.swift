#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

/// An XML element read with Foundation's `XMLParser` (FoundationXML on Linux): local name,
/// namespace, attributes, children and character data, with the line it started on.
///
/// This is the only file of the module that uses Foundation.
final class XMLTree {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    let line: Int
    var children: [XMLTree] = []
    var text = ""

    init(name: String, namespace: String?, attributes: [String: String], line: Int) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.line = line
    }

    /// The element written out again (for an element of another namespace kept in an `XML`
    /// property), its namespace declared on it.
    func serialized(declaringNamespace: Bool = true) -> String {
        var out = "<" + name
        if declaringNamespace, let namespace { out += " xmlns=\"" + XMLText.escapeAttribute(namespace) + "\"" }
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where key != "xmlns" {
            out += " " + key + "=\"" + XMLText.escapeAttribute(value) + "\""
        }
        out += ">"
        out += XMLText.escape(text)
        for child in children { out += child.serialized(declaringNamespace: child.namespace != namespace) }
        return out + "</" + name + ">"
    }

    /// Parses a document into its root element.
    static func parse(_ bytes: [UInt8]) throws(FormatError) -> XMLTree {
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            throw FormatError(line: 1, column: 1, "invalid XML: the document is empty")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder(parser: parser)
        parser.delegate = builder
        let ok = parser.parse()
        if !ok || builder.root == nil || builder.failure != nil {
            let line = max(parser.lineNumber, 1), column = parser.columnNumber
            let code = builder.failure ?? (parser.parserError as NSError?)?.code
            throw FormatError(line: line, column: column, "invalid XML: \(reason(code))")
        }
        return builder.root!
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    weak var parser: XMLParser?
    var root: XMLTree?
    var stack: [XMLTree] = []
    var failure: Int?

    init(parser: XMLParser) { self.parser = parser }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let element = XMLTree(name: elementName, namespace: namespaceURI.flatMap { $0.isEmpty ? nil : $0 },
                                 attributes: attributeDict, line: parser.lineNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil { failure = (parseError as NSError).code }
    }
}

/// A sentence for the common `XMLParser` error codes. Those are libxml2's `xmlParserErrors`
/// numbers on Linux and Darwin alike (FoundationXML's `XMLParser.ErrorCode` cases are numbered
/// one off from them, so they are not used here).
private func reason(_ code: Int?) -> String {
    guard let code else { return "not an XML document" }
    switch code {
    case 3, 4: return "the document is empty or does not start with an element"
    case 5: return "the document does not end with its root element (an element left open, or text after it)"
    case 6, 7, 8, 10, 11, 12, 13: return "a malformed character reference"
    case 9: return "a character XML does not allow"
    case 14...17, 22, 23, 26, 27: return "an undefined or malformed entity (XML has only &amp; &lt; &gt; &quot; &apos;)"
    case 31, 32, 79, 81: return "an unknown encoding, or bytes not in the declared encoding"
    case 38...44: return "a malformed attribute"
    case 45: return "a comment that is never closed"
    case 63: return "a CDATA section that is never closed"
    case 68, 72, 73, 74, 77: return "a malformed tag"
    case 76: return "an end tag that does not match its start tag"
    case 85: return "elements that are not properly nested"
    case 86: return "text after the root element"
    default: return "XMLParser error \(code)"
    }
}
