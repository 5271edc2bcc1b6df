/// Why a fetch or a save failed; each message says what to do.
///
/// ```swift
/// do { try store.execute(request) }
/// catch .conflict(let path) { print("\(path) changed on disk; fetch again and retry") }
/// catch { print(error) }
/// ```
public enum ContactStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// The file has problems the parser could not fully understand; saving could lose data.
    case notUnderstood(path: String, line: Int, message: String)
    /// An update or delete names a contact that is not in the store.
    case contactNotFound(identifier: String, name: String)
    /// An add names a contact that is already in the store.
    case duplicateIdentifier(String)
    /// The file changed on disk since the store read it.
    case conflict(path: String)
    /// Writing failed; the original is intact.
    case writeFailed(path: String, reason: String)

    /// A message that says what happened and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .notUnderstood(let path, let line, let message):
            return "\(path):\(line): \(message); not saving, so nothing is lost (fix the file or force the save)"
        case .contactNotFound(let id, let name):
            return "contact \(name.isEmpty ? "" : "'\(name)' ")(\(id)) is not in the store; nothing was saved"
        case .duplicateIdentifier(let id): return "a contact with identifier \(id) is already in the store; nothing was saved"
        case .conflict(let path): return "\(path) changed on disk since it was read; nothing was saved (fetch again and retry)"
        case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason); the original is unchanged"
        }
    }
}

extension ContactStoreError {
    /// The store's form of a failed file write.
    init(_ error: FileWriteError) {
        switch error {
        case .failed(let path, let reason), .refused(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .conflict(let path): self = .conflict(path: path)
        }
    }
}
