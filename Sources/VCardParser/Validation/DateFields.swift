/// The fields of an RFC 6350 date, time, date-time or UTC offset, checked against the calendar
/// and the clock: a value can be written correctly (``DateAndTime`` recognizes its shape) and
/// still name a day that never was.
///
/// Leap years are Gregorian: 2024 and 2000 have a February 29, 1900 and 2026 do not. A date
/// without a year (`--0229`) may be February 29. Hours run 00–23, minutes 00–59, seconds 00–60
/// (a leap second), UTC offsets ±00:00 to ±23:59 (RFC 6350 §4.3, §4.7; ISO 8601).
///
/// ```swift
/// DateFields.impossibility(in: "2026-02-30")    // "day 30 of month 2 does not exist in 2026"
/// DateFields.impossibility(in: "--0229")        // nil
/// ```
enum DateFields {
    /// What does not exist in `value`, a date-and-or-time in basic or extended format (a lone
    /// time starts with `T`); `nil` when every field exists.
    static func impossibility(in value: String) -> String? {
        let bytes = Array(value.utf8)
        let t = bytes.firstIndex(of: 0x54) ?? bytes.endIndex
        if t > 0, let problem = dateProblem(bytes[..<t]) { return problem }
        guard t < bytes.endIndex else { return nil }
        return timeProblem(bytes[(t + 1)...])
    }

    /// What does not exist in a UTC offset (`-0500`, `+05:30`, `Z`); `nil` when it exists.
    static func offsetImpossibility(in value: String) -> String? {
        zoneProblem(Array(value.utf8)[...])
    }

    private static func dateProblem(_ date: ArraySlice<UInt8>) -> String? {
        let dashes = date.prefix { $0 == 0x2D }.count
        let digits = Array(date.dropFirst(dashes).filter { $0 != 0x2D })
        var year: Int?, month: Int?, day: Int?
        switch (dashes, digits.count) {
        case (0, 4): year = number(digits, 0)
        case (0, 6): (year, month) = (number(digits, 0, 4), number(digits, 4))
        case (0, 8): (year, month, day) = (number(digits, 0, 4), number(digits, 4), number(digits, 6))
        case (2, 2): month = number(digits, 0)
        case (2, 4): (month, day) = (number(digits, 0), number(digits, 2))
        case (3, 2): day = number(digits, 0)
        default: return nil
        }
        if let month, !(1...12).contains(month) { return "month \(month) does not exist" }
        guard let day else { return nil }
        let last = month.map { daysIn(month: $0, year: year) } ?? 31
        guard (1...last).contains(day) else {
            let of = month.map { " of month \($0)" } ?? ""
            return "day \(day)\(of) does not exist" + (year.map { " in \($0)" } ?? "")
        }
        return nil
    }

    private static func timeProblem(_ time: ArraySlice<UInt8>) -> String? {
        let dashes = time.prefix { $0 == 0x2D }.count
        let rest = time.dropFirst(dashes)
        let zoneStart = rest.firstIndex { $0 == 0x5A || $0 == 0x7A || $0 == 0x2B || $0 == 0x2D } ?? rest.endIndex
        let clock = rest[..<zoneStart].prefix { $0 != 0x2E && $0 != 0x2C }.filter { $0 != 0x3A }
        let names = ["hour", "minute", "second"].dropFirst(dashes)
        let limits = [23, 59, 60].dropFirst(dashes)
        for (index, (name, limit)) in zip(names, limits).enumerated() where index * 2 + 2 <= clock.count {
            let field = number(Array(clock), index * 2)
            if field > limit { return "\(name) \(field) does not exist" }
        }
        return zoneStart < rest.endIndex ? zoneProblem(rest[zoneStart...]) : nil
    }

    private static func zoneProblem(_ zone: ArraySlice<UInt8>) -> String? {
        guard let sign = zone.first, sign == 0x2B || sign == 0x2D else { return nil }
        let digits = Array(zone.dropFirst().filter { $0 != 0x3A })
        guard digits.count >= 2 else { return nil }
        if number(digits, 0) > 23 { return "UTC offset hour \(number(digits, 0)) does not exist" }
        if digits.count >= 4, number(digits, 2) > 59 { return "UTC offset minute \(number(digits, 2)) does not exist" }
        return nil
    }

    /// Whether `bytes` are a whole date, or date-time in UTC or local time, in one of the two
    /// shapes nearly every card writes (`YYYYMMDD[THHMMSS[Z]]`, `YYYY-MM-DD[THH:MM:SS[Z]]`),
    /// with every field existing; checked on bytes, for the validator's common case.
    static func isPlainDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let extended = bytes.count > 4 && bytes[4] == 0x2D
        let dateCount = extended ? 10 : 8, timeCount = extended ? 8 : 6
        let count = bytes.count
        guard count == dateCount || count == dateCount + 1 + timeCount || count == dateCount + 2 + timeCount else { return false }
        @inline(__always)
        func digits(_ start: Int, _ n: Int) -> Int? {
            var value = 0
            for i in start..<(start + n) {
                let d = bytes[i] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
            }
            return value
        }
        let step = extended ? 1 : 0
        guard !extended || (bytes[7] == 0x2D), let year = digits(0, 4), let month = digits(4 + step, 2), let day = digits(6 + 2 * step, 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return false }
        guard count > dateCount else { return true }
        let t = dateCount
        guard bytes[t] == 0x54, !extended || (bytes[t + 3] == 0x3A && bytes[t + 6] == 0x3A),
            let hour = digits(t + 1, 2), let minute = digits(t + 3 + step, 2), let second = digits(t + 5 + 2 * step, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        return count == t + 1 + timeCount || bytes[count - 1] == 0x5A
    }

    /// The days of `month` (1–12); February has 29 in a leap year and when the year is not known.
    static func daysIn(month: Int, year: Int?) -> Int {
        switch month {
        case 2: year.map { $0 % 4 == 0 && ($0 % 100 != 0 || $0 % 400 == 0) } ?? true ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The decimal number of the `count` digits at `start` (the shapes were checked before).
    private static func number(_ digits: [UInt8], _ start: Int, _ count: Int = 2) -> Int {
        digits[start..<min(start + count, digits.count)].reduce(0) { $0 * 10 + Int($1 &- 0x30) }
    }
}
