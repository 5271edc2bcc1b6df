import VCardParser

/// Every card of a store, file by file, as slots, with the table from identifier to card.
struct StoreIndex: Sendable {
    /// A card's place: its file and its slot there.
    struct Position: Hashable, Sendable {
        var file: Int
        var slot: Int
    }

    /// In the order a fresh read sees them: a folder's files by name.
    var files: [IndexedFile]
    private(set) var byIdentifier: [String: Position] = [:]

    init(files: [IndexedFile]) {
        self.files = files
        assignIdentifiers()
    }

    /// Gives each card its identifier: its base identifier, or for the second, third… card with
    /// the same one `base#2`, `base#3`… (skipping any that is another card's own), in store order.
    mutating func assignIdentifiers() {
        var bases = Set<String>()
        for file in files {
            for slot in file.slots { bases.insert(slot.baseIdentifier) }
        }
        var table: [String: Position] = [:]
        table.reserveCapacity(bases.count)
        var repeats: [String: Int] = [:]
        for f in files.indices {
            for s in files[f].slots.indices {
                let base = files[f].slots[s].baseIdentifier
                var identifier = base
                if table[base] != nil {
                    var n = repeats[base, default: 1]
                    repeat {
                        n += 1
                        identifier = "\(base)#\(n)"
                    } while bases.contains(identifier) || table[identifier] != nil
                    repeats[base] = n
                }
                files[f].slots[s].identifier = identifier
                table[identifier] = Position(file: f, slot: s)
            }
        }
        byIdentifier = table
    }

    subscript(position: Position) -> CardSlot { files[position.file].slots[position.slot] }

    /// The cards that can match `lookup`, in store order.
    func candidates(_ lookup: ContactPredicate.Lookup) -> [Position] {
        if case .identifiers(let ids) = lookup {
            return ids.compactMap { byIdentifier[$0] }.sorted { ($0.file, $0.slot) < ($1.file, $1.slot) }
        }
        var result: [Position] = []
        for f in files.indices {
            for (s, slot) in files[f].slots.enumerated() {
                let hit: Bool
                switch lookup {
                case .everything: hit = true
                case .emails(let keys): hit = slot.emailKeys.contains { keys.contains($0) }
                case .phone(let key): hit = slot.phoneKeys.contains(key)
                case .identifiers: hit = false
                }
                if hit { result.append(Position(file: f, slot: s)) }
            }
        }
        return result
    }

    /// The version new cards get by default: 3.0 when more cards are 3.0 than 4.0, else 4.0
    /// (2.1 cards do not count: 2.1 is written only when asked for).
    var dominantVersion: VCardVersion {
        var v3 = 0, v4 = 0
        for file in files {
            for slot in file.slots {
                if slot.version == .v3 { v3 += 1 } else if slot.version == .v4 { v4 += 1 }
            }
        }
        return v3 > v4 ? .v3 : .v4
    }
}
