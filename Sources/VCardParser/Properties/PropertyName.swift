extension Property {
    /// A property name, upper-cased (ASCII letters only) once, so that names compare and hash as
    /// plain strings: `"tel"`, `"Tel"` and `"TEL"` are the same ``Property/Name``.
    ///
    /// It is the key of ``PropertyRules``; common names are written as string literals.
    ///
    /// ```swift
    /// let name: Property.Name = "x-gender"
    /// name == "X-GENDER"               // true
    /// name.droppingExtensionPrefix     // Optional("GENDER")
    /// ```
    public struct Name: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name with `a`–`z` upper-cased (`X-GENDER`).
        public let rawValue: String

        /// The name of `name`, whatever its case.
        public init(_ name: String) { rawValue = ASCII.uppercased(name) }

        public init(stringLiteral value: String) { self.init(value) }

        public var description: String { rawValue }

        public static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Whether it is an extension name (`X-…`, RFC 6350 §6.10).
        public var isExtension: Bool { rawValue.utf8.starts(with: "X-".utf8) }

        /// `X-` and the name: what a version that lacks the property calls it (`X-GENDER`).
        public var extensionForm: Name { Name("X-" + rawValue) }

        /// The name without its `X-`, or `nil` for a name without one.
        public var droppingExtensionPrefix: Name? {
            isExtension ? Name(String(rawValue.utf8.dropFirst(2))!) : nil
        }
    }

    /// The property's name as a ``Property/Name``.
    ///
    /// ```swift
    /// Property(name: "tel", value: "+1 555 0100").propertyName   // "TEL"
    /// ```
    public var propertyName: Name { Name(name) }

    /// The rules of the property's name, or `nil` for a name ``PropertyRules`` does not list.
    ///
    /// ```swift
    /// Property(name: "N", value: "Doe;Jane;;;").rules?.shape   // .structuredLists
    /// ```
    public var rules: PropertyRules? { PropertyRules.of(propertyName) }
}
