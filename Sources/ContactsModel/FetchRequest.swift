/// What ``ContactStore/enumerateContacts(with:usingBlock:)`` returns: the contacts that match
/// `predicate`, with `keysToFetch` decoded (plus what the predicate needs).
///
/// ```swift
/// let request = FetchRequest(keysToFetch: [.names, .emailAddresses], predicate: .matchingName("ada"))
/// try store.enumerateContacts(with: request) { contact, stop in
///     print(contact.formattedName)
/// }
/// ```
public struct FetchRequest: Sendable {
    /// The keys to decode; reading any other property of a fetched contact is an error.
    public var keysToFetch: Set<ContactKey>
    /// Which contacts; `.all` by default.
    public var predicate: ContactPredicate

    /// A request for every contact, or those matching `predicate`.
    public init(keysToFetch: Set<ContactKey>, predicate: ContactPredicate = .all) {
        self.keysToFetch = keysToFetch
        self.predicate = predicate
    }
}
