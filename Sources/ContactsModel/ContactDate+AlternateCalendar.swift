import VCardParser

extension ContactDate {
    /// The name of Apple's line for a birthday in another calendar:
    /// `X-ALTBDAY;CALSCALE=chinese:007800021101`.
    static let alternateBirthdayName = "X-ALTBDAY"

    /// Reads Apple's `X-ALTBDAY` line: the calendar from `CALSCALE`, and a value of twelve
    /// digits, era (4), year (4), month (2) and day (2), or any date ``init(vCardValue:)`` reads.
    init?(alternateBirthday property: Property) {
        let digits = Array(property.value.utf8)
        let calendar = property.parameter("CALSCALE")?.values.first
        if digits.count == 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            func number(_ range: Range<Int>) -> Int { Int(String(decoding: digits[range], as: UTF8.self))! }
            let (month, day) = (number(8..<10), number(10..<12))
            guard 1...13 ~= month, 1...31 ~= day else { return nil }
            self.init(year: number(4..<8), month: month, day: day, calendar: calendar, era: number(0..<4))
        } else {
            guard let date = ContactDate(vCardValue: property.value) else { return nil }
            self = date
            self.calendar = calendar
        }
    }

    /// The `X-ALTBDAY` line for this date (see ``init(alternateBirthday:)``), editing `existing`.
    func alternateBirthdayProperty(_ version: VCardVersion, from existing: Property? = nil) -> Property {
        var p = existing ?? Property(name: Self.alternateBirthdayName, value: "", version: version)
        if p.parameter("CALSCALE")?.values.first != calendar {
            p.parameters.removeAll { $0.hasName("CALSCALE") }
            if let calendar { p.parameters.append(Parameter(name: "CALSCALE", values: [calendar])) }
        }
        if let era, let year, let month, let day {
            func digits(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
            p.value = digits(era, 4) + digits(year, 4) + digits(month, 2) + digits(day, 2)
        } else {
            p.value = vCardValue
        }
        return p
    }
}
