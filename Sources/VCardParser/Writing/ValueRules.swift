/// The per-property facts the version converter needs about values: which properties hold dates,
/// URIs, media and components. They are kept here, in one place, and nowhere else in the
/// converter (``ValueConversion``, ``MediaType``).
///
/// ```swift
/// ValueRules.dateKind(of: "BDAY")        // .dateAndOrTime
/// ValueRules.componentCount(of: "ADR")   // 7
/// ```
package enum ValueRules {
    /// Properties whose value is a date, time or date-time by default: RFC 6350 §6.2.5, §6.2.6,
    /// §6.7.4 and RFC 6474 §2.3 (`DEATHDATE`); RFC 2426 §3.1.5, §3.6.4.
    static func dateKind(of name: String) -> DateAndTime.Kind? {
        switch ASCII.uppercased(name) {
        case "BDAY", "ANNIVERSARY", "DEATHDATE", "X-ANNIVERSARY", "REV": .dateAndOrTime
        default: nil
        }
    }

    /// Properties whose value is a URI by default in vCard 4.0 (RFC 6350 §6, RFC 6474, RFC 6715),
    /// or in 3.0 (`URL`, RFC 2426 §3.6.8); others are URIs only with `VALUE=uri`. (3.0's `GEO`
    /// and media are no URIs, but have no scheme either.)
    static func isURIByDefault(_ name: String) -> Bool {
        switch ASCII.uppercased(name) {
        case "SOURCE", "PHOTO", "LOGO", "SOUND", "KEY", "URL", "IMPP", "GEO", "MEMBER", "RELATED", "FBURL", "CALADRURI", "CALURI",
            "ORG-DIRECTORY":
            true
        default: false
        }
    }

    /// Properties holding media (a picture, a sound or a key), inline or linked: RFC 6350 §6.2.4,
    /// §6.6.3, §6.7.5, §6.8.1; RFC 2426 §3.1.4, §3.5.3, §3.6.6, §3.7.2.
    static func isMedia(_ name: String) -> Bool {
        switch ASCII.uppercased(name) {
        case "PHOTO", "LOGO", "SOUND", "KEY": true
        default: false
        }
    }

    /// How many components a structured value has at least: `N` 5 (RFC 6350 §6.2.2,
    /// RFC 2426 §3.1.2), `ADR` 7 (RFC 6350 §6.3.1, RFC 2426 §3.2.1); `nil` for other properties.
    package static func componentCount(of name: String) -> Int? {
        switch ASCII.uppercased(name) {
        case "N": 5
        case "ADR": 7
        default: nil
        }
    }
}
