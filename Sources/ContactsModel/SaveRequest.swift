/// A batch of changes for ``ContactStore/execute(_:)``: all of it is applied, or none.
///
/// ```swift
/// var request = SaveRequest()
/// request.update(changedContact)
/// request.add(newContact, toContainerWithIdentifier: nil)
/// request.delete(oldContact)
/// try store.execute(request)
/// ```
public struct SaveRequest: Sendable {
    /// One queued change.
    public enum Change: Sendable {
        case add(Contact, container: String?)
        case update(Contact)
        case delete(Contact)
    }

    /// The changes, in the order they were queued.
    public private(set) var changes: [Change] = []

    /// An empty request.
    public init() {}

    /// Adds a new contact; `container` names a file of a folder store (default: one from the UID).
    public mutating func add(_ contact: Contact, toContainerWithIdentifier container: String?) {
        changes.append(.add(contact, container: container))
    }

    /// Saves a changed contact over the one with the same identifier.
    public mutating func update(_ contact: Contact) { changes.append(.update(contact)) }

    /// Removes the contact with this identifier.
    public mutating func delete(_ contact: Contact) { changes.append(.delete(contact)) }

    /// Whether nothing is queued.
    public var isEmpty: Bool { changes.isEmpty }
}
