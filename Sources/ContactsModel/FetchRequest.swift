/// What ``ContactStore/enumerateContacts(with:usingBlock:)`` returns: the contacts that match
/// `predicate`, with `keysToFetch` decoded (plus what the predicate and the sort order need), in
/// `sortOrder`.
///
/// ```swift
/// var request = FetchRequest(keysToFetch: [.names, .emailAddresses], predicate: .matchingName("ada"))
/// request.sortOrder = .givenName
/// try store.enumerateContacts(with: request) { contact, stop in
///     print(contact.formattedName)
/// }
/// ```
public struct FetchRequest: Sendable {
    /// The keys to decode; reading any other property of a fetched contact is an error.
    public var keysToFetch: Set<ContactKey>
    /// Which contacts; `.all` by default.
    public var predicate: ContactPredicate
    /// The order of the contacts; ``ContactSortOrder/none`` (store order) by default, as in
    /// Apple's API. Any other order adds ``ContactKey/names`` and ``ContactKey/organization`` to
    /// the keys fetched.
    public var sortOrder: ContactSortOrder = .none
    /// Apple links the contacts of several accounts that are the same person into one unified
    /// contact. A vCard store is one account without such links: each card is one contact
    /// (cards that share a `UID` get identifiers of their own, see ``ContactStore``), so the
    /// contacts are the same whether this is `true` (the default, as in Apple's API) or `false`.
    /// To find cards that are the same person, use `DuplicateFinder`.
    public var unifyResults = true

    /// A request for every contact, or those matching `predicate`.
    public init(keysToFetch: Set<ContactKey>, predicate: ContactPredicate = .all) {
        self.keysToFetch = keysToFetch
        self.predicate = predicate
    }
}
