import VCardParser

/// One property in the shape jCard and xCard share: lower-case name, parameters without `VALUE`
/// (one entry per name, `TYPE` lists split), a value type, and the value decoded into strings.
///
/// ``init(_:)`` reads a property of a card already converted to 4.0 (its value may still carry
/// the escapes of 2.1 or 3.0); ``property`` writes the 4.0 property back, with a `VALUE`
/// parameter only where the type could not be told without one.
struct TypedProperty: Equatable {
    var group: String?
    /// Lower case (`tel`).
    var name: String
    /// Lower-case names in order of first appearance; the values of repeated names joined.
    var parameters: [(name: String, values: [String])]
    var type: ValueType
    var value: Value

    enum Value: Equatable {
        /// One value, or several for a multi-valued property (CATEGORIES, NICKNAME, lists of
        /// integers or floats). Text is unescaped; `unknown` is the vCard text as it was.
        case values([String])
        /// The components of a structured property (N, ADR, GENDER, ORG, CLIENTPIDMAP), each a
        /// list (N and ADR components may hold several values).
        case components([[String]])
    }

    static func == (lhs: TypedProperty, rhs: TypedProperty) -> Bool {
        lhs.group == rhs.group && lhs.name == rhs.name && lhs.type == rhs.type && lhs.value == rhs.value
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
            && lhs.parameters.map(\.values) == rhs.parameters.map(\.values)
    }

    init(group: String?, name: String, parameters: [(name: String, values: [String])], type: ValueType, value: Value) {
        self.group = group
        self.name = Text.lowercased(name)
        self.parameters = parameters
        self.type = type
        self.value = value
    }

    /// How the value of a property called `name` is split (``PropertyRules/Shape``): structured
    /// (`;`-separated components, RFC 7095 §3.3.1.3), lists (RFC 7095 §3.3.1.2) or one value.
    static func shape(of name: String) -> PropertyRules.Shape {
        PropertyRules.of(name)?.shape ?? .verbatim
    }

    // MARK: - From a vCard property

    /// Reads a property of a card converted to 4.0. Transfer parameters (`CHARSET`,
    /// quoted-printable `ENCODING`) are left out: the value is already decoded.
    init(_ property: Property) {
        let name = Text.lowercased(property.name)
        let type = ValueType.of(property)
        var parameters: [(name: String, values: [String])] = []
        for parameter in property.parameters {
            let key = Text.lowercased(parameter.name)
            if key == "value" || key == "charset" { continue }
            if key == "encoding", !parameter.values.contains(where: { ["b", "base64"].contains(Text.lowercased($0)) }) {
                continue
            }
            var values = parameter.values
            if key == "type" || key.isEmpty {
                // TYPE="work,voice" (one quoted value) and TYPE=work,voice are the same list.
                values = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            }
            let finalKey = key.isEmpty ? "type" : key
            if let index = parameters.firstIndex(where: { $0.name == finalKey }) {
                parameters[index].values += values
            } else {
                parameters.append((finalKey, values))
            }
        }
        let version = property.version
        let shape = TypedProperty.shape(of: name)
        let value: Value
        if type.isVerbatim || !(type == .text || shape.isStructured) {
            value = .values(TypedProperty.plainValues(property.value, type: type))
        } else if shape.isStructured {
            let lists = shape == .structuredLists && version != .v2_1
            var components = Escaping.split(property.value, on: 0x3B).map { component in
                guard lists else { return [Escaping.unescape(component, for: version)] }
                return Escaping.split(String(component), on: 0x2C).map { Escaping.unescape($0, for: version) }
            }
            // RFC 6350 §6.2.2, §6.3.1: N has 5 components and ADR 7, however short the vCard wrote them.
            let count = PropertyRules.of(property.name)?.minimumComponents ?? 0
            if components.count < count { components += Array(repeating: [""], count: count - components.count) }
            value = .components(components)
        } else if shape == .list {
            value = .values(
                Escaping.split(property.value, on: version == .v2_1 ? 0x3B : 0x2C).map {
                    Escaping.unescape($0, for: version)
                })
        } else {
            value = .values([Escaping.unescape(property.value, for: version)])
        }
        self.init(group: property.group, name: name, parameters: parameters, type: type, value: value)
        normalizeLineBreaks()
    }

    /// CRLF and CR in text and parameter values become LF: vCard 4.0 has a single escape for a line
    /// break (`\n` in text, `^n` in parameters), so that is what a 4.0 card holds (2.1
    /// quoted-printable often carries CRLF).
    private mutating func normalizeLineBreaks() {
        func lf(_ s: String) -> String {
            guard s.utf8.contains(0x0D) else { return s }
            return s.replacingCRLF()
        }
        parameters = parameters.map { ($0.name, $0.values.map(lf)) }
        guard type == .text else { return }
        switch value {
        case .values(let values): value = .values(values.map(lf))
        case .components(let components): value = .components(components.map { $0.map(lf) })
        }
    }

    /// Values of a type that is not text: lists of integers, floats and booleans split on `,`,
    /// a URI without the backslash escapes writers put in it (`VCardParser.Escaping.unescapeURI(_:)`),
    /// anything else one value as written.
    private static func plainValues(_ value: String, type: ValueType) -> [String] {
        switch type {
        case .uri:
            return [Escaping.unescapeURI(value)]
        case .integer, .float, .boolean:
            return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        default:
            return [value]
        }
    }

    // MARK: - To a vCard property

    /// The 4.0 property: names in upper case, text escaped, dates in basic format, and `VALUE`
    /// when the type is not the one the property would be read with.
    var property: Property {
        let upperName = Text.uppercased(name)
        let text: String
        switch value {
        case .components(let components):
            let verbatim = type.isVerbatim
            text = components.map { items in
                items.map { verbatim ? $0 : Escaping.escape($0, for: .v4) }.joined(separator: ",")
            }.joined(separator: ";")
        case .values(let values):
            if type.isVerbatim {
                text = values.joined(separator: ",")
            } else if type == .text {
                text = values.map { Escaping.escape($0, for: .v4) }.joined(separator: ",")
            } else if type == .boolean {
                text = values.map { v in
                    switch Text.lowercased(v) {
                    case "true": return "TRUE"
                    case "false": return "FALSE"
                    default: return v
                    }
                }.joined(separator: ",")
            } else {
                text = values.map { DateAndTime.basic($0, type: type) }.joined(separator: ",")
            }
        }
        var parameters = self.parameters.map { Parameter(name: Text.uppercased($0.name), values: $0.values) }
        if type.needsValueParameter(name: name) {
            parameters.append(Parameter(name: "VALUE", values: [type.rawValue]))
        }
        return Property(group: group, name: upperName, parameters: parameters, value: text, version: .v4)
    }
}

extension String {
    /// CRLF and lone CR replaced by LF.
    fileprivate func replacingCRLF() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var previousWasCR = false
        for b in utf8 {
            defer { previousWasCR = b == 0x0D }
            if b == 0x0D { out.append(0x0A); continue }
            if b == 0x0A, previousWasCR { continue }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
