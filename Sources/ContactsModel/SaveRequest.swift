import VCardParser

/// A batch of changes for ``ContactStore/execute(_:)``: all of it is applied, or none.
///
/// ```swift
/// var request = SaveRequest()
/// request.update(changedContact)             // fetched from the store, then edited
/// request.add(newContact, toContainerWithIdentifier: nil)
/// request.add(oldStyle, toContainerWithIdentifier: nil, version: .v3)
/// request.delete(oldContact)
/// try store.execute(request)
/// ```
public struct SaveRequest: Sendable {
    /// One queued change.
    public enum Change: Sendable {
        /// A new contact, in a file of a folder store (`container`) and a version (`nil`: the
        /// store's: the version most of its 3.0 and 4.0 cards have, 4.0 for an empty store).
        case add(Contact, container: String?, version: VCardVersion?)
        case update(Contact)
        case delete(Contact)
    }

    /// The changes, in the order they were queued.
    public private(set) var changes: [Change] = []

    /// An empty request.
    public init() {}

    /// Adds a new contact; `container` names a file of a folder store (default: one from the
    /// identifier); `version` is the vCard version to write it in (default: the store's, never 2.1).
    public mutating func add(_ contact: Contact, toContainerWithIdentifier container: String?, version: VCardVersion? = nil) {
        changes.append(.add(contact, container: container, version: version))
    }

    /// Saves a contact fetched from the store and edited since: only the lines of the properties
    /// that changed are rewritten. Fails with ``ContactStoreError/conflict(identifier:name:)`` if
    /// its card changed after the fetch.
    public mutating func update(_ contact: Contact) { changes.append(.update(contact)) }

    /// Removes the contact's card (fetched from the store; its card must not have changed since).
    public mutating func delete(_ contact: Contact) { changes.append(.delete(contact)) }

    /// Whether nothing is queued.
    public var isEmpty: Bool { changes.isEmpty }
}
