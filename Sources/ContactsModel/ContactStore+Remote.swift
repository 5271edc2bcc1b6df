import VCardParser

/// A store of a ``RemoteAddressBook``: each resource is indexed as a file named by its href, so
/// fetching, planning and checking a save are those of a folder store; only the transport differs.
extension ContactStore {
    /// Brings the index up to date with the server: the resources are listed, and only those whose
    /// entity tag changed (or that have none) are downloaded and indexed again.
    func refresh(_ cached: inout StoreIndex?, from book: any RemoteAddressBook) throws(ContactStoreError) {
        let listing: [RemoteResource]
        do { listing = try book.list() } catch { throw Self.unreadable(error) }
        var known: [String: IndexedFile] = [:]
        for file in cached?.files ?? [] { known[file.path!] = file }
        var files: [IndexedFile] = []
        var stale: [String] = []
        for resource in listing.sorted(by: { $0.href.utf8.lexicographicallyPrecedes($1.href.utf8) }) {
            if let file = known[resource.href], let tag = resource.entityTag, file.entityTag == tag {
                files.append(file)
            } else {
                stale.append(resource.href)
                files.append(IndexedFile(path: resource.href))
            }
        }
        if !stale.isEmpty {
            let fetched: [(resource: RemoteResource, bytes: [UInt8])]
            do { fetched = try book.fetch(stale) } catch { throw Self.unreadable(error) }
            var downloaded: [String: IndexedFile] = [:]
            for (resource, bytes) in fetched {
                var file = try IndexedFile.scan(bytes: bytes, name: resource.href)
                file.path = resource.href
                file.entityTag = resource.entityTag
                downloaded[resource.href] = file
            }
            // A resource deleted between the listing and the download is gone from the index.
            files = files.compactMap { file in file.slots.isEmpty && file.bytes == nil ? downloaded[file.path!] : file }
        }
        cached = StoreIndex(files: files)
    }

    /// Checks `request` against the server's resources as they are now, then writes each changed
    /// resource on the condition that it is still the version read: replaced or deleted with its
    /// entity tag, created only where no resource of that name exists.
    func save(_ request: SaveRequest, _ cached: inout StoreIndex?, to book: any RemoteAddressBook) throws(ContactStoreError) {
        try refresh(&cached, from: book)
        var index = cached!
        let plan = try plan(request, index)
        let edits = plan.edits.sorted { $0.key < $1.key }
        // Every refusal before the first write. A resource holds one card (RFC 6352 §5.1).
        for (f, edit) in edits {
            let file = index.files[f]
            if !edit.added.isEmpty { throw Self.oneCardOnly(file.path!) }
            if file.entityTag == nil { throw .writeFailed(path: file.path!, reason: "the server gave no entity tag, so it cannot be changed safely") }
        }
        if let (name, _) = plan.newFiles.first(where: { $0.cards.count != 1 }) { throw Self.oneCardOnly(name) }

        cached = nil  // until every resource is written: a failure part way leaves the index to be read again
        var saved: [String] = []
        var notSaved = edits.map { index.files[$0.key].path! } + plan.newFiles.map(\.name)
        func stopped(_ error: ContactStoreError) -> ContactStoreError {
            saved.isEmpty ? error : .partiallySaved(saved: saved, notSaved: notSaved, reason: error.description)
        }
        var emptied = Set<Int>()
        for (f, edit) in edits {
            let file = index.files[f]
            let href = file.path!
            do throws(ContactStoreError) {
                if edit.empties(file) {
                    try Self.remote(file) { () throws(RemoteAddressBookError) in try book.delete(href, ifMatch: file.entityTag!) }
                    emptied.insert(f)
                } else {
                    var written = try write(file, edit, in: nil)
                    written.path = href
                    written.entityTag = try Self.remote(file) { () throws(RemoteAddressBookError) in
                        try book.replace(href, with: written.bytes!, ifMatch: file.entityTag!)
                    }
                    index.files[f] = written
                }
            } catch {
                throw stopped(error)
            }
            saved.append(notSaved.removeFirst())
        }
        for (name, cards) in plan.newFiles {
            do throws(ContactStoreError) {
                let resource = try Self.remote(nil) { () throws(RemoteAddressBookError) in try book.create(cards[0], named: name) }
                var file = try IndexedFile.scan(bytes: cards[0], name: resource.href)
                file.path = resource.href
                file.entityTag = resource.entityTag
                index.files.append(file)
            } catch {
                throw stopped(error)
            }
            saved.append(notSaved.removeFirst())
        }
        index.files = index.files.indices.filter { !emptied.contains($0) }.map { index.files[$0] }
        index.files.sort { $0.path!.utf8.lexicographicallyPrecedes($1.path!.utf8) }
        index.rebuild()
        cached = index
    }

    private static func unreadable(_ error: RemoteAddressBookError) -> ContactStoreError {
        switch error {
        case .changed(let href): return .unreadable(path: href, reason: "changed while it was being read; fetch again")
        case .locked(let href): return .unreadable(path: href, reason: "locked by another client's write; try again")
        case .failed(let href, let message): return .unreadable(path: href, reason: message)
        }
    }

    /// Runs one request to the server: a refused condition is a conflict of the contact in `file`
    /// (a new resource's name taken meanwhile: of the resource); any other failure a failed write.
    private static func remote<T>(_ file: IndexedFile?, _ body: () throws(RemoteAddressBookError) -> T) throws(ContactStoreError) -> T {
        do { return try body() } catch {
            switch error {
            case .changed(let href):
                let slot = file?.slots.first
                throw .conflict(identifier: slot?.identifier ?? href, name: slot?.group?.name ?? "")
            case .locked(let href): throw .writeFailed(path: href, reason: "locked by another client's write; try again")
            case .failed(let href, let message): throw .writeFailed(path: href, reason: message)
            }
        }
    }

    private static func oneCardOnly(_ name: String) -> ContactStoreError {
        .writeFailed(path: name, reason: "a resource of a remote address book holds one card (add the contact to no container, or to a new one)")
    }
}
