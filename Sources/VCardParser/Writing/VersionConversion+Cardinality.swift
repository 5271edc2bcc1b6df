extension VersionConversion {
    /// Keeps a converted card within the cardinalities of `version` (``PropertyRules/cardinality(in:)``;
    /// RFC 6350 §6, RFC 2426 §3): of the properties a card may hold at most once, the first
    /// stays; a later one with the same value goes, and one with another value stays as an
    /// `X-` property, so nothing is lost. In 4.0, a property with the same `ALTID` as the first
    /// is another representation of it (RFC 6350 §5.4) and stays too, and so does an `X-` form
    /// with that `ALTID`, which 2.1 and 3.0 (no `ALTID`) could only keep that way, under its name.
    ///
    /// Apple's anniversary (`X-ABDATE` labeled `_$!<Anniversary>!$_`) and `X-ANNIVERSARY` both
    /// become ANNIVERSARY in 4.0 (cardinality `*1`, RFC 6350 §6.2.6): the same date is kept once,
    /// another date as `X-ANNIVERSARY`. A 4.0 card with two FNs (`1*`) keeps one in 3.0 (`1`).
    static func enforceCardinality(_ properties: inout [Property], in version: VCardVersion) {
        var firsts: [Property.Name: Property] = [:]
        var result: [Property] = []
        result.reserveCapacity(properties.count)
        for var p in properties {
            var name = p.propertyName
            if version == .v4, let base = PropertyRules.standing(for: name, in: .v4)?.name, let first = firsts[base],
                let altID = first.parameter("ALTID")?.value, p.parameter("ALTID")?.value == altID
            {
                // An alternative that 3.0 could only keep as X- (N;ALTID=1 twice) is one again.
                name = base
                p.name = base.rawValue
            }
            guard name != "VERSION", let rules = PropertyRules.of(name), rules.cardinality(in: version)?.allowsSeveral == false else {
                result.append(p)
                continue
            }
            guard let first = firsts[name] else {
                firsts[name] = p
                result.append(p)
                continue
            }
            if version == .v4, let altID = first.parameter("ALTID")?.value, p.parameter("ALTID")?.value == altID {
                result.append(p)
            } else if comparable(first, rules) != comparable(p, rules) {
                p.name = name.extensionForm.rawValue
                result.append(p)
            }
        }
        properties = result
    }

    /// The value as compared for sameness: unescaped, and for dates and times without the `-`
    /// and `:` of the extended format (`2001-06-09` is `20010609`, RFC 6350 §4.3).
    private static func comparable(_ p: Property, _ rules: PropertyRules) -> String {
        let text = p.text
        guard rules.valueType == "date-and-or-time" || rules.valueType == "timestamp" else { return text }
        return String(decoding: text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != .colon }, as: UTF8.self)
    }
}
