import VCardParser

/// A property in a form where spellings that mean the same are equal: the name upper-cased, the
/// group dropped (its `X-ABLabel` kept as ``label``), the `TYPE`s as a lower-cased set whether
/// written `TYPE=a,b`, `TYPE=a;TYPE=b` or 2.1's `;A;B`, the other parameters sorted with
/// upper-cased names, `ENCODING` and `CHARSET` left out (they only say how the value was
/// transported), and the value decoded (``PropertyValue``). Folding and line ends are gone
/// after parsing already.
struct NormalProperty: Hashable {
    var name: String
    var types: [String]
    var parameters: [String]
    var label: String?
    var value: PropertyValue

    /// Parameters whose values ignore case (RFC 6350 §5).
    private static let caseInsensitive: Set<String> = ["VALUE", "LANGUAGE", "CALSCALE", "MEDIATYPE"]
    private static let transport: Set<String> = ["TYPE", "ENCODING", "CHARSET"]

    init(_ property: Property, label: String?) {
        name = property.name.uppercased()
        types = Set(property.types).sorted()
        var values: [String: [String]] = [:]
        for p in property.parameters {
            let name = p.name.uppercased()
            guard !Self.transport.contains(name) else { continue }
            values[name, default: []] += Self.caseInsensitive.contains(name) ? p.values.map { $0.lowercased() } : p.values
        }
        parameters = values.keys.sorted().map { "\($0)=\(values[$0]!.sorted().joined(separator: ","))" }
        self.label = label
        value = PropertyValue(property)
    }

    /// The card's properties in normal form. An `X-ABLabel` line whose group holds other lines is
    /// not a property of its own: it is the ``label`` of those lines.
    static func properties(of card: VCard) -> [NormalProperty] {
        var labels: [String: String] = [:]
        var labeledGroups: Set<String> = []
        for p in card.properties {
            guard let group = p.group?.lowercased() else { continue }
            if p.hasName("X-ABLabel") { labels[group] = p.text } else { labeledGroups.insert(group) }
        }
        return card.properties.compactMap { p in
            let group = p.group?.lowercased()
            if p.hasName("X-ABLabel"), let group, labeledGroups.contains(group) { return nil }
            return NormalProperty(p, label: p.hasName("X-ABLabel") ? nil : group.flatMap { labels[$0] })
        }
    }

    /// The parameters, types and label in one string (`TYPE=cell,voice;PREF=1;X-ABLabel=Boat`),
    /// empty when there are none.
    var attributes: String {
        var parts: [String] = []
        if !types.isEmpty { parts.append("TYPE=" + types.joined(separator: ",")) }
        parts += parameters
        if let label { parts.append("X-ABLabel=" + label) }
        return parts.joined(separator: ";")
    }
}

/// One difference between two versions of a card.
enum PropertyChange: Equatable {
    case added(NormalProperty)
    case removed(NormalProperty)
    case changed(old: NormalProperty, new: NormalProperty)

    /// The differences between two cards: properties without an exact counterpart, paired as
    /// changes by name in card order; the rest removed or added. Empty when the cards are equal.
    /// - Complexity: O(n²) in the number of properties.
    static func changes(from old: VCard, to new: VCard) -> [PropertyChange] {
        var unmatched = NormalProperty.properties(of: new)
        var gone: [NormalProperty] = []
        for p in NormalProperty.properties(of: old) {
            if let i = unmatched.firstIndex(of: p) { unmatched.remove(at: i) } else { gone.append(p) }
        }
        var changes: [PropertyChange] = gone.map { o in
            guard let i = unmatched.firstIndex(where: { $0.name == o.name }) else { return .removed(o) }
            return .changed(old: o, new: unmatched.remove(at: i))
        }
        changes += unmatched.map { .added($0) }
        return changes
    }

    /// The property's name.
    var name: String {
        switch self {
        case .added(let p), .removed(let p), .changed(_, let p): return p.name
        }
    }

    /// How the old and new property read: the value, with its attributes in brackets when they
    /// matter (always for an addition or removal, for a change only when they differ).
    var oldText: String? {
        switch self {
        case .added: return nil
        case .removed(let p): return Self.text(p, withAttributes: true)
        case .changed(let o, let n): return Self.text(o, withAttributes: o.attributes != n.attributes)
        }
    }

    var newText: String? {
        switch self {
        case .removed: return nil
        case .added(let p): return Self.text(p, withAttributes: true)
        case .changed(let o, let n): return Self.text(n, withAttributes: o.attributes != n.attributes)
        }
    }

    private static func text(_ p: NormalProperty, withAttributes: Bool) -> String {
        let attributes = p.attributes
        return withAttributes && !attributes.isEmpty ? "\(p.value.display) [\(attributes)]" : p.value.display
    }
}
