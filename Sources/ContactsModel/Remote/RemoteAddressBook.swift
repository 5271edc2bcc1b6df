/// An address book a ``ContactStore`` reaches over a network: a collection of resources, each
/// holding one card and an entity tag that changes whenever the card does (a CardDAV collection,
/// RFC 6352). The `CardDAV` library's `CardDAVAddressBook` is one; a test can hold one in memory.
///
/// The store lists the resources, fetches those it has not seen at their entity tag, and writes
/// each change with a condition on the tag it read, so a change made by another client in the
/// meantime is refused (``RemoteAddressBookError/changed(href:)``) instead of overwritten.
///
/// ```swift
/// let store = ContactStore(remote: book)     // book: any RemoteAddressBook
/// let ada = try store.unifiedContacts(matching: .matchingEmailAddress("ada@example.com"), keysToFetch: [.phoneNumbers])
/// ```
public protocol RemoteAddressBook: Sendable {
    /// Every resource of the address book with its entity tag.
    func list() throws(RemoteAddressBookError) -> [RemoteResource]
    /// The bodies of the resources at `hrefs`, each with the entity tag of those bytes; a
    /// resource gone since it was listed is left out.
    func fetch(_ hrefs: [String]) throws(RemoteAddressBookError) -> [(resource: RemoteResource, bytes: [UInt8])]
    /// Creates a resource called `name` in the collection, failing with
    /// ``RemoteAddressBookError/changed(href:)`` when one exists.
    func create(_ bytes: [UInt8], named name: String) throws(RemoteAddressBookError) -> RemoteResource
    /// Replaces the resource at `href` if its entity tag is still `entityTag`; returns the new
    /// tag, or `nil` when the server did not tell it (it may have changed the card).
    func replace(_ href: String, with bytes: [UInt8], ifMatch entityTag: String) throws(RemoteAddressBookError) -> String?
    /// Deletes the resource at `href` if its entity tag is still `entityTag`.
    func delete(_ href: String, ifMatch entityTag: String) throws(RemoteAddressBookError)
}

/// A resource of a ``RemoteAddressBook``: where it is and the version the server has.
///
/// ```swift
/// let resource = RemoteResource(href: "/ada/contacts/ada.vcf", entityTag: "\"1a\"")
/// ```
public struct RemoteResource: Hashable, Sendable {
    /// The resource's path on the server.
    public var href: String
    /// Its entity tag; `nil` when the server gave none (the store then fetches it on every refresh).
    public var entityTag: String?

    public init(href: String, entityTag: String?) {
        self.href = href
        self.entityTag = entityTag
    }
}

/// Why a ``RemoteAddressBook`` operation failed.
///
/// ```swift
/// throw RemoteAddressBookError.changed(href: href)   // a 412 Precondition Failed
/// ```
public enum RemoteAddressBookError: Error, Equatable, Sendable {
    /// The resource changed (or appeared) on the server since its entity tag was read.
    case changed(href: String)
    /// The server is busy with another client's write to it (WebDAV's `423 Locked`); trying
    /// again shortly may succeed.
    case locked(href: String)
    /// Any other failure, with the server's or the connection's message.
    case failed(href: String, message: String)
}
