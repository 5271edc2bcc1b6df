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
        /// A new contact, in a container (``Container``; `nil`: the store's, or in a folder store
        /// a new file) and a version (`nil`: the store's: the version most of its 3.0 and 4.0
        /// cards have, 4.0 for an empty store).
        case add(Contact, container: String?, version: VCardVersion?)
        case update(Contact)
        case delete(Contact)
        /// The kept contact updated with what the others add (``Contact/merging(_:)``), and the
        /// others deleted.
        case merge(Contact, mergingAway: [Contact])
        /// A new group, in a container (`nil`: the store's, or in a folder store a new file).
        case addGroup(Group, container: String?)
        case updateGroup(Group)
        case deleteGroup(Group)
        case addMember(Contact, group: Group)
        case removeMember(Contact, group: Group)
    }

    /// The changes, in the order they were queued.
    public private(set) var changes: [Change] = []

    /// An empty request.
    public init() {}

    /// Adds a new contact; `container` is a ``Container``'s identifier: in a folder store an
    /// existing file to append the card to, or the name of a new file (default: one from the
    /// identifier); in a file or memory store its one container, or `nil`. `version` is the vCard
    /// version to write it in (default: the store's, never 2.1).
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

    /// Adds a new group, in the store's form: Apple's 3.0 card (`X-ADDRESSBOOKSERVER-KIND:group`)
    /// in a store whose cards are mostly 3.0, else a 4.0 `KIND:group` card; `container` as for a
    /// contact's add (``add(_:toContainerWithIdentifier:version:)``). Apple's
    /// `add(_:toContainerWithIdentifier:)` for a `CNMutableGroup`.
    ///
    /// ```swift
    /// let club = Group(name: "Book club")
    /// request.add(club, toContainerWithIdentifier: nil)
    /// request.addMember(ada, to: club)              // in the same request
    /// ```
    /// - Parameters:
    ///   - group: the new group (``Group/init(name:identifier:)``).
    ///   - container: a ``Container``'s identifier, or `nil`.
    public mutating func add(_ group: Group, toContainerWithIdentifier container: String?) {
        changes.append(.addGroup(group, container: container))
    }

    /// Renames a group fetched from the store: its card's `FN` (and Apple's `N`), or for a
    /// `CATEGORIES` group the name in each card listing it (its identifier then follows the new
    /// name). Fails with ``ContactStoreError/conflict(identifier:name:)`` if those cards changed
    /// since the fetch.
    ///
    /// ```swift
    /// friends.name = "Close friends"
    /// request.update(friends)
    /// ```
    public mutating func update(_ group: Group) { changes.append(.updateGroup(group)) }

    /// Removes a group fetched from the store: its card, or for a `CATEGORIES` group the name from
    /// each card listing it (a line left empty goes). The members stay. Fails with
    /// ``ContactStoreError/conflict(identifier:name:)`` if those cards changed since the fetch.
    ///
    /// ```swift
    /// request.delete(friends)
    /// ```
    public mutating func delete(_ group: Group) { changes.append(.deleteGroup(group)) }

    /// Makes a contact of the store (or one added in this request) a member of a group: a
    /// `MEMBER:urn:uuid:<identifier>` line (Apple's `X-ADDRESSBOOKSERVER-MEMBER` in its form) added
    /// to the group's card, with the contact's `UID` written first if its card has none; or, for
    /// a `CATEGORIES` group, the name added to the contact's `CATEGORIES`. A membership change is
    /// applied to the cards as they are when the request is executed, so it needs the group and
    /// the contact to exist, not to be unchanged since the fetch.
    ///
    /// ```swift
    /// request.addMember(ada, to: friends)
    /// ```
    /// - Parameters:
    ///   - contact: the new member.
    ///   - group: a group of the store, or one added in this request.
    public mutating func addMember(_ contact: Contact, to group: Group) { changes.append(.addMember(contact, group: group)) }

    /// Ends a contact's membership of a group: its member lines removed from the group's card, or
    /// the name removed from the contact's `CATEGORIES` (see ``addMember(_:to:)``).
    ///
    /// ```swift
    /// request.removeMember(ada, from: friends)
    /// ```
    /// - Parameters:
    ///   - contact: the member.
    ///   - group: a group of the store.
    public mutating func removeMember(_ contact: Contact, from group: Group) { changes.append(.removeMember(contact, group: group)) }

    /// Whether nothing is queued.
    public var isEmpty: Bool { changes.isEmpty }
}
