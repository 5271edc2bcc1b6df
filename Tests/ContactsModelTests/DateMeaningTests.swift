import Testing
@testable import ContactsModel

/// ``DateMeaning``: which spellings of a date, time or UTC offset mean the same (RFC 6350 §4.3,
/// RFC 2426 §4, ISO 8601 §4.2.5.2 for instants in other zones).
@Suite struct DateMeaningTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var a: String, b: String, type: String
        var testDescription: String { "\(type): \(a) vs \(b)" }
        init(_ a: String, _ b: String, _ type: String = "date-and-or-time") { (self.a, self.b, self.type) = (a, b, type) }
    }

    @Test(arguments: [
        Case("20000229T2330-0100", "2000-03-01T00:30Z"),  // leap day, into March
        Case("19991231T2300-0100", "2000-01-01T00:00Z"),  // into a new year
        Case("20000101T0030+0100", "19991231T2330Z"),  // back over a year
        Case("20090808T14-0500", "20090808T19Z"),  // hour precision, whole-hour zone
        Case("T102200Z", "T10:22:00+00:00", "time"),
        Case("102200", "10:22:00", "time"),
        Case("-2200", "-22:00", "time"),  // truncated: minute and second
        Case("---15", "---15", "date"),
        Case("1985-04", "1985-04", "date"),
        Case("Z", "+00:00", "utc-offset"),
        Case("+0530", "+05:30", "utc-offset"),
    ])
    func sameMeaning(_ c: Case) throws {
        let a = try #require(DateMeaning.key(c.a, type: c.type))
        #expect(a == DateMeaning.key(c.b, type: c.type))
    }

    @Test(arguments: [
        Case("1985", "19850101"),  // precision
        Case("T1430", "T143000"),
        Case("20090808T1430", "20090808T1430Z"),  // local time is not UTC
        Case("20090808T14-0030", "20090808T1430Z"),  // an hour-only time in a half-hour zone stays as written
        Case("--0415", "19850415"),  // no year
        Case("-0500", "-0400", "utc-offset"),
        Case("20230230T1000-0100", "20230302T1100Z"),  // 30 February is not moved into March
    ])
    func differentMeaning(_ c: Case) {
        #expect(DateMeaning.key(c.a, type: c.type) != DateMeaning.key(c.b, type: c.type))
    }

    @Test(arguments: ["1985-4-12", "19851312", "T2561", "+2500", "12345", "tomorrow", "", "T"])
    func notADate(_ value: String) {
        #expect(DateMeaning.key(value, type: value.hasPrefix("+") ? "utc-offset" : "date-and-or-time") == nil)
    }
}
