import VCardParser

/// Checks a ``SaveRequest`` against the index as now on disk and makes its plan. Changed cards
/// are kept as cards until the end, so that several changes to one card (a contact's update and
/// its groups, a group's members) are applied one after the other; then they become bytes.
struct SavePlanner {
    /// A card the request adds, and where.
    private struct NewCard {
        var identifier: String
        var destination: Destination
        var card: VCard
        /// The form of a new group's card; `nil` for a contact.
        var form: Group.Form?
    }

    /// A file of the store, or the name of a new file of a folder store.
    private enum Destination {
        case file(Int)
        case newFile(String)
    }

    /// A card a membership change edits: one in the store, or one the request adds.
    private enum CardReference {
        case stored(StoreIndex.Position)
        case new(Int)
    }

    /// Where the cards a request adds go.
    enum Placement {
        /// The store's one file (or its memory).
        case oneFile
        /// New `.vcf` files in this folder, or the file a container names.
        case folder(String)
        /// New resources of a remote address book, named as a folder's new files are.
        case resources
    }

    private let index: StoreIndex
    private let placement: Placement
    private var cards: [StoreIndex.Position: VCard] = [:]
    private var removed: Set<StoreIndex.Position> = []
    /// The cards updated or deleted: a second change of one is a conflict.
    private var touched: Set<StoreIndex.Position> = []
    private var newCards: [NewCard] = []
    /// The names of the new files, and those asked for by a container identifier.
    private var takenNames: Set<String> = []
    private var newFileNames: [String: String] = [:]
    private var storeVersion: VCardVersion?
    private var indexedGroups: [StoreIndex.IndexedGroup]?

    init(index: StoreIndex, placement: Placement) {
        self.index = index
        self.placement = placement
    }

    /// The plan of `request`: changes of contacts and new groups first, then the changes of
    /// groups and memberships, on top of them.
    static func plan(_ request: SaveRequest, index: StoreIndex, placement: Placement, forcesSave: Bool) throws(ContactStoreError) -> ContactStore.SavePlan {
        var planner = SavePlanner(index: index, placement: placement)
        for change in request.changes where !change.changesGroups { try planner.apply(change) }
        for change in request.changes where change.changesGroups { try planner.apply(change) }
        return try planner.finish(forcesSave: forcesSave)
    }

    private mutating func apply(_ change: SaveRequest.Change) throws(ContactStoreError) {
        switch change {
        case .update(let contact):
            let position = try locate(contact)
            try contact.checkOnlyFetchedKeysChanged()
            cards[position] = contact.vCard(writingGeneratedIdentifier: true)
        case .delete(let contact):
            removed.insert(try locate(contact))
        case .merge(let kept, let others):
            let position = try locate(kept)
            try kept.checkOnlyFetchedKeysChanged()
            for other in others { removed.insert(try locate(other)) }
            cards[position] = kept.merging(others).vCard(writingGeneratedIdentifier: true)
        case .add(let contact, let container, let version):
            try checkNew(contact.identifier)
            try contact.checkOnlyFetchedKeysChanged()
            let card = contact.vCard(version: version ?? defaultVersion())
            newCards.append(NewCard(identifier: contact.identifier, destination: try destination(container, base: contact.identifier), card: card))
        case .addGroup(let group, let container):
            try checkNew(group.identifier)
            let (card, form) = GroupCard.make(group, version: defaultVersion())
            newCards.append(NewCard(identifier: group.identifier, destination: try destination(container, base: group.identifier), card: card, form: form))
        case .updateGroup(let group):
            let indexed = try locate(group, checkingRevision: true)
            guard let old = indexed.group.originalName, group.name != old else { return }
            for position in indexed.positions {
                let card = try current(position)
                cards[position] = indexed.group.form == .category ? CategoryList.replacing(old, with: group.name, in: card) : GroupCard.renaming(card, to: group.name)
            }
        case .deleteGroup(let group):
            let indexed = try locate(group, checkingRevision: true)
            for position in indexed.positions {
                if indexed.group.form == .category {
                    cards[position] = CategoryList.replacing(indexed.group.name, with: nil, in: try current(position))
                } else {
                    removed.insert(position)
                }
            }
        case .addMember(let contact, let group):
            try changeMembership(of: contact, in: group, adding: true)
        case .removeMember(let contact, let group):
            try changeMembership(of: contact, in: group, adding: false)
        }
    }

    /// Adds `contact` to `group` or removes it: the group card's member lines, or the contact's
    /// `CATEGORIES`. A new member without a `UID` gets one first.
    private mutating func changeMembership(of contact: Contact, in group: Group, adding: Bool) throws(ContactStoreError) {
        let member = try memberCard(contact)
        let identifier = contact.identifier
        if let new = newCards.firstIndex(where: { $0.identifier == group.identifier && $0.form != nil }) {
            let card = newCards[new].card
            newCards[new].card = adding ? GroupCard.addingMember(identifier, to: card, form: newCards[new].form!) : GroupCard.removingMember(identifier, from: card)
            return
        }
        let indexed = try locate(group, checkingRevision: false)
        if indexed.group.form == .category {
            let edit = { (card: VCard) in adding ? CategoryList.adding(indexed.group.name, to: card) : CategoryList.replacing(indexed.group.name, with: nil, in: card) }
            switch member {
            case .new(let i): newCards[i].card = edit(newCards[i].card)
            case .stored(let position): cards[position] = edit(try current(position))
            }
            return
        }
        if adding, case .stored(let position) = member, !index[position].hasUID {
            let card = try current(position)
            if (card.uid ?? "").trimmingSpaces().isEmpty { cards[position] = card.addingUID(identifier) }
        }
        let position = indexed.positions[0]
        let card = try current(position)
        cards[position] = adding ? GroupCard.addingMember(identifier, to: card, form: indexed.group.form!) : GroupCard.removingMember(identifier, from: card)
    }

    // MARK: - Finding the cards

    /// Where the fetched `contact` is, checking its card is the one it was fetched from and no
    /// other change of this request updates or deletes it.
    private mutating func locate(_ contact: Contact) throws(ContactStoreError) -> StoreIndex.Position {
        guard let position = index.byIdentifier[contact.identifier], index[position].group == nil else {
            throw .contactNotFound(identifier: contact.identifier, name: contact.formattedName)
        }
        guard contact.revision == index[position].revision, touched.insert(position).inserted else {
            throw .conflict(identifier: contact.identifier, name: contact.formattedName)
        }
        return position
    }

    /// The group `group` names, as indexed; with `checkingRevision`, its cards must be as fetched
    /// and not changed by another group change of this request.
    private mutating func locate(_ group: Group, checkingRevision: Bool) throws(ContactStoreError) -> StoreIndex.IndexedGroup {
        if indexedGroups == nil { indexedGroups = index.groups() }
        guard let indexed = indexedGroups!.first(where: { $0.group.identifier == group.identifier }),
            indexed.group.form == .category || !removed.contains(indexed.positions[0])
        else {
            throw .groupNotFound(identifier: group.identifier, name: group.name)
        }
        if checkingRevision {
            let isFirstChange = indexed.group.form == .category || touched.insert(indexed.positions[0]).inserted
            guard group.revision == indexed.group.revision, isFirstChange else { throw .conflict(identifier: group.identifier, name: group.name) }
        }
        return indexed
    }

    /// The card of a contact a membership change names: in the store (and not deleted by this
    /// request), or added by it.
    private func memberCard(_ contact: Contact) throws(ContactStoreError) -> CardReference {
        if let position = index.byIdentifier[contact.identifier], index[position].group == nil, !removed.contains(position) { return .stored(position) }
        if let new = newCards.firstIndex(where: { $0.identifier == contact.identifier && $0.form == nil }) { return .new(new) }
        throw .contactNotFound(identifier: contact.identifier, name: contact.formattedName)
    }

    /// The card at `position` with the changes planned so far.
    private func current(_ position: StoreIndex.Position) throws(ContactStoreError) -> VCard {
        if let card = cards[position] { return card }
        return try index.files[position.file].card(index[position])
    }

    // MARK: - New cards

    /// Refuses an identifier that a card of the store or an earlier add has.
    private func checkNew(_ identifier: String) throws(ContactStoreError) {
        guard index.byIdentifier[identifier] == nil, !newCards.contains(where: { $0.identifier == identifier }) else {
            throw .duplicateIdentifier(identifier)
        }
    }

    /// The version of new cards: the one most of the store's 3.0 and 4.0 cards have.
    private mutating func defaultVersion() -> VCardVersion {
        if storeVersion == nil { storeVersion = index.dominantVersion }
        return storeVersion!
    }

    /// Where a new card goes. A file or memory store has one container: `container` must be `nil`
    /// or its identifier. In a folder store, `container` names a file to append to, or a new file
    /// (made from `base` when `nil`).
    private mutating func destination(_ container: String?, base: String) throws(ContactStoreError) -> Destination {
        if case .oneFile = placement {
            if let container, container != Container(path: index.files[0].path).identifier { throw .containerNotFound(container) }
            return .file(0)
        }
        if let container {
            let named = Self.fileName(from: container)
            if let f = index.files.indices.first(where: { [container, named].contains(Container(path: index.files[$0].path).identifier) }) { return .file(f) }
            if let name = newFileNames[container] { return .newFile(name) }
        }
        var name = Self.fileName(from: container ?? base)
        var n = 1
        while isTaken(name) || takenNames.contains(name) {
            n += 1
            name = Self.fileName(from: container ?? base, number: n)
        }
        takenNames.insert(name)
        if let container { newFileNames[container] = name }
        return .newFile(name)
    }

    /// Whether the store has a file (or resource) called `name`.
    private func isTaken(_ name: String) -> Bool {
        switch placement {
        case .oneFile: return false
        case .folder(let folder): return FileFingerprint(path: folder + "/" + name) != nil
        case .resources: return index.files.contains { Container(path: $0.path).identifier == name }
        }
    }

    /// A safe file name made from `base`, ending in `.vcf`; `-2`, `-3`… before it when numbered.
    private static func fileName(from base: String, number: Int = 1) -> String {
        let stem = SafeFileName.make(from: base)
        if number > 1 { return stem + "-\(number).vcf" }
        return stem.lowercased().hasSuffix(".vcf") ? stem : stem + ".vcf"
    }

    // MARK: - The plan

    /// The planned cards as bytes, by file; refused when a file changed is not fully understood
    /// (unless `forcesSave`).
    private func finish(forcesSave: Bool) throws(ContactStoreError) -> ContactStore.SavePlan {
        var plan = ContactStore.SavePlan()
        let writer = VCardWriter()
        func bytes(_ card: VCard) -> [UInt8] {
            var out: [UInt8] = []
            writer.write(card, to: &out)
            return out
        }
        for (position, card) in cards where !removed.contains(position) {
            plan.edits[position.file, default: FileEdit()].replaced[position.slot] = bytes(card)
        }
        for position in removed { plan.edits[position.file, default: FileEdit()].removed.insert(position.slot) }
        for new in newCards {
            switch new.destination {
            case .file(let f):
                plan.edits[f, default: FileEdit()].added.append(bytes(new.card))
            case .newFile(let name):
                if let i = plan.newFiles.firstIndex(where: { $0.name == name }) {
                    plan.newFiles[i].cards.append(bytes(new.card))
                } else {
                    plan.newFiles.append((name, [bytes(new.card)]))
                }
            }
        }
        if !forcesSave {
            for f in plan.edits.keys.sorted() {
                if let problem = index.files[f].problem {
                    throw .notUnderstood(path: index.files[f].path ?? "", line: problem.position.line, message: problem.message)
                }
            }
        }
        return plan
    }
}

extension SaveRequest.Change {
    /// Whether the change is to a group of the store or a membership, planned after the others.
    var changesGroups: Bool {
        switch self {
        case .updateGroup, .deleteGroup, .addMember, .removeMember: return true
        case .add, .update, .delete, .merge, .addGroup: return false
        }
    }
}
