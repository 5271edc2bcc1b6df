extension VersionConversion {
    /// Adds what `version` requires and the card lacks (``PropertyRules/Cardinality/isRequired``:
    /// FN in 3.0 and 4.0, RFC 2426 §3.1.1 and RFC 6350 §6.2.1; N in 2.1 and 3.0, RFC 2426
    /// §3.1.2), derived from what the card has, with a `derived-property` notice for each.
    ///
    /// - FN: from N (prefix, given, additional names, surnames, generation, suffix, joined by
    ///   spaces), else the first component of ORG, else the first NICKNAME, else the first EMAIL;
    ///   written empty, and reported so, when the card has none of them.
    /// - N: empty components for an organization (4.0 `KIND:org`, Apple's `X-ABShowAs:COMPANY`,
    ///   or an FN that is the ORG); else from FN: `Family, Given Middle` splits at the comma; one
    ///   word is the given name (`Madonna` → `;Madonna;;;`); more words are given name, additional
    ///   names and, last, the family name (`Ada King Lovelace` → `Lovelace;Ada;King;;`).
    ///
    /// The derived property goes after VERSION, or after FN (an N).
    static func addRequired(_ properties: inout [Property], in version: VCardVersion, line: Int, notices: inout [Diagnostic]) {
        for rules in PropertyRules.all where rules.name != "VERSION" && rules.cardinality(in: version)?.isRequired == true {
            guard !properties.contains(where: { $0.propertyName == rules.name }), let derive = derivations[rules.name] else { continue }
            let (value, source) = derive(properties, version)
            let property = Property(name: rules.name.rawValue, value: value, version: version)
            let at = properties.lastIndex { $0.propertyName == "VERSION" || $0.propertyName == "FN" }.map { $0 + 1 } ?? 0
            properties.insert(property, at: at)
            let message = source.map { "derived '\(rules.name):\(value)' from \($0)" } ?? "none to derive it from; written empty"
            notices.append(
                Diagnostic(
                    .warning, .derivedProperty, at: SourcePosition(line: line),
                    "vCard \(version.rawValue) requires \(rules.name): \(message)"))
        }
    }

    /// A required property's value (escaped for the version) and the name it came from (`nil`
    /// when the card had nothing to derive it from).
    private typealias Derivation = @Sendable ([Property], VCardVersion) -> (value: String, source: Property.Name?)

    private static let derivations: [Property.Name: Derivation] = ["FN": formattedName, "N": structuredName]

    private static func formattedName(_ properties: [Property], _ version: VCardVersion) -> (value: String, source: Property.Name?) {
        func first(_ name: Property.Name) -> Property? { properties.first { $0.propertyName == name } }
        var text = ""
        var source: Property.Name?
        if let n = first("N") {
            let parts = n.componentLists.map { $0.filter { !$0.isEmpty }.joined(separator: " ") }
            // prefix, given, additional, family, secondary surname, generation, suffix
            text = [3, 1, 2, 0, 5, 6, 4].compactMap { $0 < parts.count ? parts[$0] : nil }.filter { !$0.isEmpty }
                .joined(separator: " ")
            source = "N"
        }
        for (name, value) in [
            ("ORG", { (p: Property) in p.components.first ?? "" }), ("NICKNAME", { $0.listValues.first ?? "" }),
            ("EMAIL", { $0.text }),
        ] as [(Property.Name, (Property) -> String)] where text.isEmpty {
            if let p = first(name) {
                text = value(p)
                source = name
            }
        }
        return (Escaping.escape(text, for: version), text.isEmpty ? nil : source)
    }

    private static func structuredName(_ properties: [Property], _ version: VCardVersion) -> (value: String, source: Property.Name?) {
        func first(_ name: Property.Name) -> Property? { properties.first { $0.propertyName == name } }
        let fn = first("FN")?.text ?? ""
        let organization: Property.Name? =
            if first("KIND").map({ ASCII.caseInsensitiveEquals($0.text, "org") }) == true { "KIND" } else if first("X-ABSHOWAS").map({ ASCII.caseInsensitiveEquals($0.text, "COMPANY") }) == true { "X-ABSHOWAS" } else if !fn.isEmpty, first("ORG")?.components.first == fn {
                "ORG"
            } else { nil }
        let words = fn.split(separator: " ")
        guard !words.isEmpty, organization == nil else { return (";;;;", organization) }
        var family = "", given = "", additional = ""
        if let comma = words.firstIndex(where: { $0.hasSuffix(",") }) {
            family = String(words[...comma].joined(separator: " ").dropLast())
            given = comma + 1 < words.count ? String(words[comma + 1]) : ""
            additional = words.dropFirst(comma + 2).joined(separator: " ")
        } else {
            given = String(words[0])
            if words.count > 1 {
                family = String(words[words.count - 1])
                additional = words[1..<(words.count - 1)].joined(separator: " ")
            }
        }
        let value = [family, given, additional, "", ""].map { Escaping.escape($0, for: version) }.joined(separator: ";")
        return (value, "FN")
    }
}

extension VCard {
    /// Adds the properties the card's own version requires and it lacks, derived as a version
    /// conversion derives them (``VersionConversion/addRequired(_:in:line:notices:)``): what a
    /// CSV row read into a 4.0 card needs.
    ///
    /// ```swift
    /// var card = VCard(version: .v4, properties: [Property(name: "N", value: "Lovelace;Ada;;;")])
    /// card.addRequiredProperties(notices: &notices)   // adds FN:Ada Lovelace
    /// ```
    package mutating func addRequiredProperties(notices: inout [Diagnostic]) {
        VersionConversion.addRequired(&properties, in: version, line: line, notices: &notices)
    }
}
