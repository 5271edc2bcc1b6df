import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a multistatus body into a ``Multistatus`` with `XMLParser`, namespace-aware, and
/// bounded: a body that is not UTF-8, a document type declaration (entities) and a processing
/// instruction are refused before parsing, and nesting deeper
/// than ``maximumDepth`` stops the parse. The body's size is bounded by the caller.
///
/// ```swift
/// let status = try MultistatusParser.parse(Array(xml.utf8), url: "http://127.0.0.1:5232/test/")
/// ```
public enum MultistatusParser {
    /// The deepest element nesting accepted; a multistatus needs about 8.
    public static let maximumDepth = 64

    /// Parses `body`; `url` names the answer in errors.
    /// - Throws: ``DAVError/badResponse(url:reason:)`` for a body that is not UTF-8, malformed XML, a DTD, or a missing
    ///   or unfinished `multistatus`; ``DAVError/tooLarge(url:limit:)`` for too deep nesting.
    public static func parse(_ body: [UInt8], url: String) throws(DAVError) -> Multistatus {
        // Foundation's XMLParser stops the process on a name that is not UTF-8; CardDAV bodies are UTF-8.
        guard String(validating: body, as: UTF8.self) != nil else { throw .badResponse(url: url, reason: "the body is not UTF-8") }
        if let markup = refusedMarkup(in: body) { throw .badResponse(url: url, reason: "\(markup) is not accepted") }
        let parser = XMLParser(data: Data(body))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = Reader()
        parser.delegate = reader
        let parsed = parser.parse()
        if reader.tooDeep { throw .tooLarge(url: url, limit: maximumDepth) }
        guard parsed else { throw .badResponse(url: url, reason: parser.parserError.map { "malformed XML (\($0.localizedDescription))" } ?? "malformed XML") }
        guard reader.closedMultistatus else { throw .badResponse(url: url, reason: "no complete DAV:multistatus element") }
        return reader.result
    }

    /// What the body has that is never parsed: `<!DOCTYPE` or `<!ENTITY` (entities; letters
    /// compared without case), or a processing instruction other than the XML declaration at the
    /// start (`<?xml` and white space; FoundationXML stops the process on `<?e?>` and `<?xml?>`). Looked for anywhere, CDATA included, so
    /// a card whose text holds `<?` inside CDATA is refused too: safe, and servers escape it.
    private static func refusedMarkup(in body: [UInt8]) -> String? {
        var declarationEnd = body.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let start = body[declarationEnd...]
        if start.starts(with: "<?xml".utf8), start.dropFirst(5).first.map({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) == true, let end = body[declarationEnd...].firstRange(of: "?>".utf8),
            !body[(declarationEnd + 1)..<end.lowerBound].contains(UInt8(ascii: "<"))
        {
            declarationEnd = end.upperBound
        }
        var index = declarationEnd
        while let found = body[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = body.index(after: found)
            guard next < body.endIndex else { break }
            if body[next] == UInt8(ascii: "?") { return "a processing instruction" }
            if body[next] == UInt8(ascii: "!") {
                let word = body[(next + 1)...].prefix(7).map { $0 & 0xDF }
                if word.starts(with: "DOCTYPE".utf8) || word.starts(with: "ENTITY".utf8) { return "a document type declaration" }
            }
            index = next
        }
        return nil
    }

    /// The parser's delegate: a stack of element names and the response being read.
    private final class Reader: NSObject, XMLParserDelegate {
        var result = Multistatus()
        /// Whether the root `multistatus` ended (FoundationXML accepts a truncated document).
        var closedMultistatus = false
        var tooDeep = false
        private var stack: [DAVName] = []
        private var response: Multistatus.Response?
        private var propstatProperties: [DAVName: Multistatus.Property] = [:]
        private var propstatStatus: Int?
        /// The property being read (a child of `prop`) and its depth in the stack.
        private var property: (name: DAVName, value: Multistatus.Property, depth: Int)?
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let name = DAVName(namespace: namespaceURI ?? "", name: elementName)
            let parent = stack.last
            stack.append(name)
            guard stack.count <= MultistatusParser.maximumDepth else {
                tooDeep = true
                parser.abortParsing()
                return
            }
            text = ""
            if let property, stack.count == property.depth + 1, name != .href { self.property?.value.children.append(name) }
            switch (parent, name) {
            case (.multistatus, .response): response = Multistatus.Response(href: "")
            case (.response, .propstat):
                propstatProperties = [:]
                propstatStatus = nil
            case (.prop, _) where property == nil && stack.dropLast(2).last == .propstat: property = (name, Multistatus.Property(), stack.count)
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
            property?.value.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            let string = String(decoding: data, as: UTF8.self)
            text += string
            property?.value.text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let name = stack.popLast() else { return }
            let parent = stack.last
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let current = property, stack.count + 1 == current.depth {
                propstatProperties[current.name] = current.value
                property = nil
            } else if property != nil, name == .href {
                property?.value.hrefs.append(trimmed)
            }
            switch (parent, name) {
            case (.response, .href): response?.href = trimmed
            case (.response, .status): response?.status = Self.statusCode(trimmed)
            case (.propstat, .status): propstatStatus = Self.statusCode(trimmed)
            case (.response, .propstat):
                if propstatStatus.map({ (200..<300).contains($0) }) ?? true { response?.properties.merge(propstatProperties) { $1 } }
            case (.multistatus, .response):
                if let response { result.responses.append(response) }
                response = nil
            case (.multistatus, .syncToken): result.syncToken = trimmed
            case (nil, .multistatus): closedMultistatus = true
            default: break
            }
            text = ""
        }

        /// `HTTP/1.1 404 Not Found` → 404.
        private static func statusCode(_ line: String) -> Int? {
            let words = line.split(separator: " ")
            return words.count >= 2 ? Int(words[1]) : nil
        }
    }
}
