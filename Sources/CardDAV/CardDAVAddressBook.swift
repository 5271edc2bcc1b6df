import ContactsModel
import Foundation

/// A CardDAV address book as a `RemoteAddressBook`, so that a
/// `ContactStore` works on it as on a file: `PROPFIND` lists the cards' ETags,
/// `addressbook-multiget` fetches the changed ones, and a save is `PUT` with `If-Match` (update),
/// `PUT` with `If-None-Match: *` (add) or `DELETE` with `If-Match`; `412 Precondition Failed`
/// becomes `ContactStoreError.conflict(identifier:name:)`.
///
/// Its calls block the calling thread until the server answers: use it from a thread of your
/// own (a command-line tool's main thread, a `Thread`), not from a task on Swift's cooperative pool.
///
/// ```swift
/// let client = DAVClient(credentials: Credentials.lookup(for: url))
/// let book = try await client.addressBook(at: url)
/// let store = ContactStore(cardDAV: book, client: client)
/// let ada = try store.unifiedContacts(matching: .matchingEmailAddress("ada@example.com", label: .work), keysToFetch: [.phoneNumbers])
/// ```
public struct CardDAVAddressBook: RemoteAddressBook {
    public let client: DAVClient
    public let book: AddressBook

    public init(_ book: AddressBook, client: DAVClient) {
        self.book = book
        self.client = client
    }

    public func list() throws(RemoteAddressBookError) -> [RemoteResource] {
        let (client, book) = (client, book)
        return try run(book.url.absoluteString) { try await client.cardReferences(in: book) }.map { RemoteResource(href: $0.href, entityTag: $0.etag) }
    }

    public func fetch(_ hrefs: [String]) throws(RemoteAddressBookError) -> [(resource: RemoteResource, bytes: [UInt8])] {
        let (client, book) = (client, book)
        return try run(book.url.absoluteString) { try await client.cards(at: hrefs, in: book) }.map {
            (RemoteResource(href: $0.reference.href, entityTag: $0.reference.etag), $0.bytes)
        }
    }

    public func create(_ bytes: [UInt8], named name: String) throws(RemoteAddressBookError) -> RemoteResource {
        let (client, book) = (client, book)
        let reference = try run(name) { try await client.add(bytes, named: name, in: book) }
        return RemoteResource(href: reference.href, entityTag: reference.etag)
    }

    public func replace(_ href: String, with bytes: [UInt8], ifMatch entityTag: String) throws(RemoteAddressBookError) -> String? {
        let client = client
        let url = try resolve(href)
        return try run(href) { try await client.update(bytes, at: url, etag: entityTag) }
    }

    public func delete(_ href: String, ifMatch entityTag: String) throws(RemoteAddressBookError) {
        let client = client
        let url = try resolve(href)
        try run(href) { try await client.delete(at: url, etag: entityTag) }
    }

    private func resolve(_ href: String) throws(RemoteAddressBookError) -> URL {
        do { return try client.url(of: href, in: book) } catch { throw .failed(href: href, message: error.description) }
    }

    /// Runs one client call to its end; a 412 is a changed resource, any other error a failure.
    private func run<T: Sendable>(_ href: String, _ work: @escaping @Sendable () async throws -> T) throws(RemoteAddressBookError) -> T {
        do { return try waitFor { try await work() } } catch let error as DAVError {
            if case .conflict = error { throw .changed(href: href) }
            if case .status(423, _, _) = error { throw .locked(href: href) }
            throw .failed(href: href, message: error.description)
        } catch {
            throw .failed(href: href, message: "\(error)")
        }
    }
}

extension ContactStore {
    /// A store of the CardDAV address book `book` (see ``CardDAVAddressBook``).
    ///
    /// ```swift
    /// let store = ContactStore(cardDAV: try await client.addressBook(at: url), client: client)
    /// ```
    public convenience init(cardDAV book: AddressBook, client: DAVClient, forcesSave: Bool = false) {
        self.init(remote: CardDAVAddressBook(book, client: client), forcesSave: forcesSave)
    }
}
