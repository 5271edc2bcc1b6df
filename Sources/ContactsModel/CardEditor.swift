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

    func first(_ name: String) -> Int? { properties.firstIndex { $0.hasName(name) } }

    mutating func replace(at index: Int, _ edit: (inout Property) -> Void) {
        edit(&properties[index])
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
        LabelMapping.apply(label, to: &property, abLabel: &abLabel, version: version, newGroup: "item\(lastItemNumber + 1)")
        properties[index] = property
        if let labelIndex {
            if let abLabel { properties[labelIndex] = abLabel } else { removed.insert(labelIndex) }
        } else if let abLabel {
            lastItemNumber += 1
            insertions[index, default: []].insert(abLabel, at: 0)
        }
    }

    /// Adds a property with its label after the last one called the same, or at the end of the card.
    mutating func insert(_ property: Property, label: Label? = nil) {
        var p = property
        p.version = version
        var abLabel: Property?
        if label != nil {
            LabelMapping.apply(label, to: &p, abLabel: &abLabel, version: version, newGroup: "item\(lastItemNumber + 1)")
            if abLabel != nil { lastItemNumber += 1 }
        }
        let anchor = properties.indices.last { properties[$0].hasName(property.name) && !removed.contains($0) } ?? -1
        insertions[anchor, default: []].append(p)
        if let abLabel { insertions[anchor, default: []].append(abLabel) }
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
}
