import VCardParser

/// xCard, the XML format for vCard (RFC 6351): reading and writing.
///
/// Cards are `<vcard>` elements in `<vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">`. Each
/// property is an element with its lower-case name, holding an optional `<parameters>` (one
/// element per parameter, its values in `<text>`, `<integer>`, `<uri>` or `<language-tag>`) and
/// the value in an element named after its type (`<text>`, `<uri>`, `<date>`, `<date-time>`,
/// `<time>`, `<timestamp>`, `<utc-offset>`, `<unknown>`…). Dates and times keep the basic format
/// of vCard. Structured values name their components (`VCardParser.PropertyRules.components`):
/// N `surname` `given` `additional` `prefix` `suffix`, then RFC 9554's `surname2` `generation`
/// when set; ADR `pobox` `ext` `street` `locality` `region` `code` `country`, then RFC 9554's
/// `room` … `direction` when set; GENDER `sex` `identity`, CLIENTPIDMAP `sourceid` `uri`; ORG,
/// CATEGORIES and NICKNAME repeat `<text>`.
/// Grouped properties sit in `<group name="…">`.
///
/// xCard is vCard 4.0: cards of 2.1 and 3.0 are converted first, and `VERSION` is not written
/// (the namespace says it). Elements of other namespaces in a `<vcard>` or one of its groups
/// are read into an `XML` property (RFC 6350 §6.1.5), and an `XML` property is written back as
/// its element (RFC 6351 §6).
///
/// ```swift
/// let xml = XCard.encode(cards)
/// let again = try XCard.decode(xml)
/// ```
///
/// RFC 6351 §3 (format), §4 (example), §5 (design: unknown properties, other namespaces).
public enum XCard {
    /// The xCard namespace, `urn:ietf:params:xml:ns:vcard-4.0`.
    public static let namespace = "urn:ietf:params:xml:ns:vcard-4.0"

    /// Component element names of a structured property, in value order, from ``PropertyRules``
    /// (RFC 6351 §3.3, RFC 9554 §2); `nil` for other properties and for ORG.
    static func componentNames(_ name: String) -> [String]? {
        guard let names = PropertyRules.of(name)?.components, !names.isEmpty else { return nil }
        return names
    }

    /// Writes the cards as one xCard document, one property per line.
    ///
    /// What XML cannot hold is changed and reported in `warnings`, one line per property or name:
    /// characters XML 1.0 does not allow (C0 controls other than tab, LF and CR; U+FFFE and
    /// U+FFFF) are written as U+FFFD, and a group, property or parameter name xCard cannot hold
    /// as it is gets the vCard writer's form, with `x-` before one that is not an XML name
    /// (`MY_NOTE` as `<x-my-5fnote>`, `1ABC` as `<x-1abc>`, group `a.b` as `a-2Eb`), so that
    /// ``decode(_:)`` reads every card back.
    ///
    /// - Parameters:
    ///   - cards: Cards of any version; each is converted to 4.0 first.
    ///   - warnings: Receives one line per property or name changed that way.
    /// - Returns: UTF-8 XML with an XML declaration, ending with a line feed.
    /// - Complexity: O(n) in the size of the cards.
    public static func encode(_ cards: [VCard], warnings: inout [String]) -> [UInt8] {
        var writer = XCardWriter()
        var out: [UInt8] = []
        for card in cards { writer.write(card, to: &out, warnings: &warnings) }
        writer.finish(to: &out)
        return out
    }

    /// The cards as one xCard document, ignoring the warnings of ``encode(_:warnings:)``.
    public static func encode(_ cards: [VCard]) -> [UInt8] {
        var warnings: [String] = []
        return encode(cards, warnings: &warnings)
    }

    /// Reads an xCard document: `<vcards>` with `<vcard>` elements (a lone `<vcard>` root is
    /// accepted too).
    ///
    /// - Parameter bytes: The XML document.
    /// - Returns: The cards, as vCard 4.0.
    /// - Throws: ``FormatError`` with the line of invalid XML, or of a root element that is not
    ///   xCard's.
    public static func decode(_ bytes: [UInt8]) throws(FormatError) -> [VCard] {
        var reader = XCardReader(ByteStream(bytes: bytes))
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }

    // MARK: - Writing

    static func write(_ card: VCard, to out: inout String, warnings: inout [String]) {
        out += "  <vcard>\n"
        var openGroup: String?
        for property in card.propertiesToWrite {
            var typed = TypedProperty(property)
            XMLText.makeWritable(&typed, warnings: &warnings)
            if openGroup != typed.group {
                if openGroup != nil { out += "    </group>\n" }
                if let group = typed.group { out += "    <group name=\"\(XMLText.escapeAttribute(group))\">\n" }
                openGroup = typed.group
            }
            out += openGroup == nil ? "    " : "      "
            if let embedded = embeddedXML(typed, warnings: &warnings) {
                out += embedded
            } else {
                element(typed, to: &out)
            }
            out += "\n"
        }
        if openGroup != nil { out += "    </group>\n" }
        out += "  </vcard>\n"
    }

    /// The element an `XML` property holds, written out to stand in the card as it stood in the
    /// xCard it came from (RFC 6351 §5.1, §6); `nil` for any other property. The value must be
    /// one element whose namespace is given and is not vCard's (RFC 6350 §6.1.5); any other
    /// value is written as `<xml><text>`, with a warning, and a property with parameters (which
    /// an element cannot carry) as well, without one.
    private static func embeddedXML(_ p: TypedProperty, warnings: inout [String]) -> String? {
        guard p.name == "xml", p.type == .text, p.parameters.isEmpty, case .values(let values) = p.value, values.count == 1
        else { return nil }
        // In <vcards>, <vcard> and maybe <group>: as deep as the reader then reads.
        guard let tree = try? XMLReader.parse(Array(values[0].utf8), maxDepth: XCardReader.maxDepth - 3),
            let namespace = tree.root.namespace, namespace != Self.namespace
        else {
            warnings.append("XML: not one element of a namespace other than vCard's (RFC 6350 §6.1.5); written as <xml><text>")
            return nil
        }
        return tree.root.serialized()
    }

    private static func element(_ p: TypedProperty, to out: inout String) {
        out += "<\(p.name)>"
        let parameters = p.parameters.filter { $0.name != "value" }
        if !parameters.isEmpty {
            out += "<parameters>"
            for (name, values) in parameters {
                let type = parameterType(name, values)
                out += "<\(name)>"
                for value in values { out += leaf(type, type == "boolean" ? Text.lowercased(value) : value) }
                out += "</\(name)>"
            }
            out += "</parameters>"
        }
        switch p.value {
        case .components(let components):
            if let names = componentNames(p.name), components.count <= names.count, p.type == .text {
                let count = max(components.count, PropertyRules.of(p.name)?.minimumComponents ?? 0)
                for (i, name) in names.prefix(count).enumerated() {
                    let items = i < components.count ? components[i] : [""]
                    for item in items { out += leaf(name, item) }
                }
            } else if TypedProperty.shape(of: p.name) == .structured, componentNames(p.name) == nil, p.type == .text {
                // Components without names (ORG): one <text> each (RFC 6351 §3.3).
                for component in components { out += leaf("text", component.joined(separator: ",")) }
            } else {
                // A structured value RFC 6351 has no names for: its vCard text, as it is.
                out += leaf("unknown", p.property.value)
            }
        case .values(let values):
            for value in values { out += valueElement(value, type: p.type) }
        }
        out += "</\(p.name)>"
    }

    /// `<type>value</type>`; date-and-or-time values are written as `<date>`, `<date-time>` or
    /// `<time>` (RFC 6351 §3.4), dates in basic format.
    private static func valueElement(_ value: String, type: ValueType) -> String {
        let basic = DateAndTime.basic(value, type: type)
        switch type {
        case .dateAndOrTime:
            if basic.hasPrefix("T") { return leaf("time", String(basic.dropFirst())) }
            return leaf(DateAndTime.isDateAndOrTime(basic) && basic.contains("T") ? "date-time" : "date", basic)
        case .boolean:
            return leaf("boolean", Text.lowercased(value))
        default:
            let name = XMLText.isElementName(type.rawValue) ? type.rawValue : "unknown"
            return leaf(name, basic)
        }
    }

    /// The value element of a parameter, its type in ``ParameterRules`` (`<integer>` for PREF
    /// and INDEX when they are numbers, `<timestamp>` for CREATED…), and `<uri>` for a TZ that
    /// is a URI.
    private static func parameterType(_ name: String, _ values: [String]) -> String {
        switch ParameterRules.valueType(of: name) {
        case "integer": return values.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil } ? "integer" : "text"
        case "text" where name == "tz": return values.allSatisfy { $0.contains(":") } ? "uri" : "text"
        case let type: return type
        }
    }

    private static func leaf(_ name: String, _ text: String) -> String {
        text.isEmpty ? "<\(name)/>" : "<\(name)>\(XMLText.escape(text))</\(name)>"
    }

    // MARK: - Reading

    static func isVCard(_ element: XMLTree.Element) -> Bool {
        element.namespace == nil || element.namespace == namespace
    }

    /// The card of a `<vcard>` element.
    ///
    /// - Throws: ``FormatError`` at an element or group a vCard cannot name: a property,
    ///   parameter or group name that is not letters, digits and `-`, or a property named
    ///   `begin` or `end` (it would end the card or start another).
    static func card(_ element: XMLTree.Element) throws(FormatError) -> VCard {
        var properties: [Property] = []
        func xml(_ element: XMLTree.Element, group: String?) -> Property {
            TypedProperty(group: group, name: "xml", parameters: [], type: .text, value: .values([element.serialized()])).property
        }
        for child in element.children {
            if !isVCard(child) {
                properties.append(xml(child, group: nil))
            } else if child.name == "group" {
                let group = child.attribute("name")
                if let group, let problem = TypedProperty.nameProblem(group, .group) { throw child.error(problem) }
                for member in child.children {
                    properties.append(isVCard(member) ? try property(member, group: group) : xml(member, group: group))
                }
            } else if child.name != "version" {
                properties.append(try property(child, group: nil))
            }
        }
        return VCard(version: .v4, properties: properties)
    }

    private static func property(_ element: XMLTree.Element, group: String?) throws(FormatError) -> Property {
        let name = element.name
        if let problem = TypedProperty.nameProblem(name, .property) { throw element.error(problem) }
        var parameters: [(name: String, values: [String])] = []
        let valueElements = element.children.filter { isVCard($0) && $0.name != "parameters" }
        for container in element.children where isVCard(container) && container.name == "parameters" {
            for parameter in container.children where isVCard(parameter) && parameter.name != "value" {
                if let problem = TypedProperty.nameProblem(parameter.name, .parameter) { throw parameter.error(problem) }
                let children = parameter.children
                let values = children.isEmpty ? [parameter.text] : children.map(\.text)
                if let i = parameters.firstIndex(where: { $0.name == parameter.name }) {
                    parameters[i].values += values
                } else {
                    parameters.append((parameter.name, values))
                }
            }
        }
        var type = ValueType.text
        let value: TypedProperty.Value
        if let names = componentNames(name), valueElements.contains(where: { names.contains($0.name) }) {
            var components = names.map { component in valueElements.filter { $0.name == component }.map(\.text) }
            // Components after the last one given are left out, down to those every value has.
            let minimum = PropertyRules.of(name)?.minimumComponents ?? 0
            while components.count > max(minimum, 1), components.last!.isEmpty { components.removeLast() }
            value = .components(components.map { $0.isEmpty ? [""] : $0 })
        } else if TypedProperty.shape(of: name) == .structured, componentNames(name) == nil,
            valueElements.allSatisfy({ $0.name == "text" }), !valueElements.isEmpty
        {
            value = .components(valueElements.map { [$0.text] })
        } else if let first = valueElements.first {
            type = ValueType(rawValue: first.name)
            var values = valueElements.filter { $0.name == first.name }.map(\.text)
            if ValueType.default(for: name) == .dateAndOrTime, [.date, .dateTime, .time].contains(type) {
                // xCard has no date-and-or-time element: it writes <date>, <date-time> or <time>,
                // and a time alone is T-prefixed in the vCard value (RFC 6350 §4.3.4).
                if type == .time { values = values.map { "T" + $0 } }
                type = .dateAndOrTime
            }
            value = .values(values)
        } else {
            let text = element.text.trimmingWhitespace()
            type = text.isEmpty ? .text : .unknown
            value = .values([text])
        }
        let typed = TypedProperty(group: group, name: name, parameters: parameters, type: type, value: value)
        return typed.property
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })!
        return String(scalars[start...end])
    }
}
