import Foundation
import VCardParser

extension DAVClient {
    /// The cards of `book`: `PROPFIND` Depth 1 for each member's ETag (the collection itself and
    /// sub-collections left out).
    ///
    /// ```swift
    /// let references = try await client.cardReferences(in: book)
    /// ```
    public func cardReferences(in book: AddressBook) async throws(DAVError) -> [CardReference] {
        let (found, status) = try await multistatus("PROPFIND", book.url, depth: 1, body: RequestBody.propfind([.resourcetype, .getetag]))
        var references: [CardReference] = []
        for response in status.responses where !response.isType(.collection) && response[.getetag] != nil {
            guard try resolve(response.href, from: found).path != found.path else { continue }
            references.append(CardReference(href: response.href, etag: response[.getetag]?.text.nonEmpty))
        }
        return references
    }

    /// Fetches the cards at `hrefs` with `addressbook-multiget` reports of ``batchSize`` hrefs,
    /// keeping the server's bytes. Hrefs the server reports missing are left out.
    ///
    /// ```swift
    /// let cards = try await client.cards(at: references.map(\.href), in: book)
    /// ```
    /// - Throws: ``DAVError``, also when a card's data does not parse as a vCard.
    public func cards(at hrefs: [String], in book: AddressBook) async throws(DAVError) -> [RemoteCard] {
        var cards: [RemoteCard] = []
        var start = hrefs.startIndex
        while start < hrefs.endIndex {
            let batch = hrefs[start..<min(start + batchSize, hrefs.endIndex)]
            start = batch.endIndex
            let (found, status) = try await multistatus("REPORT", book.url, depth: 1, body: RequestBody.multiget(batch))
            for response in status.responses {
                guard let data = response[.addressData]?.text else { continue }
                let bytes = Array(data.utf8)
                let hasCard: Bool
                do { hasCard = try !VCardDecoder().decode(bytes).cards.isEmpty } catch { throw .badResponse(url: try resolve(response.href, from: found).absoluteString, reason: error.description) }
                guard hasCard else { throw .badResponse(url: try resolve(response.href, from: found).absoluteString, reason: "no vCard in address-data") }
                cards.append(RemoteCard(reference: CardReference(href: response.href, etag: response[.getetag]?.text.nonEmpty), bytes: bytes))
            }
        }
        return cards
    }

    /// What changed in `book` since `token`: a `sync-collection` report (RFC 6578); when the
    /// server does not support it, or refuses the token, every member's ETag is listed and
    /// compared with `known` (href → ETag) instead.
    ///
    /// ```swift
    /// let changes = try await client.changes(in: book, since: nil, known: [:])   // everything
    /// ```
    public func changes(in book: AddressBook, since token: String?, known: [String: String]) async throws(DAVError) -> SyncChanges {
        if let (found, status) = try? await multistatus("REPORT", book.url, depth: 0, body: RequestBody.syncCollection(since: token)), let newToken = status.syncToken {
            var changes = SyncChanges(token: newToken, changed: [], removed: [], usedSyncReport: true)
            for response in status.responses {
                guard try resolve(response.href, from: found).path != found.path else { continue }
                if response.status == 404 {
                    changes.removed.append(response.href)
                } else if let etag = response[.getetag]?.text.nonEmpty, etag != known[response.href] {
                    changes.changed.append(CardReference(href: response.href, etag: etag))
                } else if response[.getetag] == nil, !response.isType(.collection) {
                    changes.changed.append(CardReference(href: response.href, etag: nil))
                }
            }
            return changes
        }
        let references = try await cardReferences(in: book)
        let present = Set(references.map(\.href))
        return SyncChanges(token: nil, changed: references.filter { $0.etag == nil || known[$0.href] != $0.etag }, removed: known.keys.filter { !present.contains($0) }.sorted(), usedSyncReport: false)
    }
}
