/// The groups of a store, read from its index: group cards are slots with a
/// ``GroupCard``, `CATEGORIES` groups are the names the slots list.
extension StoreIndex {
    /// A group as the index holds it: the value a fetch returns, and the cards that make it (the
    /// group card, or the cards listing the category).
    struct IndexedGroup {
        var group: Group
        var positions: [Position]
    }

    /// Every group: the group cards in store order, then the categories in the order they first
    /// appear.
    func groups() -> [IndexedGroup] {
        var result: [IndexedGroup] = []
        var listing: [String: [Position]] = [:]
        var order: [String] = []
        for f in files.indices {
            for (s, slot) in files[f].slots.enumerated() {
                let position = Position(file: f, slot: s)
                if let card = slot.group {
                    var group = Group(name: card.name, identifier: slot.identifier)
                    group.form = card.form
                    group.revision = slot.revision
                    result.append(IndexedGroup(group: group, positions: [position]))
                    continue
                }
                for name in slot.categories {
                    if listing[name] == nil { order.append(name) }
                    listing[name, default: []].append(position)
                }
            }
        }
        for name in order {
            var group = Group(name: name, identifier: Group.categoryIdentifier(name))
            group.form = .category
            group.revision = revision(of: listing[name]!)
            result.append(IndexedGroup(group: group, positions: listing[name]!))
        }
        for i in result.indices { result[i].group.originalName = result[i].group.name }
        return result
    }

    /// The group with `identifier`, or `nil`.
    func group(withIdentifier identifier: String) -> IndexedGroup? {
        groups().first { $0.group.identifier == identifier }
    }

    /// The contacts' cards of the group with `identifier` (none when there is no such group).
    func members(ofGroup identifier: String) -> [Position] {
        guard let indexed = group(withIdentifier: identifier) else { return [] }
        guard let card = self[indexed.positions[0]].group, indexed.group.form != .category else { return indexed.positions }
        return card.members.compactMap { byIdentifier[$0] }.filter { self[$0].group == nil }
    }

    /// A digest of the revisions of the cards at `positions`: it changes when any of them does.
    private func revision(of positions: [Position]) -> ContentDigest {
        var bytes: [UInt8] = []
        for position in positions {
            let revision = self[position].revision
            for word in [revision.high, revision.low] { bytes += (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        }
        return ContentDigest(bytes)
    }
}
