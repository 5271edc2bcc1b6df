import VCardParser

/// jCard, the JSON format for vCard (RFC 7095): reading and writing.
///
/// A card is `["vcard", [property, …]]` and each property `[name, parameters, type, value, …]`:
/// the lower-case name, an object of parameters (lower-case names, several values as an array,
/// the group as `"group"`), the value type (`text`, `uri`, `date-and-or-time`…, `unknown` for
/// properties no RFC defines), and the value. Text is unescaped; dates and times are in ISO 8601
/// extended format (`--02-03`, `2009-08-08T14:30-05:00`); integers, floats and booleans are JSON
/// numbers and booleans. Structured values (N, ADR, GENDER, ORG, CLIENTPIDMAP) are arrays with an
/// array for a component that holds several values; CATEGORIES and NICKNAME give one value each.
///
/// jCard is vCard 4.0: cards of 2.1 and 3.0 are converted first (`VCardParser.VCard.converted(to:)`),
/// and the cards read from jCard are 4.0 cards, with `VALUE` only where the type needs it.
///
/// ```swift
/// let json = JCard.encode(cards)          // one card: ["vcard", …]; several: [["vcard", …], …]
/// let again = try JCard.decode(json)
/// ```
///
/// RFC 7095 §3 (format), §5 (unknown properties).
public enum JCard {
    /// Writes the cards as jCard, one property per line.
    ///
    /// A group, property or parameter name that jCard cannot hold as it is (one that is not
    /// letters, digits and `-`, a property `END`, a parameter `group`) is written as the vCard
    /// writer writes it, in lower case (`X-MESSAGING/XMPP-ALL` as `x-messaging-2fxmpp-all`, group
    /// `a.b` as `a-2Eb`), and reported in `warnings`, so that ``decode(_:)`` reads every card back.
    ///
    /// ```swift
    /// var warnings: [String] = []
    /// let json = JCard.encode(cards, warnings: &warnings)
    /// ```
    ///
    /// - Parameters:
    ///   - cards: Cards of any version; each is converted to 4.0 first.
    ///   - warnings: Receives one line per name changed.
    /// - Returns: UTF-8 JSON: a single jCard for one card, an array of jCards for any other
    ///   number (RFC 7095 §3.2), ending with a line feed.
    /// - Complexity: O(n) in the size of the cards.
    public static func encode(_ cards: [VCard], warnings: inout [String]) -> [UInt8] {
        var writer = JCardWriter()
        var out: [UInt8] = []
        for card in cards { writer.write(card, to: &out, warnings: &warnings) }
        writer.finish(to: &out)
        return out
    }

    /// The cards as jCard, ignoring the warnings of ``encode(_:warnings:)``.
    public static func encode(_ cards: [VCard]) -> [UInt8] {
        var warnings: [String] = []
        return encode(cards, warnings: &warnings)
    }

    /// Reads jCard: a single jCard, or an array of them.
    ///
    /// - Parameter bytes: UTF-8 JSON (a byte-order mark is skipped).
    /// - Returns: The cards, as vCard 4.0.
    /// - Throws: ``FormatError`` with the line and column of invalid JSON, or of the first value
    ///   that is not what jCard puts there.
    public static func decode(_ bytes: [UInt8]) throws(FormatError) -> [VCard] {
        var reader = JCardReader(ByteStream(bytes: bytes))
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }

    // MARK: - Writing

    /// The properties of the card converted to 4.0, VERSION first, with the names jCard reads back.
    static func lines(_ original: VCard, warnings: inout [String]) -> [JSON] {
        let card = original.converted(to: .v4)
        var lines: [JSON] = [JSON.array([.string("version"), JSON(.object([])), .string("text"), .string("4.0")])]
        for property in card.propertiesToWrite {
            var typed = TypedProperty(property)
            typed.makeNamesWritable(in: .jcard, warnings: &warnings)
            lines.append(json(typed))
        }
        return lines
    }

    /// A jCard of the ``lines(_:warnings:)`` of a card.
    static func write(_ lines: [JSON], indent: String, to out: inout [UInt8]) {
        out.append(contentsOf: "[\"vcard\",\n\(indent)  [\n".utf8)
        for (n, line) in lines.enumerated() {
            out.append(contentsOf: "\(indent)    ".utf8)
            line.write(to: &out)
            out.append(contentsOf: (n == lines.count - 1 ? "\n" : ",\n").utf8)
        }
        out.append(contentsOf: "\(indent)  ]\n\(indent)]".utf8)
    }

    /// `[name, {parameters}, type, value, …]`.
    static func json(_ p: TypedProperty) -> JSON {
        var parameters: [(key: String, value: JSON)] = []
        if let group = p.group { parameters.append(("group", .string(group))) }
        for (name, values) in p.parameters {
            parameters.append((name, values.count == 1 ? .string(values[0]) : .array(values.map(JSON.string))))
        }
        var items: [JSON] = [.string(p.name), JSON(.object(parameters)), .string(p.type.rawValue)]
        switch p.value {
        case .components(let components):
            if components.count == 1, components[0].count == 1 {
                items.append(.string(components[0][0]))  // ORG:Viagenie is "Viagenie" (RFC 7095 Appendix B.1)
            } else {
                items.append(.array(components.map { $0.count == 1 ? .string($0[0]) : .array($0.map(JSON.string)) }))
            }
        case .values(let values):
            items += values.map { scalar($0, type: p.type) }
        }
        return .array(items)
    }

    /// A value as its JSON type: numbers and booleans as such when they are valid, dates in
    /// extended format, anything else a string.
    private static func scalar(_ value: String, type: ValueType) -> JSON {
        switch type {
        case .integer, .float:
            var number = value
            if number.hasPrefix("+") { number.removeFirst() }
            if case .number? = (try? JSON.parse(Array(number.utf8)))?.kind { return JSON(.number(number)) }
            return .string(value)
        case .boolean:
            switch Text.lowercased(value) {
            case "true": return JSON(.bool(true))
            case "false": return JSON(.bool(false))
            default: return .string(value)
            }
        default:
            return .string(type.isDateOrTime || type == .utcOffset ? DateAndTime.extended(value, type: type) : value)
        }
    }

    // MARK: - Reading

    static func card(_ json: JSON, _ bytes: [UInt8]) throws(FormatError) -> VCard {
        func fail(_ value: JSON, _ message: String) -> FormatError { FormatError(at: value.offset, in: bytes, message) }
        guard let items = json.array, items.count == 2, let tag = items[0].string, Text.lowercased(tag) == "vcard",
            let propertyList = items[1].array
        else { throw fail(json, "expected a jCard: [\"vcard\", [properties]]") }
        var properties: [Property] = []
        for item in propertyList {
            let property = try typedProperty(item, bytes).property
            // jCard is 4.0 and VERSION comes first, whatever the document says: the card has one.
            if !property.hasName("VERSION") { properties.append(property) }
        }
        return VCard(version: .v4, properties: properties)
    }

    static func typedProperty(_ json: JSON, _ bytes: [UInt8]) throws(FormatError) -> TypedProperty {
        func fail(_ value: JSON, _ message: String) -> FormatError { FormatError(at: value.offset, in: bytes, message) }
        guard let items = json.array, items.count >= 4 else {
            throw fail(json, "expected a property: [name, {parameters}, type, value, …]")
        }
        guard let name = items[0].string else { throw fail(items[0], "expected a property name (a string)") }
        if let problem = TypedProperty.nameProblem(name, .property) { throw fail(items[0], problem) }
        guard let object = items[1].object else { throw fail(items[1], "expected the parameters of '\(name)' as an object") }
        guard let typeName = items[2].string, !typeName.isEmpty else {
            throw fail(items[2], "expected the value type of '\(name)' as a string")
        }
        var group: String?
        var parameters: [(name: String, values: [String])] = []
        for (key, value) in object {
            var values: [String]
            if let list = value.array {
                values = []
                for item in list {
                    guard let text = item.scalarText else { throw fail(item, "expected a parameter value (a string)") }
                    values.append(text)
                }
            } else if let text = value.scalarText {
                values = [text]
            } else {
                throw fail(value, "expected a parameter value (a string or an array of strings)")
            }
            let lower = Text.lowercased(key)
            if lower == "group" {
                group = values.first
                if let group, let problem = TypedProperty.nameProblem(group, .group) { throw fail(value, problem) }
                continue
            }
            if let problem = TypedProperty.nameProblem(key, .parameter) { throw fail(value, problem) }
            if lower == "value" { continue }  // the type element says it (RFC 7095 §3.3.1.1)
            if let i = parameters.firstIndex(where: { $0.name == lower }) {
                parameters[i].values += values
            } else {
                parameters.append((lower, values))
            }
        }
        let type = ValueType(rawValue: typeName)
        let valueItems = Array(items.dropFirst(3))
        let value: TypedProperty.Value
        if valueItems.count == 1, let components = valueItems[0].array {
            var lists: [[String]] = []
            for component in components {
                if let list = component.array {
                    var values: [String] = []
                    for item in list {
                        guard let text = item.scalarText ?? (item.kind.isNull ? "" : nil) else {
                            throw fail(item, "expected a component value")
                        }
                        values.append(text)
                    }
                    lists.append(values.isEmpty ? [""] : values)
                } else if let text = component.scalarText ?? (component.kind.isNull ? "" : nil) {
                    lists.append([text])
                } else {
                    throw fail(component, "expected a component value (a string or an array of strings)")
                }
            }
            value = .components(lists)
        } else {
            var values: [String] = []
            for item in valueItems {
                guard let text = item.scalarText ?? (item.kind.isNull ? "" : nil) else {
                    throw fail(item, "expected a value of '\(name)'")
                }
                values.append(text)
            }
            if TypedProperty.shape(of: name).isStructured, type == .text {
                value = .components(values.map { [$0] })
            } else {
                value = .values(values)
            }
        }
        return TypedProperty(group: group, name: name, parameters: parameters, type: type, value: value)
    }
}

extension JSON.Kind {
    fileprivate var isNull: Bool { if case .null = self { return true } else { return false } }
}
