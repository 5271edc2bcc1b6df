import VCardParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ContactStore {
    /// Applies the whole request or none of it.
    ///
    /// ```swift
    /// var request = SaveRequest()
    /// request.update(ada)            // fetched from this store or another on the same file
    /// try store.execute(request)
    /// ```
    /// - Throws: ``ContactStoreError``: a contact or group not found, a duplicate add, a container
    ///   the store does not have, a contact or group whose card changed since it was fetched
    ///   (``ContactStoreError/conflict(identifier:name:)``), a change to a key that was not
    ///   fetched, a file not fully understood (unless ``forcesSave``), or a failed write.
    public func execute(_ request: SaveRequest) throws(ContactStoreError) {
        try state.withLock { (cached: inout StoreIndex?) throws(ContactStoreError) in
            if case .remote(let book) = location { return try save(request, &cached, to: book) }
            if !createsIfMissing { try refresh(&cached) }  // a missing store is reported as such
            guard let directory = try openDirectory() else { return try save(request, &cached, in: nil) }
            try directory.withLock { () throws(ContactStoreError) in try save(request, &cached, in: directory) }
        }
    }

    /// What a request does to the store's files: the edits of its files (by index) and the new
    /// files of a folder store.
    struct SavePlan {
        var edits: [Int: FileEdit] = [:]
        var newFiles: [(name: String, cards: [[UInt8]])] = []
    }

    /// Checks the request against the index as now on disk, then writes the files it changes;
    /// the caller holds the folder's lock.
    private func save(_ request: SaveRequest, _ cached: inout StoreIndex?, in directory: OpenDirectory?) throws(ContactStoreError) {
        try refresh(&cached)
        var index = cached!
        let planned = try plan(request, index)
        let (edits, newFiles) = (planned.edits, planned.newFiles)
        if let directory {  // every refusal before the first write, so that it leaves every file as it was
            for (f, edit) in edits where !edit.empties(index.files[f]) {
                guard let path = index.files[f].path else { continue }
                do { try FileRewrite.checkRewritable(fileName(of: path), in: directory, options: FileRewrite.Options(force: forcesSave)) } catch {
                    throw ContactStoreError(error)
                }
            }
        }
        cached = nil  // until every file is written: a failure part way leaves the folder to be read again
        var emptied = Set<Int>()
        // Cards only rewritten in place, each keeping its identifier: the identifier table stays.
        var keepsIdentifiers = newFiles.isEmpty && edits.values.allSatisfy { $0.removed.isEmpty && $0.added.isEmpty }
        for (f, edit) in edits.sorted(by: { $0.key < $1.key }) {
            if directory != nil, case .directory = location, edit.empties(index.files[f]) {
                try remove(index.files[f], in: directory!)
                emptied.insert(f)
            } else {
                let old = index.files[f]
                index.files[f] = try write(old, edit, in: directory)
                keepsIdentifiers =
                    keepsIdentifiers
                    && edit.replaced.keys.allSatisfy { index.files[f].slots[$0].baseIdentifier == old.slots[$0].identifier }
            }
        }
        if let directory, case .directory(let folder) = location {
            for (name, cards) in newFiles {
                index.files.append(try write(IndexedFile(path: folder + "/" + name), FileEdit(added: cards), in: directory))
            }
            if !emptied.isEmpty {
                index.files = index.files.indices.filter { !emptied.contains($0) }.map { index.files[$0] }
            }
            if !newFiles.isEmpty { index.files.sort { $0.path!.utf8.lexicographicallyPrecedes($1.path!.utf8) } }
        }
        directory?.sync()
        index.folderListing = nil  // the folder changed: the next fetch compares its files one by one
        index.rebuild(keepingIdentifiers: keepsIdentifiers)
        cached = index
    }

    /// Checks the request against `index` and makes its plan.
    func plan(_ request: SaveRequest, _ index: StoreIndex) throws(ContactStoreError) -> SavePlan {
        let placement: SavePlanner.Placement
        switch location {
        case .file, .memory: placement = .oneFile
        case .directory(let path): placement = .folder(path)
        case .remote: placement = .resources
        }
        return try SavePlanner.plan(request, index: index, placement: placement, forcesSave: forcesSave)
    }

    /// Writes `file` with `edit` applied (in memory when there is no folder) and returns it indexed.
    func write(_ file: IndexedFile, _ edit: FileEdit, in directory: OpenDirectory?) throws(ContactStoreError) -> IndexedFile {
        let name = file.path ?? "(memory)"
        var result = file
        var text: [UInt8]? = file.bytes == nil ? nil : []
        let slots: [CardSlot]?
        do {
            guard let directory, let path = file.path else {
                slots = try edit.write(file, read: { range in Array(file.bytes![range]) }, to: { text! += $0 })
                result.bytes = text
                result.slots = slots ?? []
                return slots == nil ? try IndexedFile.scan(bytes: text!) : result
            }
            var written: [CardSlot]?
            try FileRewrite.rewrite(fileName(of: path), in: directory, options: FileRewrite.Options(force: forcesSave)) { source, output in
                try Self.check(source, isStillThe: file)
                text = file.bytes == nil ? nil : []
                written = try edit.write(
                    file,
                    read: { range throws(ContactStoreError) in
                        if let bytes = file.bytes { return Array(bytes[range]) }
                        return try OpenFile.read(range, from: source!, name: path)
                    },
                    to: { block in
                        if text != nil { text! += block } else { try output.write(block) }
                    })
                if let text { try output.write(file.encoding.encode(text, withByteOrderMark: true)) }
                return true
            }
            slots = written
        } catch let error as ContactStoreError {
            throw error
        } catch let error as FileWriteError {
            throw ContactStoreError(error)
        } catch {
            throw .writeFailed(path: name, reason: "\(error)")
        }
        var isSingleFile = false
        if case .file = location { isSingleFile = true }
        guard let slots, let path = file.path else { return try IndexedFile.scan(path: name, keepOpen: isSingleFile) }
        if isSingleFile {
            do { result.handle = try OpenFile(path: path) } catch { throw .unreadable(path: path, reason: error.message) }
            result.fingerprint = result.handle?.fingerprint
        } else {
            result.fingerprint = FileFingerprint(path: path)
        }
        if result.handle != nil, result.bytes != nil { result.handle = nil }
        result.slots = slots
        result.bytes = text
        return result
    }

    /// Refuses to write a file that changed since it was indexed (by a program that does not take the lock).
    private static func check(_ source: Int32?, isStillThe file: IndexedFile) throws(ContactStoreError) {
        var st = stat()
        let now = source.flatMap { fstat($0, &st) == 0 ? FileFingerprint(st) : nil }
        if now != file.fingerprint { throw .fileChanged(path: file.path ?? "") }
    }

    private func remove(_ file: IndexedFile, in directory: OpenDirectory) throws(ContactStoreError) {
        guard let path = file.path else { return }
        do { try directory.remove(fileName(of: path)) } catch { throw ContactStoreError(error) }
    }

    /// The folder the store's files are in (a folder store's is created if missing); `nil` in memory.
    private func openDirectory() throws(ContactStoreError) -> OpenDirectory? {
        let folder: String
        switch location {
        case .memory, .remote: return nil
        case .file(let path):
            folder = FileRewrite.locate(path).folder
            do { return try OpenDirectory(folder) } catch { throw .writeFailed(path: path, reason: error.reason) }
        case .directory(let path):
            if !VCardFolder.isDirectory(path), mkdir(path, 0o755) != 0 {
                throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            folder = path
        }
        do { return try OpenDirectory(folder) } catch { throw ContactStoreError(error) }
    }

    /// The name, in the store's folder, of the file at `path` (a file store's path may be a link).
    private func fileName(of path: String) -> String {
        if case .file = location { return FileRewrite.locate(path).name }
        return Container(path: path).identifier
    }
}

extension Contact {
    /// Throws when a property whose key was not fetched was changed.
    func checkOnlyFetchedKeysChanged() throws(ContactStoreError) {
        // A contact made in code has every key (and no values read: empty ones).
        guard fetchedKeys != ContactKey.all else { return }
        if let key = fields.keysChanged(from: original).subtracting(fetchedKeys).min(by: { $0.rawValue < $1.rawValue }) {
            throw .propertyNotFetched(key)
        }
    }
}
