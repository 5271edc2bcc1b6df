import Synchronization
import VCardParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An address book backed by a `.vcf` file, a folder of `.vcf` files (the vdir layout of
/// vdirsyncer and khard), memory, or an address book on a server (``RemoteAddressBook``: the
/// `CardDAV` library's `ContactStore(cardDAV:client:)`).
///
/// The store indexes its files in one streaming pass (identifier, `UID`, emails, phone digits →
/// where the card is) and decodes a card into a ``Contact`` only when a fetch returns it; a fetch
/// looks again at the files' fingerprints and indexes again only the files that changed.
///
/// **Identifiers.** A card's identifier is its `UID`. A card without one gets an identifier
/// derived from the card itself (from its `X-ABUID`, else from its bytes), the same in every
/// store object and process for as long as the card is unchanged; the first save of that
/// contact writes it as the card's `UID` (one added line), so it stays valid after the save.
/// When several cards share a `UID`, the first keeps it and the others are `UID#2`, `UID#3`…
/// in file order (a folder's files by name), so every card has its own identifier.
///
/// **Groups and containers.** Group cards (`KIND:group`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`)
/// and `CATEGORIES` names are ``Group``s (``groups(matching:)``), never contacts; each file (or
/// the memory) is a ``Container`` (``containers(matching:)``).
///
/// **Saves.** ``execute(_:)`` checks the whole request, then writes all of it or nothing, through
/// `FileRewrite` under the folder's lock. A contact remembers the revision (a digest of the
/// card's bytes) it was fetched at; if the card changed since, by this or any other store or
/// program, the save fails with ``ContactStoreError/conflict(identifier:name:)`` rather than undo
/// that change (edits are not merged: fetch again and redo the edit; to merge duplicate contacts, see ``SaveRequest/merge(_:keeping:)``). Changes to other cards of the same
/// file are kept. Cards that were not touched are written back byte for byte.
/// ```swift
/// let store = ContactStore(fileAt: "contacts.vcf")
/// let matches = try store.unifiedContacts(matching: .matchingEmailAddress("ada@example.com", label: .work),
///                                         keysToFetch: [.emailAddresses, .phoneNumbers])
/// guard var ada = matches.first else { return }
/// ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
/// var request = SaveRequest()
/// request.update(ada)
/// try store.execute(request)
/// ```
public final class ContactStore: Sendable {
    enum Location: Sendable {
        case file(String)
        case directory(String)
        /// The initial cards, written out losslessly.
        case memory([UInt8])
        /// A collection of one-card resources on a server, each indexed as a file named by its href.
        case remote(any RemoteAddressBook)
    }

    let location: Location
    /// Save even when a file had problems the parser could not fully understand.
    public let forcesSave: Bool
    /// Whether a missing file or folder is an empty store (created by the first save) rather
    /// than an error.
    public let createsIfMissing: Bool
    let state = Mutex<StoreIndex?>(nil)

    /// A store in one `.vcf` file. A missing file is an error at the first fetch or save, unless
    /// `creatingIfMissing` (then the first save creates it).
    ///
    /// ```swift
    /// let store = ContactStore(fileAt: "contacts.vcf")
    /// let fresh = ContactStore(fileAt: "new.vcf", creatingIfMissing: true)
    /// ```
    public init(fileAt path: String, creatingIfMissing: Bool = false, forcesSave: Bool = false) {
        location = .file(path)
        createsIfMissing = creatingIfMissing
        self.forcesSave = forcesSave
    }

    /// A store in a folder with one `.vcf` file per contact (missing: as for ``init(fileAt:creatingIfMissing:forcesSave:)``).
    ///
    /// ```swift
    /// let store = ContactStore(directoryAt: "contacts", creatingIfMissing: true)
    /// ```
    public init(directoryAt path: String, creatingIfMissing: Bool = false, forcesSave: Bool = false) {
        location = .directory(path)
        createsIfMissing = creatingIfMissing
        self.forcesSave = forcesSave
    }

    /// A store of an address book on a server. Each resource is indexed like a file of a folder
    /// store (its container is its name); a fetch lists the resources and downloads only those
    /// whose entity tag changed. A save sends only the changed cards, each with the other lines
    /// byte for byte, on the condition that the server still has the version that was read: a
    /// card changed by another client meanwhile is a ``ContactStoreError/conflict(identifier:name:)``.
    /// A new contact becomes a resource of its own, named after its identifier. HTTP has no
    /// transaction: a save that fails after its first write throws
    /// ``ContactStoreError/partiallySaved(saved:notSaved:reason:)``, naming what was written.
    ///
    /// ```swift
    /// let store = ContactStore(remote: book)     // CardDAV: ContactStore(cardDAV: book, client: client)
    /// ```
    public init(remote book: any RemoteAddressBook, forcesSave: Bool = false) {
        location = .remote(book)
        createsIfMissing = true
        self.forcesSave = forcesSave
    }

    /// A store in memory, starting with `cards` (pass `[]` for an empty one).
    ///
    /// ```swift
    /// let store = ContactStore(inMemory: try VCardDecoder().decode(text).cards)
    /// ```
    public convenience init(inMemory cards: [VCard]) {
        self.init(inMemoryBytes: VCardWriter().encode(cards))
    }

    /// A store in memory holding the cards of `bytes` (read as a file's bytes would be).
    init(inMemoryBytes bytes: [UInt8]) {
        location = .memory(bytes)
        createsIfMissing = true
        forcesSave = false
    }

    /// The contacts that match, with `keysToFetch` decoded (plus what the predicate needs). Only
    /// the matches are decoded and kept.
    ///
    /// ```swift
    /// let team = try store.unifiedContacts(matching: .matchingEmailAddresses(addresses, label: .work),
    ///                                      keysToFetch: [.emailAddresses, .phoneNumbers])
    /// ```
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public func unifiedContacts(
        matching predicate: ContactPredicate = .all,
        keysToFetch: Set<ContactKey> = ContactKey.all
    ) throws(ContactStoreError) -> [Contact] {
        var matches = try self.matches(FetchRequest(keysToFetch: keysToFetch, predicate: predicate))
        var result: [Contact] = []
        while let contact = try next(&matches) { result.append(contact) }
        return result
    }

    /// The contact with this identifier (one kept from an earlier fetch, even by another process).
    ///
    /// ```swift
    /// let ada = try store.unifiedContact(withIdentifier: savedIdentifier, keysToFetch: [.phoneNumbers])
    /// ```
    /// - Throws: ``ContactStoreError/contactNotFound(identifier:name:)`` when there is none.
    public func unifiedContact(withIdentifier identifier: String, keysToFetch: Set<ContactKey>) throws(ContactStoreError) -> Contact {
        guard let contact = try unifiedContacts(matching: .matchingIdentifiers([identifier]), keysToFetch: keysToFetch).first else {
            throw .contactNotFound(identifier: identifier, name: "")
        }
        return contact
    }

    /// Calls `body` with each contact that matches the request, in store order, decoding one card
    /// at a time: memory stays flat however large the store. Set `stop` to end early. With a
    /// ``FetchRequest/sortOrder`` other than `.none`, the matches' names are read first and only
    /// their sort keys kept; the contacts are then decoded one at a time in that order.
    ///
    /// ```swift
    /// try store.enumerateContacts(with: FetchRequest(keysToFetch: [.names])) { contact, stop in
    ///     if contact.familyName == "Hopper" { stop = true }
    /// }
    /// ```
    /// - Throws: a ``ContactStoreError``, or what `body` throws.
    public func enumerateContacts(with request: FetchRequest, usingBlock body: (Contact, _ stop: inout Bool) throws -> Void) throws {
        var matches = try self.matches(request)
        var stop = false
        while !stop, let contact = try next(&matches) { try body(contact, &stop) }
    }

    /// The cards a fetch decodes: those the index says can match.
    struct Matches {
        let index: StoreIndex
        var positions: [StoreIndex.Position]
        let request: FetchRequest
        var keys: Set<ContactKey>
        var next = 0
    }

    private func matches(_ request: FetchRequest) throws(ContactStoreError) -> Matches {
        let index = try currentIndex()
        let matches = Matches(
            index: index, positions: index.candidates(request.predicate.lookup), request: request,
            keys: request.keysToFetch.union(request.predicate.requiredKeys).union(request.sortOrder.requiredKeys))
        return request.sortOrder == .none ? matches : try sorted(matches)
    }

    /// The matches in the request's sort order: one pass reads each candidate's names and keeps
    /// the sort keys of those that match.
    private func sorted(_ matches: Matches) throws(ContactStoreError) -> Matches {
        var reading = matches
        reading.keys = matches.request.predicate.requiredKeys.union(matches.request.sortOrder.requiredKeys)
        var keyed: [(key: [String], position: StoreIndex.Position)] = []
        while let contact = try next(&reading) {
            keyed.append((matches.request.sortOrder.sortKey(contact), reading.positions[reading.next - 1]))
        }
        var result = matches
        result.positions = keyed.enumerated().sorted { a, b in
            if ContactSortOrder.precedes(a.element.key, b.element.key) { return true }
            if ContactSortOrder.precedes(b.element.key, a.element.key) { return false }
            return a.offset < b.offset
        }.map(\.element.position)
        return result
    }

    /// The next contact that matches, or `nil`. A card that no longer reads as indexed makes the
    /// store index its files again on the next call.
    private func next(_ matches: inout Matches) throws(ContactStoreError) -> Contact? {
        while matches.next < matches.positions.count {
            let position = matches.positions[matches.next]
            matches.next += 1
            let slot = matches.index[position]
            let card: VCard
            do { card = try matches.index.files[position.file].card(slot) } catch {
                state.withLock { $0 = nil }
                throw error
            }
            var contact = Contact(card: card, keys: matches.keys, identifier: slot.identifier, hasGeneratedIdentifier: !slot.hasUID)
            contact.revision = slot.revision
            if matches.request.predicate.evaluate(contact) { return contact }
        }
        return nil
    }

    // MARK: - Reading

    /// The index, brought up to date.
    func currentIndex() throws(ContactStoreError) -> StoreIndex {
        try state.withLock { (cached: inout StoreIndex?) throws(ContactStoreError) -> StoreIndex in
            try refresh(&cached)
            return cached!
        }
    }

    /// Brings the index up to date: files whose fingerprint changed are indexed again, the others kept.
    func refresh(_ cached: inout StoreIndex?) throws(ContactStoreError) {
        switch location {
        case .memory(let bytes):
            if cached == nil { cached = StoreIndex(files: [try IndexedFile.scan(bytes: bytes)]) }
        case .remote(let book):
            try refresh(&cached, from: book)
        case .file(let path):
            let now = FileFingerprint(path: path)
            if now == nil && !createsIfMissing { throw missing(path) }
            if let index = cached, index.files[0].fingerprint == now { return }
            cached = StoreIndex(files: [try IndexedFile.scan(path: path, keepOpen: true)])
        case .directory(let path):
            guard VCardFolder.isDirectory(path) else {
                if !createsIfMissing { throw missing(path) }
                cached = StoreIndex(files: [])
                return
            }
            let listing = try VCardFolder.listing(in: path)
            if let index = cached, index.folderListing == listing.digest { return }
            let found = listing.regularFiles()
            var files = cached?.files ?? []
            cached = nil
            // Both lists are in name order: keep each file that is unchanged, index the others.
            var next: [IndexedFile] = []
            next.reserveCapacity(found.count)
            var stale: [Int] = []
            var old = 0
            for (name, fingerprint) in found {
                let file = path + "/" + name
                while old < files.count, files[old].path!.utf8.lexicographicallyPrecedes(file.utf8) { old += 1 }
                if old < files.count, files[old].path == file, files[old].fingerprint == fingerprint {
                    next.append(files[old])
                } else {
                    stale.append(next.count)
                    next.append(IndexedFile(path: file))
                }
            }
            files = []
            try IndexedFile.scanInParallel(&next, at: stale)
            cached = StoreIndex(files: next)
            cached?.folderListing = listing.digest
        }
    }

    private func missing(_ path: String) -> ContactStoreError {
        .unreadable(path: path, reason: "\(String(cString: strerror(ENOENT))) (pass creatingIfMissing: true to start a new one)")
    }
}
