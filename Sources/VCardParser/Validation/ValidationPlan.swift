/// What ``CardValidator`` reads of one property's rules in each version, worked out once per
/// property name: looking a line's name up once gives the rules, the cardinality and whether the
/// value is checked, instead of a look-up in a table for each of them on every line.
final class ValidationPlan: Sendable {
    /// What is checked of the property in one version.
    struct Version: Sendable {
        var cardinality: PropertyRules.Cardinality?
        /// The value type checked when no `VALUE` parameter names one.
        var tableType: String?
        /// Whether the value is checked when no `VALUE` parameter names a type: it is a keyword,
        /// inline data, or of a type `ValueCheck` checks.
        var checksValue: Bool
    }

    let rules: PropertyRules
    /// By version, in the order of `VCardVersion.allCases`.
    private let versions: [Version]

    private init(_ rules: PropertyRules) {
        self.rules = rules
        versions = VCardVersion.allCases.map { version in
            let tableType = Self.textInPractice.contains(rules.name) ? "text" : rules.valueType(in: version)
            return Version(
                cardinality: rules.cardinality(in: version), tableType: tableType,
                checksValue: rules.values != nil || rules.dataMediaType != nil || tableType.map(ValueCheck.checks) == true)
        }
    }

    /// What is checked in `version`.
    subscript(version: VCardVersion) -> Version {
        switch version {
        case .v2_1: versions[0]
        case .v3: versions[1]
        case .v4: versions[2]
        }
    }

    /// The plan of the property called `name`, or `nil` for a name ``PropertyRules`` does not list.
    static func of(_ property: Property) -> ValidationPlan? {
        // Not bound to a name of its own, which would copy the line; and not `source?.withName`,
        // whose result would fold "no line" and "no plan" into one `nil`.
        if property.edited == nil, property.source != nil { return property.source!.withName { plans.value(for: $0) } }
        return plans.value(for: property.name)
    }

    private static let plans = NameTable(PropertyRules.all.map { ($0.name.rawValue, ValidationPlan($0)) })

    /// Properties whose RFC value type is `uri` but that are checked as text: RFC 6350 §6.7.6 lets
    /// UID be free-form text, and sabre/vobject, ez-vcard and CardDAV servers (Nextcloud) write
    /// a bare UUID without the `VALUE=text` the RFC asks for.
    private static let textInPractice: Set<Property.Name> = ["UID"]
}
