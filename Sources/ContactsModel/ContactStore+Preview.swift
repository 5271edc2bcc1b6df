import VCardParser

extension ContactStore {
    /// One file a save would change: its bytes now and after the save (as UTF-8 text).
    package struct FileChange: Sendable {
        /// The file's path (`(memory)` for an in-memory store).
        package var path: String
        /// The bytes now; `nil` for a file the save creates.
        package var old: [UInt8]?
        /// The bytes after the save; `nil` for a file the save removes.
        package var new: [UInt8]?
    }

    /// What ``execute(_:)`` would write for `request`, checked as it checks it, without
    /// writing anything: the files it changes, in store order, then the files it adds.
    ///
    /// ```swift
    /// for change in try store.preview(request) { print(change.path, change.new == nil ? "removed" : "written") }
    /// ```
    /// - Throws: what ``execute(_:)`` would throw before writing.
    package func preview(_ request: SaveRequest) throws(ContactStoreError) -> [FileChange] {
        let index = try state.withLock { (cached: inout StoreIndex?) throws(ContactStoreError) -> StoreIndex in
            try refresh(&cached)
            return cached!
        }
        let plan = try plan(request, index)
        var changes: [FileChange] = []
        for (f, edit) in plan.edits.sorted(by: { $0.key < $1.key }) {
            let file = index.files[f]
            let name = file.path ?? "(memory)"
            var old = file.bytes ?? []
            if file.bytes == nil { old = try OpenFile.read(0..<Int(file.fingerprint?.size ?? 0), atPath: name) }
            var new: [UInt8] = []
            do {
                _ = try edit.write(file, read: { range in Array(old[range]) }, to: { new += $0 })
            } catch {
                throw .writeFailed(path: name, reason: "\(error)")
            }
            var isRemoved = false
            switch location {
            case .directory, .remote: isRemoved = edit.empties(file)
            case .file, .memory: break
            }
            changes.append(FileChange(path: name, old: old, new: isRemoved ? nil : new))
        }
        switch location {
        case .directory(let folder):
            changes += plan.newFiles.map { FileChange(path: folder + "/" + $0.name, old: nil, new: $0.cards.flatMap { $0 }) }
        case .remote:
            changes += plan.newFiles.map { FileChange(path: $0.name, old: nil, new: $0.cards.flatMap { $0 }) }
        case .file, .memory: break
        }
        return changes
    }
}

extension ContactStore {
    /// The path of the file that holds the contact with this identifier, as last indexed
    /// (`(memory)` in memory); `nil` when there is none.
    ///
    /// ```swift
    /// store.path(of: ada.identifier)   // "contacts/ada.vcf"
    /// ```
    package func path(of identifier: String) -> String? {
        state.withLock { cached in
            guard let index = cached, let position = index.byIdentifier[identifier] else { return nil }
            return index.files[position.file].path ?? "(memory)"
        }
    }
}
