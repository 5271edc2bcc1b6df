import VCardParser

/// A property in a form where spellings that mean the same are equal: the name upper-cased, the
/// group dropped (its `X-ABLabel` kept as ``label``), the `TYPE`s as a lower-cased set whether
/// written `TYPE=a,b`, `TYPE=a;TYPE=b` or 2.1's `;A;B`, the other parameters sorted with
/// upper-cased names, `ENCODING` and `CHARSET` left out (they only say how the value was
/// transported), as is a `VALUE` that names the property's default type in its version
/// (``ValueTypeDefaults``), and the value decoded (``PropertyValue``), a date, time, timestamp or
/// UTC offset compared by what it means (``DateMeaning``), a `TEL` number by its E.164 form and
/// extension when it can be placed (international, or in the phone region), whether written as
/// text or as a `tel:` URI (`VALUE=uri` left out). Folding and line ends are gone after parsing
/// already.
package struct NormalProperty: Hashable {
    package var name: String
    package var types: [String]
    package var parameters: [String]
    package var label: String?
    /// The value as compared: ``value``, or the meaning of a date, time or UTC offset.
    package var meaning: PropertyValue
    /// The value as written (decoded), for the report; not compared.
    package var value: PropertyValue

    /// Parameters whose values ignore case (RFC 6350 §5).
    private static let caseInsensitive: Set<String> = ["VALUE", "LANGUAGE", "CALSCALE", "MEDIATYPE"]
    /// Parameters whose values are a set (RFC 6350 §5.5); the others' order counts (`SORT-AS`, §5.9).
    private static let unordered: Set<String> = ["PID"]
    private static let transport: Set<String> = ["TYPE", "ENCODING", "CHARSET"]

    package init(_ property: Property, label: String?, phoneRegion: String? = nil) {
        name = property.name.uppercased()
        types = Set(property.types).sorted()
        let written = property.parameters
        let stated = written.first { $0.hasName("VALUE") }.flatMap { ValueTypeDefaults.statedType($0.values) }
        let shown = PropertyValue(property)
        let text = { if case .text(let text) = shown { text } else { property.text } }
        let phone = name == "TEL" ? PhoneNumber(stringValue: text()).parsed(defaultRegion: phoneRegion) : nil
        var values: [String: [String]] = [:]
        for p in written {
            let name = p.name.uppercased()
            guard !Self.transport.contains(name) else { continue }
            if name == "VALUE", phone != nil { continue }
            if name == "VALUE", let stated {
                guard !ValueTypeDefaults.restatesDefault(stated, name: self.name, version: property.version, text: text()) else { continue }
                values[name] = [stated]
                continue
            }
            values[name, default: []] += Self.caseInsensitive.contains(name) ? p.values.map { $0.lowercased() } : p.values
        }
        parameters = values.keys.sorted().map { name in
            // A quoted list ("a,b") is the same as a written one (a,b).
            var items = values[name]!.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            if Self.unordered.contains(name) { items.sort() }
            return "\(name)=\(items.joined(separator: ","))"
        }
        self.label = label
        value = shown
        if let phone {
            meaning = .text(phone.e164 + (phone.extension.map { ";ext=" + $0 } ?? ""))
        } else if case .text(let text) = shown,
            let type = ValueTypeDefaults.effectiveType(stated: stated, name: name, version: property.version, text: text),
            let key = DateMeaning.key(text, type: type)
        {
            meaning = .text(key)
        } else {
            meaning = value
        }
    }

    package static func == (lhs: NormalProperty, rhs: NormalProperty) -> Bool {
        (lhs.name, lhs.types, lhs.parameters, lhs.label, lhs.meaning) == (rhs.name, rhs.types, rhs.parameters, rhs.label, rhs.meaning)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(types)
        hasher.combine(parameters)
        hasher.combine(label)
        hasher.combine(meaning)
    }

    /// The card's properties in normal form. An `X-ABLabel` line whose group holds other lines is
    /// not a property of its own: it is the ``label`` of those lines. `phoneRegion` places the
    /// `TEL` numbers written without a country code.
    package static func properties(of card: VCard, phoneRegion: String? = nil) -> [NormalProperty] {
        var labels: [String: String] = [:]
        var labeledGroups: Set<String> = []
        for p in card.properties {
            guard let group = p.group?.lowercased() else { continue }
            if p.hasName("X-ABLabel") { labels[group] = p.text } else { labeledGroups.insert(group) }
        }
        return card.properties.compactMap { p in
            let group = p.group?.lowercased()
            if p.hasName("X-ABLabel"), let group, labeledGroups.contains(group) { return nil }
            return NormalProperty(p, label: p.hasName("X-ABLabel") ? nil : group.flatMap { labels[$0] }, phoneRegion: phoneRegion)
        }
    }

    /// The parameters, types and label in one string (`TYPE=cell,voice;PREF=1;X-ABLabel=Boat`),
    /// empty when there are none.
    package var attributes: String {
        var parts: [String] = []
        if !types.isEmpty { parts.append("TYPE=" + types.joined(separator: ",")) }
        parts += parameters
        if let label { parts.append("X-ABLabel=" + label) }
        return parts.joined(separator: ";")
    }
}
