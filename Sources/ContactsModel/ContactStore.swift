import Synchronization
import VCardParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An address book backed by a `.vcf` file, a folder of `.vcf` files (the vdir layout of
/// vdirsyncer and khard), or memory.
///
/// Fetches read the current state from disk. ``execute(_:)`` checks the whole request, then writes
/// all of it or nothing, atomically, and fails with ``ContactStoreError/conflict(path:)`` rather
/// than overwrite a file that changed since it was read. Cards that were not touched are written
/// back byte for byte.
/// ```swift
/// let store = ContactStore(fileAt: "contacts.vcf")
/// let matches = try store.unifiedContacts(matching: .matchingEmailAddress("ada@example.com", label: .work),
///                                         keysToFetch: [.emailAddresses, .phoneNumbers])
/// guard var ada = matches.first else { return }
/// ada.phoneNumbers[0] = ada.phoneNumbers[0].settingValue(PhoneNumber(stringValue: "+1 555 0199"))
/// var request = SaveRequest()
/// request.update(ada)
/// try store.execute(request)
/// ```
public final class ContactStore: Sendable {
    enum Location: Sendable {
        case file(String)
        case directory(String)
        case memory
    }

    let location: Location
    /// Save even when a file had problems the parser could not fully understand.
    public let forcesSave: Bool
    private let state: Mutex<[Container]?>

    /// A store in one `.vcf` file (created on the first save if it does not exist).
    public init(fileAt path: String, forcesSave: Bool = false) {
        location = .file(path)
        self.forcesSave = forcesSave
        state = Mutex(nil)
    }

    /// A store in a folder with one `.vcf` file per contact.
    public init(directoryAt path: String, forcesSave: Bool = false) {
        location = .directory(path)
        self.forcesSave = forcesSave
        state = Mutex(nil)
    }

    /// A store in memory, holding `cards`.
    public init(cards: [VCard] = []) {
        location = .memory
        forcesSave = false
        let entries = cards.map { Container.Entry(card: $0, identifier: Contact(card: $0, keys: []).identifier) }
        state = Mutex([Container(path: nil, fingerprint: nil, entries: entries)])
    }

    /// The contacts that match, with `keysToFetch` decoded (plus what the predicate needs).
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public func unifiedContacts(matching predicate: ContactPredicate = .all,
                                keysToFetch: Set<ContactKey> = ContactKey.all) throws(ContactStoreError) -> [Contact] {
        let containers = try state.withLock { (cached: inout [Container]?) throws(ContactStoreError) -> [Container] in
            try refresh(&cached)
            return cached!
        }
        let keys = keysToFetch.union(predicate.requiredKeys)
        var result: [Contact] = []
        for container in containers {
            for entry in container.entries where predicate.mightMatch(entry.card) {
                let contact = Contact(card: entry.card, keys: keys, identifier: entry.identifier)
                if predicate.evaluate(contact) { result.append(contact) }
            }
        }
        return result
    }

    /// Applies the whole request or none of it.
    /// - Throws: ``ContactStoreError``: a contact not found, a duplicate add, a conflict with a
    ///   change on disk, a file not fully understood (unless ``forcesSave``), or a failed write.
    public func execute(_ request: SaveRequest) throws(ContactStoreError) {
        try state.withLock { (cached: inout [Container]?) throws(ContactStoreError) in
            guard let directory = try openDirectory() else { return try save(request, &cached, in: nil) }
            try directory.withLock { () throws(ContactStoreError) in try save(request, &cached, in: directory) }
        }
    }

    /// Applies `request` to the cards, then writes the files it changed; the caller holds the
    /// folder's lock.
    private func save(_ request: SaveRequest, _ cached: inout [Container]?, in directory: OpenDirectory?) throws(ContactStoreError) {
            if cached == nil { try refresh(&cached) }
            var containers = cached!
            try checkUnchangedOnDisk(containers)
            var changed = Set<Int>()
            var removedFiles: [String] = []
            for change in request.changes {
                switch change {
                case .update(let contact):
                    guard let (c, e) = find(contact.identifier, in: containers) else {
                        throw .contactNotFound(identifier: contact.identifier, name: contact.formattedName)
                    }
                    containers[c].entries[e].card = contact.vCard(writingGeneratedIdentifier: false)
                    changed.insert(c)
                case .delete(let contact):
                    guard let (c, e) = find(contact.identifier, in: containers) else {
                        throw .contactNotFound(identifier: contact.identifier, name: contact.formattedName)
                    }
                    containers[c].entries.remove(at: e)
                    changed.insert(c)
                    if containers[c].entries.isEmpty, case .directory = location, let path = containers[c].path {
                        removedFiles.append(path)
                    }
                case .add(let contact, let container):
                    guard find(contact.identifier, in: containers) == nil else { throw .duplicateIdentifier(contact.identifier) }
                    let index = try containerForAdd(contact, named: container, in: &containers)
                    let version = containers[index].entries.last?.card.version ?? .v4
                    containers[index].entries.append(Container.Entry(card: contact.vCard(version: version), identifier: contact.identifier))
                    changed.insert(index)
                }
            }
            if !forcesSave {
                for index in changed.sorted() {
                    if let problem = containers[index].problem {
                        throw .notUnderstood(path: containers[index].path ?? "", line: problem.position.line, message: problem.message)
                    }
                }
            }
            try write(containers, changed: changed, removing: removedFiles, in: directory)
            cached = reread(containers, changed: changed, removed: removedFiles)
    }

    // MARK: - Reading

    private func refresh(_ cached: inout [Container]?) throws(ContactStoreError) {
        switch location {
        case .memory:
            return
        case .file(let path):
            if let c = cached, c.count == 1, c[0].fingerprint == FileFingerprint(path: path) { return }
            var container = try Container.read(path: path)
            keepGeneratedIdentifiers(from: cached, into: &container)
            cached = [container]
        case .directory(let path):
            var containers: [Container] = []
            let names: [String]
            names = VCardFolder.isDirectory(path) ? try VCardFolder.fileNames(in: path) : []
            for name in names {
                let file = path + "/" + name
                if let old = cached?.first(where: { $0.path == file }), old.fingerprint == FileFingerprint(path: file) {
                    containers.append(old)
                } else {
                    var container = try Container.read(path: file)
                    keepGeneratedIdentifiers(from: cached, into: &container)
                    containers.append(container)
                }
            }
            cached = containers
        }
    }

    /// Cards without a UID keep the identifier they were given the first time, as long as they
    /// are unchanged.
    private func keepGeneratedIdentifiers(from cached: [Container]?, into container: inout Container) {
        guard let old = cached?.first(where: { $0.path == container.path }) else { return }
        for i in container.entries.indices where container.entries[i].card.uid == nil {
            if let match = old.entries.first(where: { $0.card.uid == nil && $0.card == container.entries[i].card }) {
                container.entries[i].identifier = match.identifier
            }
        }
    }

    private func find(_ identifier: String, in containers: [Container]) -> (Int, Int)? {
        for (c, container) in containers.enumerated() {
            if let e = container.entries.firstIndex(where: { $0.identifier == identifier }) { return (c, e) }
        }
        return nil
    }

    /// The containers as now on disk, each card keeping the identifier it had (so a card without
    /// a UID is still found by the identifier it was given).
    private func reread(_ containers: [Container], changed: Set<Int>, removed: [String]) -> [Container]? {
        var result: [Container] = []
        for (index, container) in containers.enumerated() {
            guard let path = container.path, changed.contains(index) else { result.append(container); continue }
            if removed.contains(path) { continue }
            guard var fresh = try? Container.read(path: path), fresh.entries.count == container.entries.count else { return nil }
            for i in fresh.entries.indices { fresh.entries[i].identifier = container.entries[i].identifier }
            result.append(fresh)
        }
        return result
    }

    // MARK: - Writing

    /// The folder the store's files are in (a folder store's is created if missing); `nil` in memory.
    private func openDirectory() throws(ContactStoreError) -> OpenDirectory? {
        let folder: String
        switch location {
        case .memory: return nil
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

    private func checkUnchangedOnDisk(_ containers: [Container]) throws(ContactStoreError) {
        for container in containers {
            guard let path = container.path else { continue }
            if FileFingerprint(path: path) != container.fingerprint { throw .conflict(path: path) }
        }
    }

    private func containerForAdd(_ contact: Contact, named name: String?, in containers: inout [Container]) throws(ContactStoreError) -> Int {
        switch location {
        case .memory, .file:
            if containers.isEmpty { containers.append(Container(path: nil, fingerprint: nil, entries: [])) }
            return 0
        case .directory(let directory):
            let base = SafeFileName.make(from: name ?? contact.identifier)
            var file = directory + "/" + (base.lowercased().hasSuffix(".vcf") ? base : base + ".vcf")
            var n = 1
            while FileFingerprint(path: file) != nil || containers.contains(where: { $0.path == file }) {
                n += 1
                file = directory + "/" + base + "-\(n).vcf"
            }
            containers.append(Container(path: file, fingerprint: nil, entries: []))
            return containers.count - 1
        }
    }

    private func write(_ containers: [Container], changed: Set<Int>, removing removedFiles: [String],
                       in directory: OpenDirectory?) throws(ContactStoreError) {
        guard let directory else { return }
        do {
            for index in changed.sorted() {
                let container = containers[index]
                guard let path = container.path, !removedFiles.contains(path) else { continue }
                try FileRewrite.rewrite(fileName(of: path), in: directory, options: FileRewrite.Options(force: forcesSave)) { _, output in
                    try output.write(container.serialized())
                    return true
                }
            }
            for path in removedFiles { try directory.remove(fileName(of: path)) }
            directory.sync()
        } catch let error as FileWriteError {
            throw ContactStoreError(error)
        } catch {
            throw .writeFailed(path: directory.path, reason: "\(error)")
        }
    }

    /// The name, in the store's folder, of the file at `path` (a file store's path may be a link).
    private func fileName(of path: String) -> String {
        if case .file = location { return FileRewrite.locate(path).name }
        return String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
    }
}
