import VCardParser

/// A card's href and ETag in an address book, as a listing or a sync report gives them.
///
/// ```swift
/// let references = try await client.cardReferences(in: book)   // [CardReference(href: "/test/book/ada.vcf", etag: "\"1a\"")]
/// ```
public struct CardReference: Hashable, Sendable {
    /// The card's href as the server wrote it.
    public var href: String
    /// The entity tag to send in `If-Match`; `nil` when the server gave none.
    public var etag: String?

    public init(href: String, etag: String?) {
        self.href = href
        self.etag = etag
    }
}

/// A card fetched from the server: its reference and the server's bytes (which parse as a vCard:
/// ``DAVClient/cards(at:in:)`` checks it).
///
/// ```swift
/// for remote in try await client.cards(at: references.map(\.href), in: book) { print(remote.card.uid ?? "-") }
/// ```
public struct RemoteCard: Sendable {
    public var reference: CardReference
    /// The `address-data` as the server sent it (UTF-8).
    public var bytes: [UInt8]

    /// The first card of `bytes`, parsed leniently each time it is read (so that a fetch of many
    /// cards holds their bytes only): keep it when it is needed twice.
    public var card: VCard { (try? VCardDecoder().decode(bytes))?.cards.first ?? VCard() }

    public init(reference: CardReference, bytes: [UInt8]) {
        self.reference = reference
        self.bytes = bytes
    }
}

/// What changed in an address book since a sync token (or a set of known ETags).
///
/// ```swift
/// let changes = try await client.changes(in: book, since: saved.token, known: saved.etags)
/// print(changes.changed.count, "to fetch,", changes.removed.count, "removed")
/// ```
public struct SyncChanges: Sendable {
    /// The token to give next time; `nil` when the server does not support `sync-collection`.
    public var token: String?
    /// Cards added or changed: fetch them.
    public var changed: [CardReference]
    /// Hrefs of cards removed on the server.
    public var removed: [String]
    /// Whether the server's `sync-collection` report answered (else ETags were compared).
    public var usedSyncReport: Bool
}
