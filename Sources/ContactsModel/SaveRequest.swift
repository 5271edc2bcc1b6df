import VCardParser

/// A batch of changes for ``ContactStore/execute(_:)``: all of it is applied, or none.
///
/// ```swift
/// var request = SaveRequest()
/// request.update(changedContact)             // fetched from the store, then edited
/// request.add(newContact, toContainerWithIdentifier: nil)
/// request.add(oldStyle, toContainerWithIdentifier: nil, version: .v3)
/// request.delete(oldContact)
/// request.merge([sam, samuel], keeping: sam)  // samuel's values go into sam; samuel is deleted
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
        /// The kept contact updated with what the others add (``Contact/merging(_:)``), and the
        /// others deleted.
        case merge(Contact, mergingAway: [Contact])
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

    /// Merges contacts of the store that are the same person: `kept` is updated with what the
    /// others add (``Contact/merging(_:)``: a union of the repeatable values, a differing single
    /// value kept as `X-MERGED-<NAME>`) and the others are deleted, in the same all-or-nothing
    /// save. Each of them must be as fetched: if one changed on disk since, the save fails with
    /// ``ContactStoreError/conflict(identifier:name:)`` and nothing is written.
    ///
    /// ```swift
    /// let group = try store.unifiedContacts(matching: .matchingEmailAddress("sam@shared.example", label: nil))
    /// var request = SaveRequest()
    /// request.merge(group, keeping: group[0])
    /// try store.execute(request)
    /// ```
    /// - Parameters:
    ///   - contacts: the contacts of one person, in order; `kept` among them or not.
    ///   - kept: the contact that stays, in its place.
    public mutating func merge(_ contacts: [Contact], keeping kept: Contact) {
        changes.append(.merge(kept, mergingAway: contacts.filter { $0.identifier != kept.identifier }))
    }

    /// Merges contacts of the store that are the same person, keeping the first (`.old`) or the
    /// last (`.new`); see ``merge(_:keeping:)``. An empty list queues nothing.
    ///
    /// ```swift
    /// request.merge([sam, samuel, samApple], prefer: .old)   // sam is kept
    /// ```
    public mutating func merge(_ contacts: [Contact], prefer policy: MergePolicy) {
        guard !contacts.isEmpty else { return }
        merge(contacts, keeping: contacts[policy.keptIndex(among: contacts.count)])
    }

    /// Whether nothing is queued.
    public var isEmpty: Bool { changes.isEmpty }
}
