import VCardParser

/// The value type of a property as `diff` compares it: its `VALUE` parameter, or the type its
/// name has by default in its version, so that `URL;VALUE=uri:…` and `URL:…` are the same in 4.0.
///
/// The defaults are the property table's (``PropertyRules/valueType(in:)``: RFC 6350 §6 for 4.0,
/// RFC 2426 §3 for 3.0); 2.1 has `INLINE` for every property (vCard 2.1 §2.1.3) and its values are
/// read with the 3.0 types. `URL` and `URI` are one type (2.1 spells it `URL`).
/// An `X-` property has no default.
///
/// ```swift
/// ValueTypeDefaults.defaultType(of: "BDAY", in: .v3)                                      // "date"
/// ValueTypeDefaults.restatesDefault("uri", name: "URL", version: .v4, text: "http://a.example")   // true
/// ```
enum ValueTypeDefaults {
    /// The lower-case default type of property `name` in `version`, if it has one.
    static func defaultType(of name: String, in version: VCardVersion) -> String? {
        version == .v2_1 ? "inline" : PropertyRules.of(name)?.valueType(in: version)
    }

    /// The lower-case type a `VALUE` parameter's values state, `url` spelled `uri`; `nil` for none.
    static func statedType(_ values: [String]) -> String? {
        guard let value = values.first, !value.isEmpty else { return nil }
        let type = value.lowercased()
        return type == "url" ? "uri" : type
    }

    /// Whether `VALUE=stated` on property `name` of `version` with value `text` says no more than
    /// the name, version and value do: it names the type the value has without it (2.1: or is
    /// `INLINE`). A 4.0 `TZ;VALUE=text:-0500` says something: that `-0500` is not an offset.
    static func restatesDefault(_ stated: String, name: String, version: VCardVersion, text: @autoclosure () -> String) -> Bool {
        version == .v2_1 && stated == "inline" || stated == impliedType(name: name, version: version, text: text())
    }

    /// The type the value is read as: the stated one, else the one implied.
    static func effectiveType(stated: String?, name: String, version: VCardVersion, text: @autoclosure () -> String) -> String? {
        if let stated, stated != "inline" { return stated }
        return impliedType(name: name, version: version, text: text())
    }

    /// The type of the value without `VALUE`: the default, except that a 4.0 TZ whose value is a
    /// UTC offset is one (as RFC 6350 §8's example writes it), and that 2.1, whose only default
    /// is `INLINE`, has the 3.0 types.
    private static func impliedType(name: String, version: VCardVersion, text: @autoclosure () -> String) -> String? {
        guard version == .v4 else { return defaultType(of: name, in: .v3) }
        if name.uppercased() == "TZ", DateMeaning.offsetMinutes(text()) != nil { return "utc-offset" }
        return defaultType(of: name, in: .v4)
    }
}
