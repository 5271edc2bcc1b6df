import VCardParser

/// Maps labels to vCard and back: `TYPE=` values where the version has them, Apple's grouped
/// `itemN.X-ABLabel` lines for everything else.
enum LabelMapping {
    /// `TYPE` words that carry a label (and are replaced when the label changes).
    static let labelTypes = Set<String>(["home", "work", "other", "main", "cell", "mobile", "iphone", "fax", "pager", "school"])
        .union(relationTypes.keys)

    /// The 4.0 `RELATED` types (RFC 6350 §6.6.6) that say one of Apple's relation labels.
    static let relationTypes: [String: Label] = ["spouse": .spouse, "child": .child, "parent": .parent, "sibling": .sibling, "friend": .friend]

    /// The label of `property`: its group's `X-ABLabel`, else what its `TYPE`s say.
    static func label(of property: Property, abLabels: [String: String]) -> Label? {
        if !abLabels.isEmpty, let group = property.group, let text = abLabels[group.lowercased()] { return Label(rawValue: text) }
        // The first relation type written says the relation: looked for in order.
        if property.hasName("RELATED"), let type = property.types.first(where: { relationTypes[$0] != nil }) { return relationTypes[type] }
        let words = LabelWord.found(in: property)
        if property.hasName("TEL") {
            if words.contains(.main) { return .main }
            if words.contains(.iphone) { return .iPhone }
            if words.contains(.fax) {
                if words.contains(.home) { return .homeFax }
                if words.contains(.work) { return .workFax }
                return .otherFax
            }
            if words.contains(.cell) || words.contains(.mobile) { return .mobile }
            if words.contains(.pager) { return .pager }
        }
        if words.contains(.home) { return .home }
        if words.contains(.work) { return .work }
        if words.contains(.school) { return .school }
        if words.contains(.other) { return .other }
        return nil
    }

    /// The `TYPE` words a label is read from, found in one pass over a line's types.
    private enum LabelWord: Int, CaseIterable {
        case main, iphone, fax, home, work, cell, mobile, pager, school, other

        /// Spelled out: `"\(word)"` describes an enum case through reflection, which looks up
        /// protocol conformances at run time.
        private var spelling: String {
            switch self {
            case .main: "main"
            case .iphone: "iphone"
            case .fax: "fax"
            case .home: "home"
            case .work: "work"
            case .cell: "cell"
            case .mobile: "mobile"
            case .pager: "pager"
            case .school: "school"
            case .other: "other"
            }
        }

        private static let set = TypeWordSet(allCases.map(\.spelling))

        /// The words among the property's `TYPE`s.
        static func found(in property: Property) -> Found { Found(bits: set.found(in: property)) }

        struct Found {
            let bits: UInt32
            func contains(_ word: LabelWord) -> Bool { bits & (1 << UInt32(word.rawValue)) != 0 }
        }
    }

    /// The `X-ABLabel` values of a card by lower-cased group name.
    static func abLabels(in card: VCard) -> [String: String] {
        var result: [String: String] = [:]
        // Found by name where the lines lie: a loop over the properties copies each.
        _ = card.firstIndex(named: "X-ABLabel") { i in
            if let g = card.properties[i].group { result[g.lowercased()] = card.properties[i].text }
            return false
        }
        return result
    }

    /// The texts of the grouped lines with one of `names` (`X-ABADR`, `X-APPLE-SUBLOCALITY`…):
    /// lower-cased group name → upper-cased line name → text.
    static func groupTexts(named names: [String], in card: VCard) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for p in card.properties {
            guard let g = p.group, let name = names.first(where: { p.hasName($0) }) else { continue }
            result[g.lowercased(), default: [:]][name.uppercased()] = p.text
        }
        return result
    }

    /// The `TYPE` values that say `label` on a property called `name`; `nil` when only an
    /// `X-ABLabel` can say it.
    static func types(for label: Label, propertyName: String) -> [String]? {
        let isPhone = propertyName.uppercased() == "TEL"
        if propertyName.uppercased() == "RELATED", let type = relationTypes.first(where: { $0.value == label })?.key { return [type] }
        switch label {
        case .home: return ["home"]
        case .work: return ["work"]
        case .other: return ["other"]
        case .main where isPhone: return ["main"]
        case .mobile where isPhone: return ["cell"]
        case .iPhone where isPhone: return ["iphone", "cell"]
        case .homeFax where isPhone: return ["home", "fax"]
        case .workFax where isPhone: return ["work", "fax"]
        case .otherFax where isPhone: return ["fax"]
        case .pager where isPhone: return ["pager"]
        default: return nil
        }
    }

    /// Sets the label of `property`. When its group has an `X-ABLabel` line (`abLabel`), that line
    /// is edited (or set to `nil`, to be removed); an Android relation line gets the type of the
    /// label (``AndroidRelation``); otherwise the `TYPE`s are rewritten, and a label no `TYPE` can
    /// say gets the group `newGroup` and a new `X-ABLabel` line in `abLabel`.
    static func apply(
        _ label: Label?, to property: inout Property, abLabel: inout Property?,
        version: VCardVersion, newGroup: String
    ) {
        if abLabel == nil, AndroidRelation.isRelation(property) {
            AndroidRelation.setLabel(label, on: &property)
            return
        }
        if abLabel != nil {
            if let label { abLabel!.setText(label.rawValue) } else { abLabel = nil }
            return
        }
        property.parameters = removingLabelTypes(property.parameters)
        guard let label else { return }
        if let words = types(for: label, propertyName: property.name) {
            for word in words { property.addType(version == .v2_1 ? word.uppercased() : word) }
            return
        }
        property.group = newGroup
        abLabel = Property(group: newGroup, name: "X-ABLabel", value: Escaping.escape(label.rawValue, for: version), version: version)
    }

    /// Drops label words from `TYPE` parameters, removing a parameter left empty.
    static func removingLabelTypes(_ parameters: [Parameter]) -> [Parameter] {
        var result: [Parameter] = []
        for var p in parameters {
            guard p.hasName("TYPE") else { result.append(p); continue }
            let kept = p.values.filter { value in
                !value.split(separator: ",").allSatisfy { labelTypes.contains($0.lowercased()) }
            }
            if kept.count == p.values.count { result.append(p); continue }
            if kept.isEmpty { continue }
            p.values = kept
            result.append(p)
        }
        return result
    }
}
