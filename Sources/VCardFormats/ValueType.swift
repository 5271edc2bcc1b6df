import VCardParser

/// The value type of a property (RFC 6350 §4), as jCard and xCard name it: `text`, `uri`, `date`…
///
/// It is an open set: a `VALUE=x-something` that no RFC defines keeps its name. In a vCard the
/// type is the `VALUE` parameter, or the property's default when there is none (``default(for:)``);
/// in jCard it is the third element of a property, in xCard the name of the value element.
///
/// ```swift
/// ValueType.default(for: "BDAY")    // .dateAndOrTime
/// ValueType(rawValue: "uri")        // .uri
/// ```
///
/// RFC 7095 §3.5 and §5, RFC 6351 §3.4.
public struct ValueType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The lower-case name (`date-and-or-time`).
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = Text.lowercased(rawValue) }
    public var description: String { rawValue }

    public static let text = ValueType(rawValue: "text")
    public static let uri = ValueType(rawValue: "uri")
    public static let date = ValueType(rawValue: "date")
    public static let time = ValueType(rawValue: "time")
    public static let dateTime = ValueType(rawValue: "date-time")
    public static let dateAndOrTime = ValueType(rawValue: "date-and-or-time")
    public static let timestamp = ValueType(rawValue: "timestamp")
    public static let boolean = ValueType(rawValue: "boolean")
    public static let integer = ValueType(rawValue: "integer")
    public static let float = ValueType(rawValue: "float")
    public static let utcOffset = ValueType(rawValue: "utc-offset")
    public static let languageTag = ValueType(rawValue: "language-tag")
    /// The type of a property that neither has a `VALUE` nor a known default (RFC 7095 §5).
    public static let unknown = ValueType(rawValue: "unknown")

    /// The types defined by RFC 6350 plus `unknown`.
    public static let known: [ValueType] = [
        .text, .uri, .date, .time, .dateTime, .dateAndOrTime, .timestamp, .boolean, .integer, .float, .utcOffset,
        .languageTag, .unknown,
    ]

    /// Whether the value is one of the date and time types, written in ISO 8601 basic format in
    /// vCard and xCard and in extended format in jCard.
    public var isDateOrTime: Bool {
        self == .date || self == .time || self == .dateTime || self == .dateAndOrTime || self == .timestamp
    }

    /// The type a 4.0 property has without a `VALUE` parameter, from `VCardParser.PropertyRules`
    /// (RFC 6350 §6, RFC 6474, RFC 6715, RFC 9554); `unknown` for names no RFC defines (`X-`
    /// properties).
    public static func `default`(for name: String) -> ValueType {
        PropertyRules.of(name)?.valueType.map(ValueType.init(rawValue:)) ?? .unknown
    }

    /// The type of a 4.0 value written without `VALUE`, looking at the value where writers commonly
    /// leave the parameter out: `TZ:-0500` is a UTC offset (the RFC 6350 §8 example writes it so),
    /// and a `BDAY` or `REV` that is no date is text.
    static func inferred(name: String, value: String) -> ValueType {
        let type = ValueType.default(for: name)
        switch type {
        case .text where Property.Name(name) == "TZ":
            return DateAndTime.isUTCOffset(value) ? .utcOffset : .text
        case .dateAndOrTime:
            return DateAndTime.isDateAndOrTime(value) ? .dateAndOrTime : .text
        case .timestamp:
            if DateAndTime.isDateTime(value) { return .timestamp }
            return DateAndTime.isDateAndOrTime(value) ? .dateAndOrTime : .text
        default:
            return type
        }
    }

    /// The type of `property` (a 4.0 property, or one converted to 4.0): its `VALUE`, else inferred.
    /// 2.1's `VALUE=URL` is `uri` and its `VALUE=INLINE` the same as none; a type no RFC defines
    /// keeps its name, and its value is copied as it is.
    static func of(_ property: Property) -> ValueType {
        if let value = property.parameter("VALUE")?.values.first, !value.isEmpty {
            let type = ValueType(rawValue: value)
            switch type.rawValue {
            case "url": return .uri
            case "inline": break
            default: return type
            }
        }
        return inferred(name: property.name, value: property.value)
    }

    /// Whether values of this type are copied as they are, without escaping: `unknown`, and types
    /// no RFC defines.
    var isVerbatim: Bool { self == .unknown || !ValueType.known.contains(self) }

    /// Whether a 4.0 property called `name` with a value of this type needs a `VALUE` parameter:
    /// whenever the type is not the property's default, except a UTC offset in `TZ`, which the
    /// RFC 6350 §8 example writes without one. `unknown` never has one (RFC 7095 §5).
    func needsValueParameter(name: String) -> Bool {
        guard self != .unknown, self != ValueType.default(for: name) else { return false }
        return !(self == .utcOffset && Property.Name(name) == "TZ")
    }
}
