import VCardParser

/// Edits a card's properties by their original indices — replacements, label changes, removals
/// and insertions — and applies them in one pass, so indices stay valid while edits are made.
struct CardEditor {
    private(set) var properties: [Property]
    let version: VCardVersion
    private var removed: Set<Int> = []
    /// Lines to add after an original index (-1: at the end of the card).
    private var insertions: [Int: [Property]] = [:]
    /// The highest `N` of the `itemN` groups, found when a new group is first needed (most
    /// edits need none), then counted up as groups are made.
    private var highestItemNumber: Int?

    init(card: VCard) {
        properties = card.properties
        version = card.version
    }

    /// The highest `N` of the card's `itemN` groups (0 when there is none) and of those made since.
    private mutating func lastItemNumber() -> Int {
        if let highestItemNumber { return highestItemNumber }
        var highest = 0
        for i in properties.indices {
            guard let g = properties[i].group?.lowercased(), g.hasPrefix("item"), let n = Int(g.dropFirst(4)) else { continue }
            highest = max(highest, n)
        }
        highestItemNumber = highest
        return highest
    }

    /// A new `itemN` group, numbered after every other.
    private mutating func newItemGroup() -> String {
        let n = lastItemNumber() + 1
        highestItemNumber = n
        return "item\(n)"
    }

    func first(_ name: String) -> Int? { properties.firstIndex { $0.hasName(name) && $0.parameter("PHONETIC") == nil } }

    /// The index of the first RFC 9554 phonetic variant called `name` (`N;PHONETIC=…`), or `nil`.
    func firstPhonetic(_ name: String) -> Int? { properties.firstIndex { $0.hasName(name) && $0.parameter("PHONETIC") != nil } }

    /// Edits the property at `index`; an edit that leaves it equal keeps its original bytes.
    mutating func replace(at index: Int, _ edit: (inout Property) -> Void) {
        var property = properties[index]
        edit(&property)
        if property != properties[index] { properties[index] = property }
    }

    /// Removes the property and, when it is grouped, the other lines of its group (`X-ABLabel`…).
    mutating func remove(at index: Int) {
        removed.insert(index)
        guard let group = properties[index].group?.lowercased() else { return }
        for (i, p) in properties.enumerated() where p.group?.lowercased() == group { removed.insert(i) }
    }

    /// Changes the label of the property at `index`, in its `X-ABLabel` line or its `TYPE`s.
    mutating func setLabel(_ label: Label?, at index: Int) {
        let group = properties[index].group?.lowercased()
        let labelIndex = group.flatMap { g in properties.firstIndex { $0.hasName("X-ABLabel") && $0.group?.lowercased() == g } }
        var abLabel = labelIndex.map { properties[$0] }
        var property = properties[index]
        let wasGrouped = property.group != nil
        LabelMapping.apply(label, to: &property, abLabel: &abLabel, version: version, newGroup: property.group ?? "item\(lastItemNumber() + 1)")
        properties[index] = property
        if let labelIndex {
            if let abLabel { properties[labelIndex] = abLabel } else { removed.insert(labelIndex) }
        } else if let abLabel {
            if !wasGrouped { _ = newItemGroup() }
            insertions[index, default: []].insert(abLabel, at: 0)
        }
    }

    /// Sets the text of the line called `name` in the group of the property at `index` (Apple's
    /// `X-ABADR` beside an `ADR`): edits it, removes it for `nil`, or adds it, putting the
    /// property in a new `itemN` group when it has none.
    mutating func setGroupedLine(_ name: String, text: String?, at index: Int) {
        let group = properties[index].group?.lowercased()
        let existing = group.flatMap { g in properties.indices.first { properties[$0].hasName(name) && properties[$0].group?.lowercased() == g } }
        switch (existing, text) {
        case (let line?, let text?):
            properties[line].setText(text)
        case (let line?, nil):
            removed.insert(line)
        case (nil, let text?):
            if properties[index].group == nil { properties[index].group = newItemGroup() }
            insertions[index, default: []].append(groupedLine(name, text, group: properties[index].group))
        case (nil, nil):
            break
        }
    }

    private func groupedLine(_ name: String, _ text: String, group: String?) -> Property {
        Property(group: group, name: name, value: Escaping.escape(text, for: version), version: version)
    }

    /// Adds a property with its label and its grouped lines (see
    /// ``setGroupedLine(_:text:at:)``; a `nil` text: no line) after the last one called the same,
    /// or at the end of the card.
    mutating func insert(_ property: Property, label: Label? = nil, groupedLines: [(name: String, text: String?)] = []) {
        var p = property
        p.version = version
        var abLabel: Property?
        if label != nil {
            LabelMapping.apply(label, to: &p, abLabel: &abLabel, version: version, newGroup: "item\(lastItemNumber() + 1)")
            if abLabel != nil { _ = newItemGroup() }
        }
        let present = groupedLines.compactMap { line in line.text.map { (line.name, $0) } }
        if !present.isEmpty && p.group == nil { p.group = newItemGroup() }
        let anchor = properties.indices.last { properties[$0].hasName(property.name) && !removed.contains($0) } ?? -1
        insertions[anchor, default: []].append(p)
        if let abLabel { insertions[anchor, default: []].append(abLabel) }
        insertions[anchor, default: []].append(contentsOf: present.map { groupedLine($0, $1, group: p.group) })
    }

    /// Edits the first property called `name`, adding it when missing and removing it when empty.
    mutating func setSingle(_ name: String, isEmpty: Bool, make: () -> Property, edit: (inout Property) -> Void) {
        if let index = first(name) {
            if isEmpty { remove(at: index) } else { replace(at: index, edit) }
        } else if !isEmpty {
            insert(make())
        }
    }

    /// The edited property list: the properties themselves when none was removed or added.
    func finish() -> [Property] {
        guard !removed.isEmpty || !insertions.isEmpty else { return properties }
        var result: [Property] = []
        result.reserveCapacity(properties.count + insertions.count)
        for i in properties.indices {
            if !removed.contains(i) { result.append(properties[i]) }
            if let added = insertions[i] { result.append(contentsOf: added) }
        }
        if let added = insertions[-1] { result.append(contentsOf: added) }
        return result
    }

    /// `card` with the edited property list.
    func applied(to card: VCard) -> VCard {
        var result = card
        result.properties = finish()
        return result
    }
}
