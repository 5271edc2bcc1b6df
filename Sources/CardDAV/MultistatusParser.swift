import Foundation
import VCardFormats

/// Reads a multistatus body into a ``Multistatus``, namespace-aware, with the project's own XML
/// reader (the one xCard is read with, so no system XML library is linked): a body that is not
/// UTF-8 or not well-formed XML, that spells a document type or entity declaration anywhere, or
/// whose root is not `DAV:multistatus` is a bad response, and nesting deeper than
/// ``maximumDepth`` is refused. The body's size is bounded by the caller.
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
        guard String(validating: body, as: UTF8.self) != nil else { throw .badResponse(url: url, reason: "the body is not UTF-8") }
        if hasDeclaration(body) { throw .badResponse(url: url, reason: "a document type declaration is not accepted") }
        let root: XMLTree.Element
        do {
            root = try XMLReader.read(body, maxDepth: maximumDepth).root
        } catch {
            switch error {
            case .tooDeep: throw .tooLarge(url: url, limit: maximumDepth)
            case .malformed(let reason): throw .badResponse(url: url, reason: "malformed XML (\(reason))")
            }
        }
        guard name(of: root) == .multistatus else { throw .badResponse(url: url, reason: "no complete DAV:multistatus element") }
        var result = Multistatus()
        for child in root.children {
            switch name(of: child) {
            case .response: result.responses.append(response(child))
            case .syncToken: result.syncToken = trimmed(child.text)
            default: break
            }
        }
        return result
    }

    /// Whether `<!DOCTYPE` or `<!ENTITY` (letters compared without case) occurs anywhere in the
    /// body, CDATA and comments included: the reader refuses a DOCTYPE where one may stand, and
    /// this refuses any spelling of one before reading, so that no entity can be declared.
    private static func hasDeclaration(_ body: [UInt8]) -> Bool {
        var index = body.startIndex
        while let found = body[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = body.index(after: found)
            guard index < body.endIndex, body[index] == UInt8(ascii: "!") else { continue }
            let word = body[(index + 1)...].prefix(7).map { $0 & 0xDF }
            if word.starts(with: "DOCTYPE".utf8) || word.starts(with: "ENTITY".utf8) { return true }
        }
        return false
    }

    /// A `response`: its (last) href and status, and the properties of its propstats whose
    /// status is 2xx or missing, a later one's taking the place of an earlier one's.
    private static func response(_ element: XMLTree.Element) -> Multistatus.Response {
        var response = Multistatus.Response(href: "")
        for child in element.children {
            switch name(of: child) {
            case .href: response.href = trimmed(child.text)
            case .status: response.status = statusCode(child.text)
            case .propstat:
                var status: Int?
                var properties: [DAVName: Multistatus.Property] = [:]
                for part in child.children {
                    switch name(of: part) {
                    case .status: status = statusCode(part.text)
                    case .prop:
                        for property in part.children { properties[name(of: property)] = self.property(property) }
                    default: break
                    }
                }
                if status.map({ (200..<300).contains($0) }) ?? true { response.properties.merge(properties) { $1 } }
            default: break
            }
        }
        return response
    }

    /// A property: the text inside it, its own and its descendants' (an element before the
    /// elements it holds), white space kept; the `href`s at any depth in it, trimmed; and the
    /// names of its children but `href`.
    private static func property(_ element: XMLTree.Element) -> Multistatus.Property {
        var property = Multistatus.Property(text: element.text)
        property.children = element.children.map(name(of:)).filter { $0 != .href }
        // Without recursion: a stack of the elements left to visit, the next one last.
        var left = Array(element.children.reversed())
        while let next = left.popLast() {
            property.text += next.text
            if name(of: next) == .href { property.hrefs.append(trimmed(next.text)) }
            left.append(contentsOf: next.children.reversed())
        }
        return property
    }

    private static func name(of element: XMLTree.Element) -> DAVName {
        DAVName(namespace: element.namespace ?? "", name: element.name)
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    private static func statusCode(_ line: String) -> Int? {
        let words = trimmed(line).split(separator: " ")
        return words.count >= 2 ? Int(words[1]) : nil
    }
}
