/// The value types of the parameters whose values are not text, for the formats that type
/// them (xCard writes each parameter value in an element named after its type, RFC 6351 §3.5).
///
/// `PREF` (RFC 6350 §5.3) and `INDEX` (RFC 6715 §3.1) are integers, `LANGUAGE` (§5.1) a language
/// tag, `GEO` (§5.10) a URI, and RFC 9554 §4 adds `CREATED` (a timestamp), `DERIVED` (a boolean)
/// and `AUTHOR` (a URI). Every other parameter, known or not, is text: `TYPE`, `ALTID`, `PID`,
/// `SORT-AS`, `LABEL`, RFC 9554's `PROP-ID`, `AUTHOR-NAME`, `PHONETIC`, `SCRIPT`,
/// `SERVICE-TYPE`, `USERNAME` and RFC 9555's `JSCOMPS`. `TZ` (§5.11) is text or a URI,
/// depending on its value.
///
/// ```swift
/// ParameterRules.valueType(of: "pref")      // "integer"
/// ParameterRules.valueType(of: "PROP-ID")   // "text"
/// ```
public enum ParameterRules {
    /// The RFC 6350 §4 name of the type of the parameter called `name` (any case).
    public static func valueType(of name: String) -> String {
        types[ASCII.uppercased(name)] ?? "text"
    }

    /// The values an `integer` parameter may take: `PREF` 1 to 100 (RFC 6350 §5.3), `INDEX` from
    /// 1 (RFC 6715 §3.1); `nil` for other parameters.
    ///
    /// ```swift
    /// ParameterRules.range(of: "PREF")   // 1...100
    /// ```
    public static func range(of name: String) -> ClosedRange<Int>? {
        ranges[ASCII.uppercased(name)]
    }

    /// The versions that define the parameter called `name` (any case): vCard 2.1 §2.1 `TYPE`,
    /// `VALUE`, `ENCODING`, `CHARSET`, `LANGUAGE`; RFC 2425 §5.8 and RFC 2426 `TYPE`, `VALUE`,
    /// `ENCODING`, `LANGUAGE`, `CONTEXT`; RFC 6350 §5 (`ENCODING` and `CHARSET` gone), RFC 6715,
    /// RFC 8605 (`CC`), RFC 9554 §4 and RFC 9555 (`JSCOMPS`) for 4.0. `nil` for a name no
    /// version defines (`X-` names, which every version allows).
    ///
    /// ```swift
    /// ParameterRules.versions(of: "pref")      // [.v4]
    /// ParameterRules.versions(of: "CHARSET")   // [.v2_1]
    /// ```
    public static func versions(of name: String) -> Set<VCardVersion>? {
        versions.value(for: name)
    }

    private static let versions = NameTable(versionsByName.map { ($0.key, $0.value) })

    /// The table behind ``versions(of:)``: every parameter name some version defines.
    static let versionsByName: [String: Set<VCardVersion>] = {
        var table: [String: Set<VCardVersion>] = [
            "TYPE": [.v2_1, .v3, .v4], "VALUE": [.v2_1, .v3, .v4], "LANGUAGE": [.v2_1, .v3, .v4],
            "ENCODING": [.v2_1, .v3], "CHARSET": [.v2_1], "CONTEXT": [.v3],
        ]
        for name in [
            "PREF", "ALTID", "PID", "SORT-AS", "GEO", "TZ", "MEDIATYPE", "CALSCALE", "LABEL", "INDEX", "LEVEL", "CC",
            "CREATED", "DERIVED", "AUTHOR", "AUTHOR-NAME", "PHONETIC", "PROP-ID", "SCRIPT", "SERVICE-TYPE", "USERNAME", "JSCOMPS",
        ] {
            table[name] = [.v4]
        }
        return table
    }()

    private static let ranges: [String: ClosedRange<Int>] = ["PREF": 1...100, "INDEX": 1...Int.max]

    private static let types: [String: String] = [
        "PREF": "integer", "INDEX": "integer", "LANGUAGE": "language-tag", "GEO": "uri",
        "CREATED": "timestamp", "DERIVED": "boolean", "AUTHOR": "uri",
    ]
}
