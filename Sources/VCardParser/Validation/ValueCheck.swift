/// The check of each value type of RFC 6350 §4 that has a shape to check, in one place: the
/// validator applies it to every property of that type, whichever the property (the type comes
/// from ``PropertyRules/valueType(in:)`` or the `VALUE` parameter) and to typed parameters.
///
/// ```swift
/// ValueCheck.problem(in: "2026-02-30", ofType: "date-and-or-time")?.code   // .impossibleDate
/// ValueCheck.problem(in: "example.com", ofType: "uri")?.code               // .badURI
/// ```
enum ValueCheck {
    /// A problem: its code and what is wrong, for people.
    struct Problem: Equatable {
        var code: DiagnosticCode
        var message: String
    }

    /// The types this enum checks; the others (`text`, `phone-number`, `float`…) have none.
    static let checkedTypes = ["date", "time", "date-time", "date-and-or-time", "timestamp", "utc-offset", "uri", "language-tag"]

    /// Whether `type` is one of ``checkedTypes`` (asked while the tables are built, not per line).
    static func checks(_ type: String) -> Bool { checkedTypes.contains(type) }

    /// The shape of each checked type by its name in any case, and `url` (2.1's `uri`): what a
    /// `VALUE` parameter's bytes declare, looked up without making a string.
    static let plainShapesByName = NameTable(checkedTypes.map { ($0, PlainShape(ofType: $0)) } + [("url", PlainShape.uri)])

    /// The problem with `value` read as a value of `type`, or `nil` when it is one.
    ///
    /// A date whose shape is wrong is `bad-date` (readers guess, as for `1985-4-12`); a
    /// well-formed date that does not exist is `impossible-date`. A date-typed value is accepted
    /// in any of the date forms (3.0 writers put a date-time in BDAY).
    static func problem(in value: String, ofType type: String) -> Problem? {
        let v = trimmingSpaces(value)
        switch type {
        case "date", "date-time", "date-and-or-time", "timestamp", "time":
            let form = type == "time" && !v.hasPrefix("T") ? "T" + v : v
            guard DateAndTime.isDateAndOrTime(form) else {
                return Problem(code: .badDate, message: "value '\(value)' is not a date or date-time")
            }
            return DateFields.impossibility(in: form).map {
                Problem(code: .impossibleDate, message: "value '\(value)' is not a real date or time: \($0)")
            }
        case "utc-offset":
            guard DateAndTime.isUTCOffset(v) else {
                return Problem(code: .badValue, message: "value '\(value)' is not a UTC offset (-05:00)")
            }
            return DateFields.offsetImpossibility(in: v).map {
                Problem(code: .impossibleDate, message: "value '\(value)' is not a real UTC offset: \($0)")
            }
        case "uri":
            // Text escapes in a URI (`http\://`, Apple and Google 3.0) are read away, as everywhere.
            return hasScheme(ValueConversion.uriUnescaped(v))
                ? nil
                : Problem(code: .badURI, message: "value '\(value)' is not a URI: it has no scheme (https:, mailto:, urn:…)")
        case "language-tag":
            return isLanguageTag(v)
                ? nil
                : Problem(code: .badValue, message: "value '\(value)' is not a language tag (en, de-CH)")
        default:
            return nil
        }
    }

    /// Whether the value's bytes are, at a glance, a valid value of `type`: the shapes almost
    /// every value has (`2015-01-22T20:45:16Z`, `20160603T124934Z`, `1985-04-12`; a URI with a
    /// scheme and no backslash), checked on bytes. `false` says only "look closer": the caller
    /// then asks ``problem(in:ofType:)``, which gives the same verdict on these shapes.
    static func isPlainlyValid(_ bytes: UnsafeBufferPointer<UInt8>, ofType type: String) -> Bool {
        isPlainlyValid(bytes, PlainShape(ofType: type))
    }

    /// The shapes ``isPlainlyValid(_:ofType:)`` knows on bytes, one for each group of types;
    /// worked out once per type, so that a check on every line compares no strings.
    enum PlainShape: Sendable, Equatable {
        case dateOrTimestamp, uri
        /// None: every value of the type is looked at closer.
        case none

        init(ofType type: String) {
            switch type {
            case "date", "date-time", "date-and-or-time", "timestamp": self = .dateOrTimestamp
            case "uri": self = .uri
            default: self = .none
            }
        }
    }

    /// ``isPlainlyValid(_:ofType:)`` for a type's shape.
    @inline(__always)
    static func isPlainlyValid(_ bytes: UnsafeBufferPointer<UInt8>, _ shape: PlainShape) -> Bool {
        switch shape {
        case .dateOrTimestamp: return DateFields.isPlainDateTime(bytes)
        case .uri:
            guard let colon = bytes.firstIndex(of: .colon), colon > 0, !bytes.contains(.backslash), bytes[0] != .space else { return false }
            return bytes[0].isASCIILetter && bytes[..<colon].allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == .period }
        case .none: return false
        }
    }

    /// `value` without spaces at either end; itself, not a copy, when it has none.
    private static func trimmingSpaces(_ value: String) -> String {
        let utf8 = value.utf8
        guard utf8.first == .space || utf8.last == .space else { return value }
        guard let first = utf8.firstIndex(where: { $0 != .space }), let last = utf8.lastIndex(where: { $0 != .space }) else { return "" }
        return String(value[first...last])
    }

    /// RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.utf8.firstIndex(of: .colon), colon != value.utf8.startIndex else { return false }
        let scheme = value.utf8[..<colon]
        return scheme.first?.isASCIILetter == true
            && scheme.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == .period }
    }

    /// The shape of RFC 5646 §2.1: subtags of 1 to 8 letters or digits joined by `-`, the first
    /// letters only (`en`, `de-CH`, `zh-Hant-TW`, `x-klingon`).
    static func isLanguageTag(_ value: String) -> Bool {
        isLanguageTag(bytes: value.utf8)
    }

    /// ``isLanguageTag(_:)`` on the UTF-8 of a value, in one pass.
    static func isLanguageTag<Bytes: Sequence<UInt8>>(bytes: Bytes) -> Bool {
        var length = 0, isFirst = true
        for b in bytes {
            if b == 0x2D {
                guard length > 0 else { return false }
                length = 0
                isFirst = false
            } else {
                guard length < 8, b.isASCIILetter || (!isFirst && b.isASCIIDigit) else { return false }
                length += 1
            }
        }
        return length > 0
    }
}
