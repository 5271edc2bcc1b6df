/// What ``CardValidator`` reads of one property's rules in each version, worked out once per
/// property name: looking a line's name up once tells whether the property may appear only
/// once and whether its value is checked, instead of a look-up in a table for each on every line.
///
/// Plain bits and an index, no reference: a look-up per line costs no reference counting. The
/// rules and value types, which only a checked value or a repeated property needs, are behind
/// ``rules`` and ``tableType(in:)``.
struct ValidationPlan: Sendable {
    /// The property's place in ``PropertyRules/all``; plans of one property are equal.
    let index: Int
    /// One bit per version (in the order of `VCardVersion.allCases`) where the property may
    /// appear at most once.
    private let onceBits: UInt8
    /// One bit per version where its value is checked when no `VALUE` parameter names a type:
    /// it is a keyword, inline data, or of a type `ValueCheck` checks; and four bits up, one
    /// per version where a `data:` URI with `;base64` is checked as base64 data and for nothing
    /// else: the property's type is `uri`, or it may hold inline data. (One byte for both: a
    /// field more makes every look-up's copy of a plan dearer.)
    private let checkedBits: UInt8
    /// By version: the shape a value of the property's own type shows, on a line that declares
    /// no other (no `VALUE`), when it needs no closer look (``plainShape(in:)``).
    private let plainShapes: (ValueCheck.PlainShape, ValueCheck.PlainShape, ValueCheck.PlainShape)
    /// Whether the value is a keyword or may be inline data: looked at closer whatever the
    /// type a `VALUE` parameter declares.
    let hasKeywordsOrData: Bool

    private init(index: Int) {
        self.index = index
        var onceBits: UInt8 = 0, checkedBits: UInt8 = 0
        for version in VCardVersion.allCases {
            let bit = version.bit
            let details = Self.details[index]
            if let cardinality = details.rules.cardinality(in: version), !cardinality.allowsSeveral { onceBits |= bit }
            if details.checksValue(in: version) { checkedBits |= bit }
            if details.tableTypes[version.offset] == "uri" || details.rules.dataMediaType != nil { checkedBits |= bit << 4 }
        }
        self.onceBits = onceBits
        self.checkedBits = checkedBits
        // A keyword or inline data is looked at closer whatever its shape.
        let details = Self.details[index]
        let hasKeywordsOrData = details.rules.values != nil || details.rules.dataMediaType != nil
        self.hasKeywordsOrData = hasKeywordsOrData
        let shapes = VCardVersion.allCases.map { version in
            hasKeywordsOrData ? ValueCheck.PlainShape.none : ValueCheck.PlainShape(ofType: details.tableTypes[version.offset] ?? "")
        }
        plainShapes = (shapes[0], shapes[1], shapes[2])
    }

    /// Whether the property may appear at most once in `version`.
    @inline(__always)
    func isOnce(in version: VCardVersion) -> Bool { onceBits & version.bit != 0 }

    /// Whether the value is checked in `version` when no `VALUE` parameter names a type.
    @inline(__always)
    func checksValue(in version: VCardVersion) -> Bool { checkedBits & version.bit != 0 }

    /// Whether a value that is a `data:` URI with `;base64` is checked as base64 data, and for
    /// nothing else, in `version` when no `VALUE` parameter names a type
    /// (``CardValidator/checkValue(of:plan:in:_:into:)``).
    @inline(__always)
    func checksData(in version: VCardVersion) -> Bool { checkedBits & version.bit << 4 != 0 }

    /// The shape that a plain line's value (no `VALUE` parameter, no inline data) shows when it
    /// is plainly valid in `version` (``ValueCheck/isPlainlyValid(_:_:)``); `.none` when every
    /// value is looked at closer.
    @inline(__always)
    func plainShape(in version: VCardVersion) -> ValueCheck.PlainShape {
        switch version {
        case .v2_1: plainShapes.0
        case .v3: plainShapes.1
        case .v4: plainShapes.2
        }
    }

    /// Whether `bytes`, the value as written of a line with no `VALUE` parameter in `version`,
    /// is a keyword the property lists (in any case), or an `X-` name where it takes any
    /// registered token: all the validator checks of such a value
    /// (``CardValidator/checkValue(of:plan:in:_:into:)``), found without making the property.
    /// `false` for bytes that are not all ASCII or hold a backslash (the text may differ from
    /// them), and for a property whose keyword is part of a structured value, or whose value
    /// may be data or is of a type with a check of its own.
    func isListedKeyword(_ bytes: UnsafeBufferPointer<UInt8>, in version: VCardVersion) -> Bool {
        let details = Self.details[index]
        guard let keywords = details.keywords, !details.checksType[version.offset] else { return false }
        for b in bytes where b >= 0x80 || b == .backslash { return false }
        if keywords.xNames, bytes.count >= 2, bytes[0].asciiLowercased == UInt8(ascii: "x"), bytes[1] == UInt8(ascii: "-") { return true }
        return keywords.listed.contains { keyword in
            keyword.count == bytes.count && keyword.indices.allSatisfy { keyword[$0] == bytes[$0].asciiLowercased }
        }
    }

    /// The rules of the property.
    var rules: PropertyRules { Self.details[index].rules }

    /// The value type checked in `version` when no `VALUE` parameter names one.
    func tableType(in version: VCardVersion) -> String? { Self.details[index].tableTypes[version.offset] }

    /// The plan of the property called `name`, or `nil` for a name ``PropertyRules`` does not list.
    static func of(_ property: Property) -> ValidationPlan? {
        // Not bound to a name of its own, which would copy the line; and not `source?.withName`,
        // whose result would fold "no line" and "no plan" into one `nil`.
        if property.edited == nil, property.source != nil { return property.source!.withName { plans.value(for: $0) } }
        return plans.value(for: property.name)
    }

    /// The plans by property name (`plans.value(for: nameBytes)`, in any case). A loop over a
    /// card's lines takes the table once: a lazy global is checked at each use.
    static var byName: NameTable<ValidationPlan> { plans }

    /// The plan of `UID`.
    static let uid = plans.value(for: "UID")!

    /// The plans of the properties `version` requires, but VERSION and FN: the parser reports
    /// those missing itself, for every command.
    static func required(in version: VCardVersion) -> [ValidationPlan] { required[version.offset] }

    /// ``required(in:)`` as a set of plan indices: a card that holds them all, nearly every
    /// card, is done with one test.
    static func requiredSet(in version: VCardVersion) -> CardChecker.PlanSet {
        switch version {
        case .v2_1: requiredSets.0
        case .v3: requiredSets.1
        case .v4: requiredSets.2
        }
    }

    private static let requiredSets = (set(of: required(in: .v2_1)), set(of: required(in: .v3)), set(of: required(in: .v4)))

    private static func set(of plans: [ValidationPlan]) -> CardChecker.PlanSet {
        var set = CardChecker.PlanSet()
        for plan in plans { set.insert(plan.index) }
        return set
    }

    private static let required: [[ValidationPlan]] = VCardVersion.allCases.map { version in
        PropertyRules.all.indices.filter { index in
            let rules = PropertyRules.all[index]
            return rules.cardinality(in: version)?.isRequired == true && rules.name != "VERSION" && rules.name != "FN"
        }.map(ValidationPlan.init(index:))
    }

    /// What is kept of each property's rules, in the order of ``PropertyRules/all``.
    private final class Details: Sendable {
        let rules: PropertyRules
        /// By version, in the order of `VCardVersion.allCases`.
        let tableTypes: [String?]
        /// The keywords a value may be, lower-cased, and whether an `X-` name may be one too:
        /// for a property whose whole value is one keyword and never data
        /// (``ValidationPlan/isListedKeyword(_:in:)``).
        let keywords: (listed: [[UInt8]], xNames: Bool)?
        /// By version: whether the value's type has a check of its own (``ValueCheck/checks(_:)``).
        let checksType: [Bool]

        init(_ rules: PropertyRules) {
            self.rules = rules
            tableTypes = VCardVersion.allCases.map { textInPractice.contains(rules.name) ? "text" : rules.valueType(in: $0) }
            checksType = tableTypes.map { $0.map(ValueCheck.checks) == true }
            keywords =
                switch rules.values {
                case _ where rules.shape.isStructured || rules.dataMediaType != nil: nil
                case .closed(let listed)?: (listed.map { Array(ASCII.lowercased($0).utf8) }, false)
                case .registered(let listed)?: (listed.map { Array(ASCII.lowercased($0).utf8) }, true)
                case nil: nil
                }
        }

        func checksValue(in version: VCardVersion) -> Bool {
            rules.values != nil || rules.dataMediaType != nil || checksType[version.offset]
        }
    }

    private static let details = PropertyRules.all.map(Details.init)

    private static let plans = NameTable(PropertyRules.all.indices.map { (PropertyRules.all[$0].name.rawValue, ValidationPlan(index: $0)) })

    /// Properties whose RFC value type is `uri` but that are checked as text: RFC 6350 §6.7.6 lets
    /// UID be free-form text, and sabre/vobject, ez-vcard and CardDAV servers (Nextcloud) write
    /// a bare UUID without the `VALUE=text` the RFC asks for.
    private static let textInPractice: Set<Property.Name> = ["UID"]
}
