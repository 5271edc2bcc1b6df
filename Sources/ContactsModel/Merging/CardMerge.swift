import VCardParser

/// The one merge engine, of ``Contact/merging(_:)``, ``SaveRequest/merge(_:keeping:)`` and
/// `vcardtool merge`: it collapses the cards of one person into one. The kept card (the first
/// of the group with `--prefer old`, the last with `--prefer new`; the target's with `--into`)
/// stays as it is, line for line (but the lines whose labels are joined), and gets what the
/// others add, appended at its end.
///
/// - A property of the others is left out when the result has one of that name equal in
///   meaning (``Meaning``: EMAIL ignoring ASCII case and `mailto:`, TEL as
///   ``PhoneNumber/matches(_:)`` compares, the others by their decoded value); its `TYPE`
///   labels that the kept one lacks are joined to it (`TEL;TYPE=CELL` and `TEL;TYPE=HOME` of
///   one number give `TEL;TYPE=CELL;TYPE=home`), but `pref`: that line is written anew.
/// - A single property (at most one in the kept card's version: N, BDAY, GENDER… and FN) that
///   differs is set aside as `X-MERGED-<NAME>` with its parameters and value, and reported as a
///   ``Choice``: no value is lost.
/// - VERSION, PRODID and REV are the kept card's.
/// - Each other card is converted to the kept card's version first (as `convert` writes it), and
///   what it adds is written anew; its groups (`item1.`) are renamed when the kept card uses the
///   name, and an Apple label (`X-ABLabel`) follows its group's property: it is left out with it.
///
/// ```swift
/// let (card, choices, changed) = CardMerge.merge([sam, samuel], keeping: 0)
/// // card: sam's lines, then samuel's new EMAIL and `X-MERGED-FN:Samuel Shared`
/// // choices: [Choice(name: "FN", kept: "Sam Shared", setAside: "Samuel Shared")]
/// ```
package enum CardMerge {
    /// A single property whose values differ: the kept card's, and the other set aside.
    package struct Choice: Equatable {
        package var name: String
        package var kept: String
        package var setAside: String
    }

    /// The prefix of the name a value set aside is kept under.
    package static let setAsidePrefix = "X-MERGED-"
    private static let cardProperties: Set<String> = ["VERSION", "PRODID", "REV"]

    /// The merged card and the choices made, for the cards of a group in file order, keeping
    /// `cards[keptIndex]`; `changed` tells whether the others added anything to it.
    /// - Complexity: O(p) for p the properties of the cards (the meanings kept are hashed).
    package static func merge(_ cards: [VCard], keeping keptIndex: Int) -> (card: VCard, choices: [Choice], changed: Bool) {
        var card = cards[keptIndex]
        var choices: [Choice] = []
        var changed = false
        var groups = Set(card.properties.compactMap { $0.group?.uppercased() })
        var meanings: [Meaning: Int] = [:]  // each meaning → the first property of the result with it
        for (place, property) in card.properties.enumerated() where meanings[Meaning(property)] == nil {
            meanings[Meaning(property)] = place
        }
        for (i, other) in cards.enumerated() where i != keptIndex {
            let converted = written(other, in: card.version)
            var taken: [String: String] = [:]  // the other card's group → its name in the result
            for property in converted.properties where !isLabel(property) {
                let name = property.name.uppercased()
                guard !cardProperties.contains(name) else { continue }
                let meaning = Meaning(property)
                if let held = meanings[meaning] {
                    changed = joinTypes(of: property, into: &card.properties[held]) || changed
                    continue
                }
                meanings[meaning] = card.properties.count
                changed = true
                if isSingle(name, in: card.version), let kept = card.first(name) {
                    choices.append(Choice(name: name, kept: kept.text, setAside: property.text))
                    card.append(Property(name: setAsidePrefix + name, parameters: property.parameters, value: property.value, version: card.version))
                } else {
                    let group = property.group.map { newGroup($0, &taken, &groups) }
                    card.append(Property(group: group, name: property.name, parameters: property.parameters, value: property.value, version: card.version))
                }
            }
            for label in converted.properties where isLabel(label) {
                guard let group = label.group, let renamed = taken[group.uppercased()] else { continue }
                card.append(Property(group: renamed, name: label.name, parameters: label.parameters, value: label.value, version: card.version))
            }
        }
        return (card, choices, changed)
    }

    /// Adds to `kept` the `TYPE` values of `other` that it lacks, but `pref` (a rank, not a
    /// label: the kept card's preference stands). Returns whether it added any.
    private static func joinTypes(of other: Property, into kept: inout Property) -> Bool {
        var missing: [String] = []
        for type in other.types where type != "pref" && !kept.hasType(type) && !missing.contains(type) { missing.append(type) }
        guard !missing.isEmpty else { return false }
        kept.parameters.append(Parameter(name: "TYPE", values: missing))
        return true
    }

    /// The card as `convert` writes it in `version`, read back: its properties in that
    /// version's form, which the result writes anew (with its own line ends and folding).
    private static func written(_ card: VCard, in version: VCardVersion) -> VCard {
        var reader = VCardReader(bytes: VCardWriter(version: version).encode([card]))
        return (try? reader.next()) ?? card
    }

    /// A property's name and value as compared: an EMAIL ignoring ASCII case and `mailto:`, a
    /// TEL by ``PhoneNumber/comparisonKey(defaultRegion:)`` (what ``PhoneNumber/matches(_:)`` compares), the
    /// others by their decoded value (``NormalProperty``), parameters left out.
    private enum Meaning: Hashable {
        case email(String)
        case phone(String)
        case value(String, PropertyValue)

        /// A value set aside (`X-MERGED-FN`) means what it meant under its own name, so that
        /// merging the same card again sets nothing aside twice.
        init(_ property: Property) {
            let name = property.name
            if name.utf8.count > setAsidePrefix.utf8.count, name.uppercased().hasPrefix(setAsidePrefix) {
                self.init(Property(name: String(name.dropFirst(setAsidePrefix.count)), parameters: property.parameters, value: property.value, version: property.version))
            } else if property.hasName("EMAIL") {
                self = .email(ContactPredicate.normalizedEmail(property.text))
            } else if property.hasName("TEL") {
                self = .phone(PhoneNumber(stringValue: property.text).comparisonKey(defaultRegion: nil))
            } else {
                let normal = NormalProperty(property, label: nil)
                self = .value(normal.name, normal.meaning)
            }
        }
    }

    /// Whether a card holds at most one such property in this version (FN too: a second FN is
    /// another name of the same card only in 4.0, and apps show the first).
    private static func isSingle(_ name: String, in version: VCardVersion) -> Bool {
        if name == "FN" { return true }
        let rules = PropertyRules.of(name)
        guard let cardinality = rules?.cardinality(in: version) ?? rules?.cardinality(in: .v3) else { return false }
        return cardinality == .one || cardinality == .atMostOne
    }

    /// An Apple label of a grouped property, which goes with its group.
    private static func isLabel(_ property: Property) -> Bool {
        property.group != nil && property.hasName("X-ABLabel")
    }

    /// The group's name in the result: its own unless the kept card or another card's group
    /// has it, else the next free `itemN`.
    private static func newGroup(_ group: String, _ taken: inout [String: String], _ groups: inout Set<String>) -> String {
        if let name = taken[group.uppercased()] { return name }
        var name = group
        var n = groups.count + 1
        while groups.contains(name.uppercased()) {
            name = "item\(n)"
            n += 1
        }
        groups.insert(name.uppercased())
        taken[group.uppercased()] = name
        return name
    }
}
