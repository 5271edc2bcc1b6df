import VCardParser

/// Edits a card's properties by their original indices — replacements, label changes, removals
/// and insertions — and applies them in one pass, so indices stay valid while edits are made.
struct CardEditor {
    private(set) var properties: [Property]
    let version: VCardVersion
    private var removed: Set<Int> = []
    /// Lines to add after an original index (-1: at the end of the card).
    private var insertions: [Int: [Property]] = [:]
    private var lastItemNumber: Int

    init(card: VCard) {
        properties = card.properties
        version = card.version
        lastItemNumber = 0
        for p in properties {
            guard let g = p.group?.lowercased(), g.hasPrefix("item"), let n = Int(g.dropFirst(4)) else { continue }
            lastItemNumber = max(lastItemNumber, n)
        }
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
        LabelMapping.apply(label, to: &property, abLabel: &abLabel, version: version, newGroup: property.group ?? "item\(lastItemNumber + 1)")
        properties[index] = property
        if let labelIndex {
            if let abLabel { properties[labelIndex] = abLabel } else { removed.insert(labelIndex) }
        } else if let abLabel {
            if !wasGrouped { lastItemNumber += 1 }
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
            if properties[index].group == nil {
                lastItemNumber += 1
                properties[index].group = "item\(lastItemNumber)"
            }
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
            LabelMapping.apply(label, to: &p, abLabel: &abLabel, version: version, newGroup: "item\(lastItemNumber + 1)")
            if abLabel != nil { lastItemNumber += 1 }
        }
        let present = groupedLines.compactMap { line in line.text.map { (line.name, $0) } }
        if !present.isEmpty && p.group == nil {
            lastItemNumber += 1
            p.group = "item\(lastItemNumber)"
        }
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

    /// The edited property list.
    func finish() -> [Property] {
        var result: [Property] = []
        result.reserveCapacity(properties.count + insertions.count)
        for (i, p) in properties.enumerated() {
            if !removed.contains(i) { result.append(p) }
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
