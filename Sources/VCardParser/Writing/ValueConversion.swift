/// Values written the way the target version writes them, for one property at a time, after
/// ``VersionConversion`` has given it its target name:
///
/// | 2.1 / 3.0 | 4.0 | rule |
/// |---|---|---|
/// | `BDAY:1906-12-09`, `REV:2008-02-07T09:40:38Z` | `BDAY:19061209`, `REV:20080207T094038Z` | RFC 6350 §4.3 basic format; RFC 2426 §3.1.5 extended |
/// | `BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-09` | `BDAY:--0509` | RFC 6350 §4.3.1 truncated date; Apple's 3.0 form |
/// | `TZ:-05:00` | `TZ;VALUE=utc-offset:-0500` | RFC 2426 §3.4.1; RFC 6350 §6.5.1 |
/// | `GEO:37.386013;-122.082932` (2.1 `,`) | `GEO:geo:37.386013,-122.082932` | RFC 2426 §3.4.2; RFC 6350 §6.5.2, RFC 5870 |
/// | `TEL:+1-555-0100 ext. 23` | `TEL;VALUE=uri:tel:+1-555-0100;ext=23` | RFC 3966 §5.1.5 |
/// | `TEL:+46 70 123 45 67` | `TEL:+46 70 123 45 67` | RFC 6350 §6.4.1 allows text |
/// | `N:Doe;John` | `N:Doe;John;;;` | RFC 6350 §6.2.2, RFC 2426 §3.1.2 (ADR: 7, §6.3.1, §3.2.1) |
///
/// A number becomes a `tel:` URI only when the URI gives back the very text typed (a global
/// number of digits and `-` `.` `(` `)`, and an extension as ` ext. `), so 3.0 → 4.0 → 3.0 keeps
/// it; any other number stays text, which 4.0 allows for backward compatibility. A `tel:` URI
/// with parameters other than `ext` stays a URI (`VALUE=uri`). A geo URI with more than a
/// latitude and longitude (altitude, `;u=`) goes to 3.0 and 2.1 as `X-GEO`, and comes back.
/// Backslash escapes in URI values (`data:image/gif;base64\,R0lG`, `geo:37.3\,-122`; RFC 6350
/// errata 3845, 3846) are undone: a URI has no backslash (RFC 3986 §2).
///
/// ```swift
/// var bday = Property(name: "BDAY", value: "1906-12-09", version: .v3)
/// ValueConversion.convert(&bday, to: .v4)   // bday.value == "19061209"
/// ```
package enum ValueConversion {
    /// The value (already with its target name) written as `target` writes it.
    static func convert(_ p: inout Property, to target: VCardVersion) {
        let name = ASCII.uppercased(p.name)
        let rules = PropertyRules.standing(for: Property.Name(name), in: .v4) ?? PropertyRules.of(name)
        if let kind = dateKind(of: p, rules: rules) { convertDate(&p, kind: kind, to: target) }
        if let count = rules?.minimumComponents, count > 0, target != .v2_1 { pad(&p, to: count) }
        switch name {
        case "TZ": convertOffset(&p, to: target)
        case "GEO", "X-GEO": convertGeo(&p, to: target)
        case "TEL": convertTel(&p, to: target)
        default: break
        }
    }

    /// The kind of date the value is: its `VALUE` when that names a date or time type (on any
    /// property: jCard's `["x-abdate", {}, "date", …]` is `X-ABDATE;VALUE=date`), else the
    /// property's default when it holds dates; `nil` for other values.
    private static func dateKind(of p: Property, rules: PropertyRules?) -> DateAndTime.Kind? {
        guard let stated = p.parameter("VALUE")?.values.first else { return rules?.holdsDates == true ? .dateAndOrTime : nil }
        switch ASCII.lowercased(stated) {
        case "date": return .date
        case "time": return .time
        case "date-time", "date-and-or-time", "timestamp": return .dateAndOrTime
        default: return nil
        }
    }

    // MARK: - URIs

    /// A URI value without backslash escapes; done before the rest, which reads the URIs.
    static func unescapeURI(_ p: inout Property) {
        if isURI(p, name: ASCII.uppercased(p.name)) { p.value = uriUnescaped(p.value) }
    }

    /// Whether the value is a URI: `VALUE=uri` (2.1 `URL`), or a property whose values are URIs
    /// by default holding a value with a scheme (and not inline base64 data).
    static func isURI(_ p: Property, name: String) -> Bool {
        if let value = p.parameter("VALUE")?.values.first {
            let lower = ASCII.lowercased(value)
            return lower == "uri" || lower == "url"
        }
        let rules = PropertyRules.standing(for: Property.Name(name), in: .v4) ?? PropertyRules.of(name)
        guard rules?.valueType == "uri", !Parameter.isInlineBase64(p.parameters) else { return false }
        return hasScheme(p.value)
    }

    /// Whether the value starts with a URI scheme and its `:` (RFC 3986 §3.1), or `\:` as
    /// Apple and Gmail write it in 3.0 (`http\://`).
    private static func hasScheme(_ value: String) -> Bool {
        let utf8 = value.utf8
        guard let first = utf8.first, first.isASCIILetter else { return false }
        let scheme = utf8.prefix { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == .period }
        let rest = utf8.dropFirst(scheme.count)
        return rest.first == .colon || rest.starts(with: [.backslash, .colon])
    }

    /// The URI without the backslashes of text escaping: `\,` `\;` `\:` `\\` become the character
    /// (a URI has no backslash of its own, RFC 3986 §2).
    ///
    /// ```swift
    /// ValueConversion.uriUnescaped(#"http\://example.com/a\,b"#)   // "http://example.com/a,b"
    /// ```
    package static func uriUnescaped(_ value: String) -> String {
        guard value.utf8.contains(.backslash) else { return value }
        var out: [UInt8] = []
        var escaped = false
        for b in value.utf8 {
            if !escaped, b == .backslash { escaped = true; continue }
            if escaped, b != .comma, b != .semicolon, b != .colon, b != .backslash { out.append(.backslash) }
            escaped = false
            out.append(b)
        }
        if escaped { out.append(.backslash) }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Dates and UTC offsets

    private static func convertDate(_ p: inout Property, kind: DateAndTime.Kind, to target: VCardVersion) {
        if target == .v4 {
            if let truncated = AppleOmitYear.truncatedDate(p) {
                p.parameters.removeAll { $0.hasName(AppleOmitYear.parameterName) }
                p.value = truncated
            } else {
                p.setValueIfChanged(DateAndTime.basic(p.value, kind: kind))
            }
        } else if let (parameter, value) = AppleOmitYear.appleForm(of: p.value) {
            p.parameters.append(parameter)
            p.value = value
        } else {
            p.setValueIfChanged(DateAndTime.extended(p.value, kind: kind))
        }
    }

    /// 3.0 and 2.1 `TZ` is a UTC offset by default (RFC 2426 §3.4.1); 4.0's default is text,
    /// so an offset needs `VALUE=utc-offset` there (RFC 6350 §6.5.1).
    private static func convertOffset(_ p: inout Property, to target: VCardVersion) {
        let valueType = p.parameter("VALUE").map { ASCII.lowercased($0.value) }
        guard valueType == nil || valueType == "utc-offset", DateAndTime.isUTCOffset(p.value) else {
            // A 4.0 time zone given as text (its default type) says so in 3.0, whose
            // default is utc-offset (RFC 2426 §3.4.1); 2.1 has no VALUE for text.
            if valueType == nil, target == .v3 { p.parameters.append(Parameter(name: "VALUE", values: ["text"])) }
            return
        }
        p.parameters.removeAll { $0.hasName("VALUE") }
        if target == .v4 {
            p.value = DateAndTime.basic(p.value, kind: .utcOffset)
            p.parameters.append(Parameter(name: "VALUE", values: ["utc-offset"]))
        } else {
            p.value = DateAndTime.extended(p.value, kind: .utcOffset)
        }
    }

    // MARK: - GEO

    /// GEO in the target's form: 4.0 `geo:lat,lon`, 3.0 `lat;lon`, 2.1 `lat,lon`. A geo URI
    /// with more than that is `X-GEO` before 4.0, and `GEO` again in 4.0.
    private static func convertGeo(_ p: inout Property, to target: VCardVersion) {
        let isURI = ASCII.lowercased(String(p.value.prefix(4))) == "geo:"
        if isURI && target == .v4 {
            p.name = "GEO"
            return
        }
        guard p.hasName("GEO") else { return }
        let text = isURI ? String(p.value.dropFirst(4)) : p.value
        guard let (lat, lon) = coordinates(text, separators: isURI ? [.comma] : [.semicolon, .comma]) else {
            if isURI { p.name = "X-GEO" }  // altitude or parameters: a form 2.1 and 3.0 do not have
            return
        }
        let written =
            switch target {
            case .v4: "geo:\(lat),\(lon)"
            case .v3: "\(lat);\(lon)"
            case .v2_1: "\(lat),\(lon)"
            }
        p.setValueIfChanged(written)
    }

    /// Latitude and longitude: two decimal numbers and one separator, nothing else.
    private static func coordinates(_ text: String, separators: [UInt8]) -> (String, String)? {
        let parts = text.utf8.split(maxSplits: 2, omittingEmptySubsequences: false) { separators.contains($0) }
        guard parts.count == 2 else { return nil }
        let numbers = parts.map { String(decoding: $0, as: UTF8.self) }
        guard numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0.isDecimalByte } && Double($0) != nil }) else { return nil }
        return (numbers[0], numbers[1])
    }

    // MARK: - TEL

    private static let extensionText = " ext. "

    private static func convertTel(_ p: inout Property, to target: VCardVersion) {
        let valueType = p.parameter("VALUE").map { ASCII.lowercased($0.value) }
        if target == .v4 {
            guard valueType == nil, let uri = telURI(Escaping.unescape(p.value, for: p.version)) else { return }
            p.parameters.append(Parameter(name: "VALUE", values: ["uri"]))
            p.value = uri
            return
        }
        // A `tel:` value without `VALUE` is a URI too, as many 4.0 writers leave the parameter out.
        guard valueType == "uri" || valueType == nil, let text = telText(p.value) else { return }
        p.parameters.removeAll { $0.hasName("VALUE") }
        p.value = text
    }

    /// The `tel:` URI of a typed global number when it gives back the same text (``telText(_:)``).
    static func telURI(_ text: String) -> String? {
        var number = Substring(text), suffix = ""
        if let range = text.range(of: extensionText) {
            let digits = text[range.upperBound...]
            guard !digits.isEmpty, digits.utf8.allSatisfy(\.isASCIIDigit) else { return nil }
            number = text[..<range.lowerBound]
            suffix = ";ext=" + digits
        }
        guard number.hasPrefix("+"), number.utf8.dropFirst().contains(where: \.isASCIIDigit),
            number.utf8.dropFirst().allSatisfy({ $0.isASCIIDigit || "-.()".utf8.contains($0) })
        else { return nil }
        return "tel:" + number + suffix
    }

    /// The typed text of a `tel:` URI that has no parameter but `ext`; `nil` for any other.
    static func telText(_ uri: String) -> String? {
        guard ASCII.lowercased(String(uri.prefix(4))) == "tel:" else { return nil }
        let parts = uri.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        guard let number = parts.first, !number.isEmpty, parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return String(number) }
        let parameter = parts[1]
        guard ASCII.lowercased(String(parameter.prefix(4))) == "ext=", parameter.count > 4 else { return nil }
        return number + extensionText + parameter.dropFirst(4)
    }

    // MARK: - Structured values

    /// Appends empty components up to `count`, never removing any (RFC 9554 adds more).
    private static func pad(_ p: inout Property, to count: Int) {
        let present = Escaping.split(p.value, on: .semicolon).count
        guard present < count else { return }
        p.value += String(repeating: ";", count: count - present)
    }
}

extension Property {
    /// Sets the value only when it differs: a property left as it was stays unedited.
    fileprivate mutating func setValueIfChanged(_ new: String) {
        if new != value { value = new }
    }
}

extension UInt8 {
    fileprivate var isDecimalByte: Bool { isASCIIDigit || self == .period || self == UInt8(ascii: "-") || self == UInt8(ascii: "+") }
}
