import VCardParser

/// Every card of a store, file by file, as slots, with the tables from identifier, email and
/// phone keys to cards.
struct StoreIndex: Sendable {
    /// A card's place: its file and its slot there.
    struct Position: Hashable, Sendable, Comparable {
        var file: Int
        var slot: Int

        static func < (a: Position, b: Position) -> Bool { (a.file, a.slot) < (b.file, b.slot) }
    }

    /// In the order a fresh read sees them: a folder's files by name.
    var files: [IndexedFile]
    private(set) var byIdentifier: [String: Position] = [:]
    /// For a folder store, the digest of the folder's listing as indexed (``VCardFolder/Listing``);
    /// `nil` when it must be compared file by file.
    var folderListing: Int?
    /// (email key, card) and (phone key, card), sorted: a lookup is a binary search.
    private var emails: [(key: UInt64, position: Position)] = []
    private var phones: [(key: UInt64, position: Position)] = []

    init(files: [IndexedFile]) {
        self.files = files
        rebuild()
    }

    /// Assigns the identifiers and makes the lookup tables again, after files changed. With
    /// `keepingIdentifiers`, the cards are where they were and each kept its identifier (a card
    /// rewritten in place has it as its base identifier): only the email and phone tables change.
    mutating func rebuild(keepingIdentifiers: Bool = false) {
        if keepingIdentifiers {
            for f in files.indices {
                for s in files[f].slots.indices where files[f].slots[s].identifier.isEmpty {
                    files[f].slots[s].identifier = files[f].slots[s].baseIdentifier
                }
            }
        } else {
            assignIdentifiers()
        }
        emails = []
        phones = []
        for f in files.indices {
            for (s, slot) in files[f].slots.enumerated() {
                let position = Position(file: f, slot: s)
                for key in slot.emailKeys { emails.append((key, position)) }
                for key in slot.phoneKeys { phones.append((key, position)) }
            }
        }
        emails.sort { $0.key < $1.key }
        phones.sort { $0.key < $1.key }
    }

    /// Gives each card its identifier: its base identifier, or for the second, third… card with
    /// the same one `base#2`, `base#3`… (skipping any that is another card's own), in store order.
    private mutating func assignIdentifiers() {
        var table: [String: Position] = [:]
        table.reserveCapacity(files.reduce(0) { $0 + $1.slots.count })
        var repeated: [Position] = []
        for f in files.indices {
            for s in files[f].slots.indices {
                let position = Position(file: f, slot: s)
                let base = files[f].slots[s].baseIdentifier
                files[f].slots[s].identifier = base
                if let first = table.updateValue(position, forKey: base) {  // a repeat: the first keeps it
                    table[base] = first
                    repeated.append(position)
                }
            }
        }
        // Every base is in the table now; a card that repeats one takes the next free number.
        var last: [String: Int] = [:]
        for position in repeated {
            let base = self[position].baseIdentifier
            var n = last[base, default: 1], identifier = base
            repeat {
                n += 1
                identifier = "\(base)#\(n)"
            } while table[identifier] != nil
            last[base] = n
            files[position.file].slots[position.slot].identifier = identifier
            table[identifier] = position
        }
        byIdentifier = table
    }

    subscript(position: Position) -> CardSlot { files[position.file].slots[position.slot] }

    /// The cards that can match `lookup`, in store order.
    func candidates(_ lookup: ContactPredicate.Lookup) -> [Position] {
        var found: Set<Position> = []
        switch lookup {
        case .everything:
            return files.indices.flatMap { f in files[f].slots.indices.map { Position(file: f, slot: $0) } }.filter { self[$0].group == nil }
        case .identifiers(let ids):
            found = Set(ids.compactMap { byIdentifier[$0] })
        case .emails(let keys):
            for key in keys { found.formUnion(Self.postings(of: key, in: emails)) }
        case .phone(let key):
            found = Set(Self.postings(of: key, in: phones))
        case .group(let identifier):
            found = Set(members(ofGroup: identifier))
        case .container(let identifier):
            for f in files.indices where Container(path: files[f].path).identifier == identifier {
                found.formUnion(files[f].slots.indices.map { Position(file: f, slot: $0) })
            }
        }
        return found.filter { self[$0].group == nil }.sorted()
    }

    /// The cards listed under `key` in a sorted table.
    private static func postings(of key: UInt64, in table: [(key: UInt64, position: Position)]) -> [Position] {
        var low = 0, high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid].key < key { low = mid + 1 } else { high = mid }
        }
        var result: [Position] = []
        while low < table.count, table[low].key == key {
            result.append(table[low].position)
            low += 1
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
