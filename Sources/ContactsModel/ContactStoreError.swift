/// Why a fetch or a save failed; each message says what to do.
///
/// ```swift
/// do { try store.execute(request) }
/// catch .conflict(let identifier, let name) { print("\(name) (\(identifier)) changed since it was fetched; fetch it again") }
/// catch { print(error) }
/// ```
public enum ContactStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's file or folder could not be read (or does not exist, and the store was not
    /// asked to create it).
    case unreadable(path: String, reason: String)
    /// The file has problems the parser could not fully understand; saving could lose data.
    case notUnderstood(path: String, line: Int, message: String)
    /// An update or delete names a contact that is not in the store.
    case contactNotFound(identifier: String, name: String)
    /// An add names a contact that is already in the store.
    case duplicateIdentifier(String)
    /// The contact's card (or the group's: its card, or the cards listing its category) changed
    /// since it was fetched (or it was not fetched from a store at all): saving it would undo
    /// that change.
    case conflict(identifier: String, name: String)
    /// A change names a group that is not in the store.
    case groupNotFound(identifier: String, name: String)
    /// An add names a container the store does not have: a file or memory store has one (see
    /// ``ContactStore/containers(matching:)``).
    case containerNotFound(String)
    /// A program that does not take the folder's lock changed the file while it was being written.
    case fileChanged(path: String)
    /// A property whose key was not fetched was changed; its edit cannot be saved.
    case propertyNotFetched(ContactKey)
    /// Writing failed; the original is intact.
    case writeFailed(path: String, reason: String)
    /// A save to a remote address book stopped part way (HTTP has no transaction): the resources
    /// in `saved` were written (created, replaced or deleted) and those in `notSaved` were not;
    /// `reason` is the failure that stopped it, as ``description`` would tell it. Fetch again,
    /// and redo the changes of `notSaved`.
    case partiallySaved(saved: [String], notSaved: [String], reason: String)

    /// A message that says what happened and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .notUnderstood(let path, let line, let message):
            return "\(path):\(line): \(message); not saving, so nothing is lost (fix the file or force the save)"
        case .contactNotFound(let id, let name):
            return "contact \(Self.named(name))(\(id)) is not in the store; nothing was saved"
        case .duplicateIdentifier(let id): return "a contact with identifier \(id) is already in the store; nothing was saved"
        case .conflict(let id, let name):
            return "\(Self.named(name))(\(id)) changed since it was fetched; nothing was saved (fetch it again and redo the edit)"
        case .groupNotFound(let id, let name):
            return "group \(Self.named(name))(\(id)) is not in the store; nothing was saved"
        case .containerNotFound(let id):
            return "container '\(id)' is not in this store (a file or memory store has one, its file's name or 'memory': see containers(matching:)); nothing was saved"
        case .fileChanged(let path): return "\(path) changed on disk while it was being written; nothing was saved (try again)"
        case .propertyNotFetched(let key):
            return "'\(key.rawValue)' was changed but not fetched; nothing was saved (add .\(key.rawValue) to keysToFetch)"
        case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason); the original is unchanged"
        case .partiallySaved(let saved, let notSaved, let reason):
            return "\(reason); the save stopped part way: saved \(saved.joined(separator: ", ")); not saved \(notSaved.joined(separator: ", "))"
        }
    }

    private static func named(_ name: String) -> String { name.isEmpty ? "" : "'\(name)' " }
}

extension ContactStoreError {
    /// The store's form of a failed file write.
    init(_ error: FileWriteError) {
        switch error {
        case .failed(let path, let reason), .refused(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .conflict(let path): self = .fileChanged(path: path)
        }
    }
}
