import VCardParser

/// The names a jCard or xCard reader may give a vCard property, parameter or group: what a
/// vCard cannot hold is reported, never passed on (the vCard writer would have to guess).
///
/// ```swift
/// TypedProperty.nameProblem("end", .property)      // "a property named 'end' …"
/// TypedProperty.nameProblem("item1", .group)       // nil
/// ```
extension TypedProperty {
    enum NameKind: String { case property, parameter, group }

    /// Why a vCard cannot hold `name` as a name of this kind, or `nil` when it can: names are
    /// `1*(ALPHA / DIGIT / "-")` (RFC 6350 §3.3), and a property is not `BEGIN` or `END`.
    static func nameProblem(_ name: String, _ kind: NameKind) -> String? {
        guard Text.isName(name) else {
            return "a \(kind.rawValue) name a vCard cannot hold: '\(name)' (letters, digits and '-' only)"
        }
        let property = Property.Name(name)
        if kind == .property, property == "BEGIN" || property == "END" {
            return "a property named '\(name)': in a vCard it would end the card or start another"
        }
        return nil
    }
}
