import Foundation

extension DAVClient {
    /// Adds a card as `name` in `book` with `If-None-Match: *`, so an existing card is never replaced.
    ///
    /// ```swift
    /// let added = try await client.add(bytes, named: "ada.vcf", in: book)
    /// ```
    /// - Returns: The new card's reference (its ETag when the server sent one).
    /// - Throws: ``DAVError/conflict(url:)`` when the name is taken.
    public func add(_ bytes: [UInt8], named name: String, in book: AddressBook) async throws(DAVError) -> CardReference {
        guard let url = URL(string: name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name, relativeTo: book.url)?.absoluteURL else {
            throw .badResponse(url: book.url.absoluteString, reason: "bad card name \(name)")
        }
        let response = try await put(bytes, at: url, condition: ["If-None-Match": "*"])
        return CardReference(href: url.path, etag: response.etag)
    }

    /// Replaces the card at `url` if its ETag is still `etag` (`If-Match`).
    ///
    /// ```swift
    /// let etag = try await client.update(newBytes, at: client.url(of: remote.reference.href, in: book), etag: remote.reference.etag!)
    /// ```
    /// - Returns: The new ETag, when the server sent one.
    /// - Throws: ``DAVError/conflict(url:)`` when the card changed on the server meanwhile.
    @discardableResult
    public func update(_ bytes: [UInt8], at url: URL, etag: String) async throws(DAVError) -> String? {
        try await put(bytes, at: url, condition: ["If-Match": etag]).etag
    }

    /// Deletes the card at `url` if its ETag is still `etag`.
    /// - Throws: ``DAVError/conflict(url:)`` when the card changed on the server meanwhile.
    public func delete(at url: URL, etag: String) async throws(DAVError) {
        let response = try await send("DELETE", url, headers: ["If-Match": etag])
        try expect(response, [200, 204])
    }

    /// The URL of a card's href in `book` (refused when it leaves the book's origin).
    public func url(of href: String, in book: AddressBook) throws(DAVError) -> URL {
        try resolve(href, from: book.url)
    }

    private func put(_ bytes: [UInt8], at url: URL, condition: [String: String]) async throws(DAVError) -> Response {
        let response = try await send("PUT", url, headers: condition.merging(["Content-Type": "text/vcard; charset=utf-8"]) { $1 }, body: bytes)
        try expect(response, [200, 201, 204])
        return response
    }
}
