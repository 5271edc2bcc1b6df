/// What the vCard specifications say about one property, in one table for the whole package:
/// how its value is escaped and split (``Shape``), its default value type, how often a card
/// may hold it in each version (``Cardinality``), which versions know it, and the names of the
/// components of a structured value. The writer, the version converter, jCard, xCard, CSV and
/// the command-line tool read it rather than keep lists of their own.
///
/// Sources: RFC 6350 §6 (4.0, the cardinality column), RFC 2426 §3 (3.0), the vCard 2.1
/// specification, RFC 6474 (BIRTHPLACE, DEATHPLACE, DEATHDATE), RFC 6715 (EXPERTISE, HOBBY,
/// INTEREST, ORG-DIRECTORY), RFC 9554 (CREATED, GRAMGENDER, LANGUAGE, PRONOUNS, SOCIALPROFILE, the
/// extended N and ADR components) and RFC 9555 §3.3 (JSPROP).
///
/// ```swift
/// let fn = PropertyRules.of("FN")!
/// fn.cardinality(in: .v3)              // .one
/// fn.cardinality(in: .v4)              // .oneOrMore
/// PropertyRules.of("GENDER")!.name(in: .v3)   // "X-GENDER"
/// PropertyRules.of("BDAY")!.valueType        // "date-and-or-time"
/// ```
public struct PropertyRules: Sendable {
    /// How the value is escaped and split, which decides how it is rewritten for another version
    /// and how jCard and xCard hold it.
    public enum Shape: Sendable {
        /// One text value: `\` `,` `;` and newlines escaped (FN, NOTE).
        case text
        /// `;`-separated components (ORG, GENDER, CLIENTPIDMAP).
        case structured
        /// `;`-separated components, each a `,`-separated list in 3.0 and 4.0 (N, ADR).
        case structuredLists
        /// `,`-separated text values (NICKNAME, CATEGORIES).
        case list
        /// URIs, dates, numbers, binary: written as they are.
        case verbatim

        /// Whether the value is `;`-separated components.
        public var isStructured: Bool { self == .structured || self == .structuredLists }
    }

    /// How many times a card may hold the property (RFC 6350 §6: `1`, `*1`, `1*`, `*`).
    public enum Cardinality: String, Sendable {
        /// Exactly one (`1`).
        case one = "1"
        /// At most one (`*1`).
        case atMostOne = "*1"
        /// One or more (`1*`).
        case oneOrMore = "1*"
        /// Any number (`*`).
        case any = "*"

        /// Whether a card may hold it more than once.
        public var allowsSeveral: Bool { self == .oneOrMore || self == .any }
        /// Whether a card must hold it.
        public var isRequired: Bool { self == .one || self == .oneOrMore }
    }

    /// The values an RFC lists for a property whose value (or first component) is a keyword.
    public enum ValueSet: Sendable {
        /// Only these (GENDER's sex, RFC 6350 §6.2.7: `M`, `F`, `O`, `N`, `U` or empty).
        case closed(Set<String>)
        /// These, or any other registered token or `X-` name (KIND, RFC 6350 §6.1.4).
        case registered(Set<String>)

        /// Whether `keyword` is one of the listed values, ignoring ASCII case.
        public func lists(_ keyword: String) -> Bool {
            switch self {
            case .closed(let values), .registered(let values): values.contains(ASCII.lowercased(keyword))
            }
        }
    }

    /// The name (`ANNIVERSARY`).
    public let name: Property.Name
    /// How the value is escaped and split.
    public let shape: Shape
    /// The value type of the property without a `VALUE` parameter, as RFC 6350 §4 names it
    /// (`text`, `uri`, `date-and-or-time`…); `nil` when no RFC gives one (`X-ABLabel`).
    public let valueType: String?
    /// The xCard element names of the components of a structured value, in value order
    /// (RFC 6351 §3.3, RFC 9554 §2); empty for other values and for ORG (repeated `<text>`).
    public let components: [String]
    /// The top-level media type of the data the property may hold inline (`image` for PHOTO and
    /// LOGO, `audio` for SOUND, `application` for KEY: RFC 6350 §6.2.4, §6.6.3, §6.7.5, §6.8.1),
    /// which a 2.1/3.0 `TYPE=JPEG` is a subtype of; `nil` for properties without inline data.
    public let dataMediaType: String?
    /// How many components a value has at least: RFC 6350 §6.2.2 writes all five of N and
    /// §6.3.1 all seven of ADR, even empty; the components RFC 9554 adds are written only when
    /// one of them is not empty.
    public let minimumComponents: Int
    /// The keywords the value (the first component of a structured one) is one of, lower-cased;
    /// `nil` for a property whose value is not a keyword.
    ///
    /// ```swift
    /// PropertyRules.of("KIND")!.values?.lists("Org")   // true
    /// ```
    public let values: ValueSet?
    /// The value type without a `VALUE` parameter in `version`: ``valueType`` in 4.0, RFC 2426
    /// §3's in 3.0 (`date` for BDAY, `binary` for PHOTO, `phone-number` for TEL…; `text` for the
    /// other text properties); 2.1 names none but `INLINE` and is given 3.0's.
    ///
    /// ```swift
    /// PropertyRules.of("TEL")!.valueType(in: .v3)   // "phone-number"
    /// PropertyRules.of("TEL")!.valueType(in: .v4)   // "text"
    /// ```
    public func valueType(in version: VCardVersion) -> String? {
        guard version != .v4 else { return valueType }
        return Self.version3ValueTypes[name] ?? (valueType == "text" ? "text" : nil)
    }

    /// Whether the value is a date, a time or both without `VALUE` (BDAY, ANNIVERSARY, DEATHDATE,
    /// REV: RFC 6350 §6.2.5, §6.2.6, §6.7.4, RFC 6474 §2.3), written basic in 4.0 and extended in 3.0.
    public var holdsDates: Bool {
        switch valueType {
        case "date", "time", "date-time", "date-and-or-time", "timestamp": true
        default: false
        }
    }
    private let cardinalities: [VCardVersion: Cardinality]

    init(
        _ name: Property.Name, _ shape: Shape, _ valueType: String?, v21: Cardinality?? = .none, v3: Cardinality?, v4: Cardinality?,
        components: [String] = [], minimumComponents: Int = 0, data: String? = nil, values: ValueSet? = nil
    ) {
        self.name = name
        self.shape = shape
        self.valueType = valueType
        self.components = components
        self.minimumComponents = minimumComponents
        self.dataMediaType = data
        self.values = values
        var cardinalities: [VCardVersion: Cardinality] = [:]
        // 2.1 writers use the 3.0 names (NICKNAME, CATEGORIES) as they are, unless told otherwise.
        cardinalities[.v2_1] = v21 ?? v3
        cardinalities[.v3] = v3
        cardinalities[.v4] = v4
        self.cardinalities = cardinalities
    }

    /// How many times a card of `version` may hold the property; `nil` when the version does
    /// not know it.
    public func cardinality(in version: VCardVersion) -> Cardinality? { cardinalities[version] }

    /// Whether `version` defines the property.
    public func isKnown(in version: VCardVersion) -> Bool { cardinalities[version] != nil }

    /// The name a card of `version` uses: the property's own where the version knows it, else
    /// its `X-` form (RFC 6350 §6.10), which the converter turns back (4.0 `GENDER` is 3.0 `X-GENDER`).
    ///
    /// ```swift
    /// PropertyRules.of("ANNIVERSARY")!.name(in: .v3)   // "X-ANNIVERSARY"
    /// PropertyRules.of("MAILER")!.name(in: .v4)        // "X-MAILER"
    /// ```
    public func name(in version: VCardVersion) -> Property.Name {
        isKnown(in: version) || name.isExtension ? name : name.extensionForm
    }

    /// The rules for `name`, or `nil` for a name the table does not list.
    ///
    /// - Complexity: O(1) (one dictionary lookup).
    public static func of(_ name: Property.Name) -> PropertyRules? { byName[name] }

    /// The rules for a name spelled in any case.
    public static func of(_ name: String) -> PropertyRules? { byName[Property.Name(name)] }

    /// The property that `name` stands for in `version`: the 4.0 property of a 3.0 `X-GENDER`,
    /// the 3.0 property of a 4.0 `X-MAILER`; `nil` when `name` is no such `X-` form.
    ///
    /// ```swift
    /// PropertyRules.standing(for: "X-ANNIVERSARY", in: .v4)?.name   // "ANNIVERSARY"
    /// ```
    public static func standing(for name: Property.Name, in version: VCardVersion) -> PropertyRules? {
        guard let base = name.droppingExtensionPrefix, let rules = of(base), rules.isKnown(in: version) else { return nil }
        return rules
    }

    private static let byName: [Property.Name: PropertyRules] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
