import Foundation

/// An address book collection found on a server, with what tells whether it changed.
///
/// ```swift
/// let books = try await client.addressBooks(at: URL(string: "https://dav.example.com/")!)
/// print(books.map { "\($0.url) \($0.displayName ?? "")" })
/// ```
public struct AddressBook: Equatable, Sendable {
    /// The collection's URL (ends with `/`).
    public var url: URL
    public var displayName: String?
    /// The calendar server's `getctag`, which changes with any member.
    public var ctag: String?
    /// The RFC 6578 sync token, when the server supports `sync-collection`.
    public var syncToken: String?

    public init(url: URL, displayName: String? = nil, ctag: String? = nil, syncToken: String? = nil) {
        self.url = url
        self.displayName = displayName
        self.ctag = ctag
        self.syncToken = syncToken
    }

    /// The properties asked for to describe an address book.
    static let properties: [DAVName] = [.resourcetype, .displayname, .getctag, .syncToken]

    /// The book a response describes, when its `resourcetype` is `addressbook`.
    init?(_ response: Multistatus.Response, url: URL) {
        guard response.isType(.addressbook) else { return nil }
        self.init(url: url, displayName: response[.displayname]?.text.nonEmpty, ctag: response[.getctag]?.text.nonEmpty, syncToken: response[.syncToken]?.text.nonEmpty)
    }
}

extension String {
    /// The string trimmed of white space, or `nil` when nothing is left.
    var nonEmpty: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
