/// What a date, time, date-time, timestamp or UTC offset means, as a key that two values share
/// exactly when they mean the same: ISO 8601 basic and extended format alike (`19061209` and
/// `1906-12-09`, `T102200` and `T10:22:00`, `-0500` and `-05:00`), `Z` the same as `+00`, `+0000`
/// and `+00:00`, `,` the same as `.` before a fraction and trailing zeros of a fraction dropped,
/// and a complete date and time with a zone taken as the instant it names
/// (`20090808T143000-0500` is `20090808T193000Z`).
///
/// Precision and the lack of a zone keep their meaning: `1985` is not `19850101`, `T1430` is not
/// `T143000`, and a local time is not a UTC one. RFC 6350 §4.3, RFC 2426 §3.1.5, §3.6.4 and
/// §4 (`date`, `date-time`, `utc-offset`), vCard 2.1 §2.2.1 and §2.2.8.
///
/// ```swift
/// DateMeaning.key("19061209", type: "date") == DateMeaning.key("1906-12-09", type: "date")   // true
/// DateMeaning.offsetMinutes("-05:00")   // -300
/// ```
package enum DateMeaning {
    /// The key of `value` read as `type` (`date`, `time`, `date-time`, `date-and-or-time`,
    /// `timestamp` or `utc-offset`); `nil` for another type or a value that is not one.
    package static func key(_ value: String, type: String) -> String? {
        switch type {
        case "utc-offset":
            return offsetMinutes(value).map { "offset \($0)" }
        case "date", "time", "date-time", "date-and-or-time", "timestamp":
            guard var parts = Parts(Array(value.utf8), timeOnly: type == "time") else { return nil }
            parts.moveToUTC()
            return parts.key
        default:
            return nil
        }
    }

    /// The minutes east of UTC of `Z`, `±hh`, `±hhmm` or `±hh:mm`; `nil` when it is none.
    package static func offsetMinutes(_ value: String) -> Int? { offset(Array(value.utf8)[...]) }

    private static func offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.elementsEqual("Z".utf8) || bytes.elementsEqual("z".utf8) { return 0 }
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var digits = bytes.dropFirst()
        if digits.count == 5, digits[digits.startIndex + 2] == UInt8(ascii: ":") {
            digits = digits.prefix(2) + digits.suffix(2)
        }
        guard digits.count == 2 || digits.count == 4, let hours = number(digits.prefix(2)), hours <= 23,
            let minutes = digits.count == 4 ? number(digits.suffix(2)) : 0, minutes <= 59
        else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// The value of a run of ASCII digits.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The fields of a date and/or time; `nil` where the value leaves one out.
    private struct Parts {
        var year: Int?, month: Int?, day: Int?
        var hour: Int?, minute: Int?, second: Int?
        var fraction: [UInt8] = []
        var zone: Int?

        init?(_ bytes: [UInt8], timeOnly: Bool) {
            let t = bytes.firstIndex { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }
            let date = t.map { bytes[..<$0] } ?? (timeOnly ? [] : bytes[...])
            let time = t.map { bytes[($0 + 1)...] } ?? (timeOnly ? bytes[...] : [])
            guard !date.isEmpty || !time.isEmpty else { return nil }
            if !date.isEmpty, !readDate(date) { return nil }
            if t != nil || timeOnly, !readTime(time) { return nil }
        }

        /// `YYYY`, `YYYY-MM`, `YYYYMMDD`, `YYYY-MM-DD`, `--MM`, `--MMDD`, `--MM-DD`, `---DD`.
        private mutating func readDate(_ bytes: ArraySlice<UInt8>) -> Bool {
            let dashes = bytes.prefix { $0 == UInt8(ascii: "-") }.count
            let groups = bytes.dropFirst(dashes).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            let sizes = groups.map(\.count)
            let digits = groups.joined()
            func field(_ from: Int, _ count: Int) -> Int? {
                number(ArraySlice(digits.dropFirst(from).prefix(count)))
            }
            switch (dashes, sizes) {
            case (0, [4]): year = field(0, 4)
            case (0, [4, 2]): (year, month) = (field(0, 4), field(4, 2))
            case (0, [8]), (0, [4, 2, 2]): (year, month, day) = (field(0, 4), field(4, 2), field(6, 2))
            case (2, [2]): month = field(0, 2)
            case (2, [4]), (2, [2, 2]): (month, day) = (field(0, 2), field(2, 2))
            case (3, [2]): day = field(0, 2)
            default: return false
            }
            guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            return (month.map { 1...12 ~= $0 } ?? true) && (day.map { 1...31 ~= $0 } ?? true)
        }

        /// `hh`, `hhmm`, `hhmmss`, `hh:mm:ss`, truncated `-mm`, `-mmss`, `--ss`, each with an
        /// optional fraction and zone.
        private mutating func readTime(_ bytes: ArraySlice<UInt8>) -> Bool {
            let dashes = bytes.prefix { $0 == UInt8(ascii: "-") }.count
            guard dashes <= 2 else { return false }
            let rest = bytes.dropFirst(dashes)
            let clock = rest.prefix { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
            let zoneBytes = rest.dropFirst(clock.count)
            if !zoneBytes.isEmpty {
                guard let zone = offset(zoneBytes) else { return false }
                self.zone = zone
            }
            let point = clock.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
            let whole = clock[..<(point ?? clock.endIndex)].filter { $0 != UInt8(ascii: ":") }
            if let point {
                fraction = Array(clock[(point + 1)...])
                guard !fraction.isEmpty, number(fraction[...]) != nil else { return false }
                while fraction.last == 0x30 { fraction.removeLast() }
            }
            guard !whole.isEmpty, whole.count % 2 == 0, whole.count / 2 <= 3 - dashes,
                clock.filter({ $0 == UInt8(ascii: ":") }).count <= whole.count / 2 - 1
            else { return false }
            var fields = stride(from: 0, to: whole.count, by: 2).map { number(whole[$0..<$0 + 2]) }
            fields = Array(repeating: nil, count: dashes) + fields
            while fields.count < 3 { fields.append(nil) }
            (hour, minute, second) = (fields[0], fields[1], fields[2])
            return (hour.map { $0 <= 24 } ?? true) && (minute.map { $0 <= 59 } ?? true) && (second.map { $0 <= 60 } ?? true)
        }

        /// A complete date and a time with a zone, as the same instant in UTC.
        mutating func moveToUTC() {
            guard let zone, zone != 0, let year, let month, let day, let hour, minute != nil || zone % 60 == 0 else { return }
            let days = Self.days(year, month, day)
            guard Self.civil(days) == (year, month, day) else { return }  // 30 February stays as written
            let (q, r) = (days * 1440 + hour * 60 + (minute ?? 0) - zone).quotientAndRemainder(dividingBy: 1440)
            let (utcDays, minutes) = r < 0 ? (q - 1, r + 1440) : (q, r)
            (self.year, self.month, self.day) = Self.civil(utcDays)
            self.hour = minutes / 60
            if minute != nil { self.minute = minutes % 60 }
            self.zone = 0
        }

        var key: String {
            [year, month, day, hour, minute, second, zone].map { $0.map(String.init) ?? "_" }.joined(separator: ",")
                + "." + String(decoding: fraction, as: UTF8.self)
        }

        /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
        private static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        }

        /// The date `days` after 1970-01-01 (`civil_from_days`).
        private static func civil(_ days: Int) -> (Int, Int, Int) {
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let m = (5 * dayOfYear + 2) / 153
            let month = m < 10 ? m + 3 : m - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * m + 2) / 5 + 1)
        }
    }
}
