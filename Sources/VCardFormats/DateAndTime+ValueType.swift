import VCardParser

extension DateAndTime {
    /// `value` of `type` in extended format (jCard); a type that is no date or time leaves it as it is.
    static func extended(_ value: String, type: ValueType) -> String {
        type.dateKind.map { extended(value, kind: $0) } ?? value
    }

    /// `value` of `type` in basic format (vCard, xCard); a type that is no date or time leaves it as it is.
    static func basic(_ value: String, type: ValueType) -> String {
        type.dateKind.map { basic(value, kind: $0) } ?? value
    }
}

extension ValueType {
    /// The date and time kind of this type; `nil` for types that are no date, time or UTC offset.
    var dateKind: DateAndTime.Kind? {
        switch self {
        case .date: .date
        case .time: .time
        case .dateTime, .timestamp, .dateAndOrTime: .dateAndOrTime
        case .utcOffset: .utcOffset
        default: nil
        }
    }
}
