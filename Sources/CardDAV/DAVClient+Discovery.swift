import Foundation

extension DAVClient {
    /// The address books at `url` (RFC 6764 §6, RFC 6352 §7): `url` itself when it is an address
    /// book; else the members of its `addressbook-home-set`, found from `url`'s own properties or
    /// through `/.well-known/carddav` and the `current-user-principal`. A bare server URL
    /// (path `/`) tries the well-known URL first.
    ///
    /// ```swift
    /// let books = try await client.addressBooks(at: URL(string: "http://127.0.0.1:5232/")!)
    /// ```
    /// - Throws: ``DAVError``; ``DAVError/notFound(url:)`` when no home set is found.
    public func addressBooks(at url: URL) async throws(DAVError) -> [AddressBook] {
        let asked: [DAVName] = AddressBook.properties + [.currentUserPrincipal, .addressbookHomeSet]
        var start: (url: URL, response: Multistatus.Response)?
        if url.path.isEmpty || url.path == "/" { start = try? await properties(of: wellKnown(url), asked) }
        if start == nil { start = try await properties(of: url, asked) }
        guard let (found, response) = start else { throw .notFound(url: url.absoluteString) }
        if let book = AddressBook(response, url: found) { return [book] }
        if let home = response[.addressbookHomeSet]?.hrefs.first { return try await members(of: resolve(home, from: found)) }
        if let principalHref = response[.currentUserPrincipal]?.hrefs.first {
            let principal = try resolve(principalHref, from: found)
            let (principalURL, properties) = try await properties(of: principal, [.addressbookHomeSet])
            if let home = properties[.addressbookHomeSet]?.hrefs.first { return try await members(of: resolve(home, from: principalURL)) }
        }
        if response.isType(.collection) { return try await members(of: found) }
        throw .notFound(url: url.absoluteString + " (no address book home set)")
    }

    /// The address book at `url` with its current ctag and sync token.
    /// - Throws: ``DAVError/badResponse(url:reason:)`` when `url` is not an address book.
    public func addressBook(at url: URL) async throws(DAVError) -> AddressBook {
        let (found, response) = try await properties(of: url, AddressBook.properties)
        guard let book = AddressBook(response, url: found) else { throw .badResponse(url: url.absoluteString, reason: "not an address book") }
        return book
    }

    /// Creates an address book at `url` with an extended `MKCOL` (RFC 5689).
    public func makeAddressBook(at url: URL, displayName: String) async throws(DAVError) {
        let response = try await send("MKCOL", url, headers: ["Content-Type": "application/xml; charset=utf-8"], body: Array(RequestBody.makeAddressBook(displayName: displayName).utf8))
        try expect(response, [200, 201])
    }

    /// `PROPFIND` Depth 0: the properties of the resource itself (and the URL that answered).
    private func properties(of url: URL, _ names: [DAVName]) async throws(DAVError) -> (URL, Multistatus.Response) {
        let (found, status) = try await multistatus("PROPFIND", url, depth: 0, body: RequestBody.propfind(names))
        guard let response = status.responses.first else { throw .badResponse(url: found.absoluteString, reason: "empty multistatus") }
        return (found, response)
    }

    /// The address books among the members of a home set (`PROPFIND` Depth 1).
    private func members(of home: URL) async throws(DAVError) -> [AddressBook] {
        let (found, status) = try await multistatus("PROPFIND", home, depth: 1, body: RequestBody.propfind(AddressBook.properties))
        var books: [AddressBook] = []
        for response in status.responses where response.isType(.addressbook) {
            if let book = AddressBook(response, url: try resolve(response.href, from: found)) { books.append(book) }
        }
        return books
    }

    private func wellKnown(_ url: URL) -> URL {
        URL(string: "/.well-known/carddav", relativeTo: url)?.absoluteURL ?? url
    }
}
