import CardDAV
import ContactsModel
import VCardParser

/// `vcardtool dav push`: uploads cards to an address book by UID. A card whose UID the server
/// has replaces that card if it is still at the ETag read (`If-Match`); a new UID is added
/// under the UID made safe (`If-None-Match: *`); a card equal to the server's (same bytes, or
/// the same properties by meaning: a server may rewrite what it stores) is not sent.
///
/// ```swift
/// let summary = try DavPush(client: client, book: book, dryRun: false).run(cards) { terminal.message($0) }
/// ```
struct DavPush {
    /// What a push did (or, in a dry run, would do).
    struct Summary: Equatable {
        var added = 0, updated = 0, unchanged = 0, conflicts = 0
    }

    var client: DAVClient
    var book: AddressBook
    var dryRun: Bool

    /// Pushes `cards` (each with a UID); `report` gets one message per conflict.
    func run(_ cards: [VCard], report: (String) -> Void) throws -> Summary {
        let (client, book) = (client, book)
        let references = try waitFor { try await client.cardReferences(in: book) }
        let hrefs = references.map(\.href)
        let remote = try waitFor { try await client.cards(at: hrefs, in: book) }
        var byUID: [String: RemoteCard] = [:]
        for card in remote { if let uid = card.card.trimmedUID { byUID[uid] = card } }
        var summary = Summary()
        for card in cards {
            guard let uid = card.trimmedUID else { continue }
            let bytes = card.bytesAsRead
            do {
                if let existing = byUID[uid] {
                    if existing.bytes == bytes || PropertyChange.changes(from: existing.card, to: card).isEmpty {
                        summary.unchanged += 1
                        continue
                    }
                    guard let etag = existing.reference.etag else { throw DAVError.conflict(url: existing.reference.href + " (no ETag to update it safely)") }
                    if !dryRun {
                        let url = try client.url(of: existing.reference.href, in: book)
                        _ = try waitFor { try await client.update(bytes, at: url, etag: etag) }
                    }
                    summary.updated += 1
                } else {
                    let name = SafeFileName.make(from: uid) + ".vcf"
                    if !dryRun { _ = try waitFor { try await client.add(bytes, named: name, in: book) } }
                    summary.added += 1
                }
            } catch DAVError.conflict(let url) {
                report(DAVError.conflict(url: url).description)
                summary.conflicts += 1
            }
        }
        return summary
    }
}
