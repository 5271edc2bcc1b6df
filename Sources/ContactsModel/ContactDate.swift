/// A calendar date whose year (or other parts) may be unknown, as birthdays often are.
///
/// Reads `1985-04-15`, `19850415`, `--0415`, `--04-15` and date-times (`1985-04-15T10:00:00Z`).
/// ```swift
/// ContactDate(vCardValue: "--0415")   // month 4, day 15, no year
/// ```
public struct ContactDate: Hashable, Sendable, CustomStringConvertible {
    /// The year, or `nil` when unknown.
    public var year: Int?
    /// The month, 1–12, or `nil` when unknown.
    public var month: Int?
    /// The day of the month, 1–31, or `nil` when unknown.
    public var day: Int?
    /// The calendar, as a vCard `CALSCALE` names it (`chinese`, `hebrew`, `islamic`); `nil` for
    /// the Gregorian calendar. Only a ``Contact/nonGregorianBirthday`` has one.
    public var calendar: String?
    /// The era, for calendars that count years in eras (the 60-year cycle of the Chinese
    /// calendar: `78` from 1984); `nil` when none.
    public var era: Int?

    /// A date from its parts; any may be `nil`.
    ///
    /// ```swift
    /// ContactDate(year: 2, month: 11, day: 1, calendar: "chinese", era: 78)   // a lunar birthday
    /// ```
    public init(year: Int? = nil, month: Int?, day: Int?, calendar: String? = nil, era: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.calendar = calendar
        self.era = era
    }

    /// Parses a vCard date; `nil` when it is not one.
    public init?(vCardValue: String) {
        var text = Substring(vCardValue.trimmingSpaces())
        if let t = text.firstIndex(of: "T") { text = text[..<t] }
        let digits = text.filter { $0 != "-" }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        if text.hasPrefix("--") {
            guard digits.count == 4, let m = Int(digits.prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
            self.init(year: nil, month: m, day: d)
        } else if digits.count == 8 {
            guard let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
            self.init(year: y, month: m, day: d)
        } else if digits.count == 4, let y = Int(digits) {
            self.init(year: y, month: nil, day: nil)
        } else {
            return nil
        }
        guard (month.map { 1...12 ~= $0 } ?? true), (day.map { 1...31 ~= $0 } ?? true) else { return nil }
    }

    /// `YYYY-MM-DD`, or `--MMDD` without a year (the 4.0 form).
    public var vCardValue: String {
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "" }
        guard let year else { return "--" + two(month) + two(day) }
        let y = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        guard month != nil else { return y }
        return "\(y)-\(two(month))-\(two(day))"
    }

    /// The vCard form (``vCardValue``).
    public var description: String { vCardValue }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
