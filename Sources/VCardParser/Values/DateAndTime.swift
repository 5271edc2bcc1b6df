/// The two spellings of RFC 6350 dates and times: ISO 8601 basic format (`19850412`,
/// `20090808T1430-0500`, `-0500`), which vCard and xCard use, and extended format (`1985-04-12`,
/// `2009-08-08T14:30-05:00`, `-05:00`), which jCard uses (RFC 7095 §3.5.3–3.5.8).
///
/// Both conversions keep the precision and the truncation they are given (`--0203` ↔ `--02-03`,
/// `T1022` ↔ `T10:22`), accept either spelling as input, and leave a value that is not a date or
/// time unchanged, so no text is ever lost.
///
/// ```swift
/// DateAndTime.basic("1906-12-09", kind: .dateAndOrTime)   // "19061209"
/// DateAndTime.extended("-0500", kind: .utcOffset)        // "-05:00"
/// ```
package enum DateAndTime {
    /// Which of the RFC 6350 §4.3 value types a value is read as.
    package enum Kind: Sendable {
        /// `date` (§4.3.1).
        case date
        /// `time` (§4.3.2).
        case time
        /// `date-time`, `timestamp` and `date-and-or-time` (§4.3.3–4.3.5).
        case dateAndOrTime
        /// `utc-offset` (§4.7).
        case utcOffset
    }

    // MARK: - Extended format (jCard)

    /// `value` of `kind` in extended format.
    package static func extended(_ value: String, kind: Kind) -> String {
        switch kind {
        case .date: return extendedDate(value) ?? value
        case .time: return extendedTime(value) ?? value
        case .utcOffset: return extendedZone(value) ?? value
        case .dateAndOrTime: return extendedDateAndOrTime(value) ?? value
        }
    }

    private static func extendedDateAndOrTime(_ value: String) -> String? {
        guard let t = value.firstIndex(of: "T") else { return extendedDate(value) }
        let date = value[..<t], time = value[value.index(after: t)...]
        guard let extendedTime = extendedTime(String(time)) else { return nil }
        if date.isEmpty { return "T" + extendedTime }
        guard let extendedDate = extendedDate(String(date)) else { return nil }
        return extendedDate + "T" + extendedTime
    }

    /// `19850412` → `1985-04-12`, `--0412` → `--04-12`; `1985`, `1985-04`, `--04`, `---12` stay.
    private static func extendedDate(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        if isExtendedDate(bytes) { return value }
        let dashes = bytes.prefix { $0 == 0x2D }.count
        let digits = bytes.dropFirst(dashes)
        guard digits.allSatisfy(\.isASCIIDigit) else { return nil }
        switch (dashes, digits.count) {
        case (0, 8): return String(decoding: digits.prefix(4) + [0x2D] + digits.dropFirst(4).prefix(2) + [0x2D] + digits.suffix(2), as: UTF8.self)
        case (2, 4): return "--" + String(decoding: digits.prefix(2) + [0x2D] + digits.suffix(2), as: UTF8.self)
        default: return nil
        }
    }

    /// `102200` → `10:22:00`, `-2200` → `-22:00`, `1022Z` → `10:22Z`, `10-0500` → `10-05:00`.
    private static func extendedTime(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        let dashes = bytes.prefix { $0 == 0x2D }.count
        guard dashes <= 2 else { return nil }
        let rest = bytes.dropFirst(dashes)
        let digitCount = rest.prefix { $0.isASCIIDigit || $0 == 0x3A || $0 == 0x2E || $0 == 0x2C }.count
        let clock = rest.prefix(digitCount)
        let zone = rest.dropFirst(digitCount)
        guard !clock.isEmpty, let zoneText = zone.isEmpty ? "" : extendedZone(String(decoding: zone, as: UTF8.self)) else {
            return nil
        }
        let clockText: String
        if clock.contains(0x3A) {
            clockText = String(decoding: clock, as: UTF8.self)
        } else {
            // Pairs of digits, and a decimal fraction on the last one.
            let whole = clock.prefix(while: \.isASCIIDigit)
            guard whole.count % 2 == 0, whole.count <= 6 - 2 * dashes else { return nil }
            var parts: [String] = []
            var i = whole.startIndex
            while i < whole.endIndex {
                parts.append(String(decoding: whole[i..<i + 2], as: UTF8.self))
                i += 2
            }
            clockText = parts.joined(separator: ":") + String(decoding: clock.dropFirst(whole.count), as: UTF8.self)
        }
        return String(repeating: "-", count: dashes) + clockText + zoneText
    }

    /// `-0500` → `-05:00`; `Z`, `+01`, `-05:00` stay.
    private static func extendedZone(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        if bytes == [0x5A] { return value }
        guard let sign = bytes.first, sign == 0x2B || sign == 0x2D else { return nil }
        let digits = bytes.dropFirst()
        if digits.count == 5, digits[digits.startIndex + 2] == 0x3A, digits.filter(\.isASCIIDigit).count == 4 { return value }
        guard digits.allSatisfy(\.isASCIIDigit) else { return nil }
        switch digits.count {
        case 2: return value
        case 4: return String(decoding: [sign] + digits.prefix(2) + [0x3A] + digits.suffix(2), as: UTF8.self)
        default: return nil
        }
    }

    // MARK: - Basic format (vCard, xCard)

    /// `value` of `kind` in basic format: `-` left out between date fields and `:` everywhere.
    package static func basic(_ value: String, kind: Kind) -> String {
        if kind == .utcOffset || kind == .time { return isTimeLike(value) ? value.replacingColons() : value }
        guard isDateAndOrTime(value) else { return value }
        guard let t = value.firstIndex(of: "T") else { return basicDate(value) }
        return basicDate(String(value[..<t])) + "T" + String(value[value.index(after: t)...]).replacingColons()
    }

    /// `1985-04-12` → `19850412`, `--04-12` → `--0412`; a lone year-month `1985-04` keeps its dash
    /// (RFC 6350 writes it so, as `198504` would be ambiguous).
    private static func basicDate(_ date: String) -> String {
        let bytes = Array(date.utf8)
        let dashes = bytes.prefix { $0 == 0x2D }.count
        let rest = bytes.dropFirst(dashes)
        if dashes == 0, rest.count == 7, rest.filter({ $0 == 0x2D }).count == 1 { return date }
        return String(decoding: bytes.prefix(dashes) + rest.filter { $0 != 0x2D }, as: UTF8.self)
    }

    // MARK: - Recognizing values

    /// Whether `value` is a date, a date-time or a `T`-prefixed time, in either format.
    package static func isDateAndOrTime(_ value: String) -> Bool {
        // Split at the byte: searching by character costs more than the checks, and a T with a
        // combining mark after it makes no date or time either way.
        guard let t = value.utf8.firstIndex(of: UInt8(ascii: "T")) else { return isDate(value) }
        let date = String(value[..<t]), time = String(value[value.utf8.index(after: t)...])
        return (date.isEmpty || isDate(date)) && extendedTime(time) != nil
    }

    /// Whether `value` is a complete date and time (`19961022T140000Z`, `1996-10-22T14:00:00Z`).
    package static func isDateTime(_ value: String) -> Bool {
        guard let t = value.utf8.firstIndex(of: UInt8(ascii: "T")), t != value.startIndex else { return false }
        return isDate(String(value[..<t])) && extendedTime(String(value[value.utf8.index(after: t)...])) != nil
    }

    /// Whether `value` is a UTC offset (`-0500`, `+01`, `-05:00`, `Z`).
    package static func isUTCOffset(_ value: String) -> Bool { extendedZone(value) != nil }

    private static func isDate(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        if isExtendedDate(bytes) { return true }
        let dashes = bytes.prefix { $0 == 0x2D }.count
        let digits = bytes.dropFirst(dashes)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return false }
        switch dashes {
        case 0: return digits.count == 4 || digits.count == 8
        case 2: return digits.count == 2 || digits.count == 4
        case 3: return digits.count == 2
        default: return false
        }
    }

    /// `1985-04-12`, `1985-04`, `--04-12`.
    private static func isExtendedDate(_ bytes: [UInt8]) -> Bool {
        func matches(_ pattern: String) -> Bool {
            let p = Array(pattern.utf8)
            return p.count == bytes.count && zip(p, bytes).allSatisfy { $0 == 0x39 ? $1.isASCIIDigit : $0 == $1 }
        }
        return matches("9999-99-99") || matches("9999-99") || matches("--99-99")
    }

    private static func isTimeLike(_ value: String) -> Bool { extendedTime(value) != nil || isUTCOffset(value) }
}

extension String {
    fileprivate func replacingColons() -> String { String(decoding: utf8.filter { $0 != 0x3A }, as: UTF8.self) }
}
