import CardDAV
import ContactsModel
import Foundation

/// `vcardtool dav pull`: mirrors an address book to a folder of one-card files (a vdir), and on
/// later runs transfers only what changed (a sync token, else ETags) and removes the files of
/// cards deleted on the server. Files are written through ``FileRewrite`` under the folder's lock.
///
/// ```swift
/// let summary = try DavPull(client: client, book: book, folder: "contacts").run()
/// print(summary.added, summary.updated, summary.removed)
/// ```
struct DavPull {
    /// What a pull did.
    struct Summary: Equatable {
        var added = 0, updated = 0, removed = 0
        /// Cards downloaded (added plus updated).
        var transferred: Int { added + updated }
    }

    var client: DAVClient
    var book: AddressBook
    var folder: String

    func run() throws -> Summary {
        try Split.makeFolder(folder)
        let directory: OpenDirectory
        do { directory = try OpenDirectory(folder) } catch { throw ToolError(error.description) }
        return try directory.withLock { () throws -> Summary in
            var state = try MirrorState.read(from: directory) ?? MirrorState(url: book.url.absoluteString)
            guard state.url == book.url.absoluteString else {
                throw ToolError("\(folder) mirrors \(state.url), not \(book.url.absoluteString)")
            }
            let (client, book, token, known) = (client, book, state.syncToken, state.etags)
            let changes = try waitFor { try await client.changes(in: book, since: token, known: known) }
            let hrefs = changes.changed.map(\.href)
            var summary = Summary()
            var fetched = Set<String>()
            // A batch at a time (one multiget each), written before the next is fetched: memory
            // holds one batch of cards, however large the book.
            for start in stride(from: 0, to: hrefs.count, by: client.batchSize) {
                let batch = Array(hrefs[start..<min(start + client.batchSize, hrefs.count)])
                for remote in try waitFor({ try await client.cards(at: batch, in: book) }) {
                    let href = remote.reference.href
                    // A new card never takes the name of a file the mirror does not own.
                    let file = state.cards[href]?.file ?? state.fileName(for: href) { directory.status(of: $0) != nil }
                    if state.cards[href] == nil { summary.added += 1 } else { summary.updated += 1 }
                    try directory.replaceFile(file, with: remote.bytes)
                    state.cards[href] = MirrorState.Entry(etag: remote.reference.etag, file: file)
                    fetched.insert(href)
                }
                // Saved as it goes: a pull cut short knows the files it wrote (and, with the old
                // token, fetches the rest next time) instead of taking them for strangers' files.
                try state.write(to: directory)
            }
            for href in changes.removed {
                guard let entry = state.cards.removeValue(forKey: href) else { continue }
                do { try directory.remove(entry.file) } catch { throw ToolError("\(error)") }
                summary.removed += 1
            }
            // A changed card the server did not return is fetched next time: without a token,
            // the ETags are compared then.
            state.syncToken = hrefs.allSatisfy(fetched.contains) ? changes.token : nil
            try state.write(to: directory)
            directory.sync()
            return summary
        }
    }
}
