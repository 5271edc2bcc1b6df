import ContactsModel
import VCardParser

/// One difference between two versions of a card.
enum PropertyChange: Equatable {
    case added(NormalProperty)
    case removed(NormalProperty)
    case changed(old: NormalProperty, new: NormalProperty)

    /// The differences between two cards: properties without an exact counterpart, paired as
    /// changes by name in card order; the rest removed or added. Empty when the cards are equal.
    /// - Complexity: O(n²) in the number of properties.
    static func changes(from old: VCard, to new: VCard, phoneRegion: String? = nil) -> [PropertyChange] {
        var unmatched = NormalProperty.properties(of: new, phoneRegion: phoneRegion)
        var gone: [NormalProperty] = []
        for p in NormalProperty.properties(of: old, phoneRegion: phoneRegion) {
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
    /// matter (always for an addition or removal, for a change only when they differ), each put
    /// through `show` (``VisibleText/escaped(_:)`` for people), component by component. Inline
    /// data shows its size, and a digest of its bytes when a change keeps the size.
    func oldText(_ show: (String) -> String) -> String? {
        switch self {
        case .added: return nil
        case .removed(let p): return Self.text(p, withAttributes: true, digest: false, show)
        case .changed(let o, let n): return Self.text(o, withAttributes: o.attributes != n.attributes, digest: Self.sameSize(o, n), show)
        }
    }

    func newText(_ show: (String) -> String) -> String? {
        switch self {
        case .removed: return nil
        case .added(let p): return Self.text(p, withAttributes: true, digest: false, show)
        case .changed(let o, let n): return Self.text(n, withAttributes: o.attributes != n.attributes, digest: Self.sameSize(o, n), show)
        }
    }

    /// Whether both are inline data of one size but other bytes.
    private static func sameSize(_ old: NormalProperty, _ new: NormalProperty) -> Bool {
        guard case .binary(let a) = old.value, case .binary(let b) = new.value else { return false }
        return a.count == b.count && a != b
    }

    /// The value, components joined with `;` and list items with `,`, where a `;` or `,` inside
    /// one is written `\;` or `\,` (so `a\,b` and `a,b` differ visibly).
    private static func text(_ p: NormalProperty, withAttributes: Bool, digest: Bool, _ show: (String) -> String) -> String {
        let value =
            switch p.value {
            case .text(let text): show(text)
            case .components(let components): components.map { show($0).replacingOccurrences(of: ";", with: "\\;") }.joined(separator: ";")
            case .list(let items): items.map { show($0).replacingOccurrences(of: ",", with: "\\,") }.joined(separator: ",")
            case .binary(let bytes) where digest: "<\(bytes.count) bytes, digest \(UUIDString.derived(from: bytes).prefix(8))>"
            case .binary: p.value.display
            }
        let attributes = p.attributes
        return withAttributes && !attributes.isEmpty ? "\(value) [\(show(attributes))]" : value
    }
}
