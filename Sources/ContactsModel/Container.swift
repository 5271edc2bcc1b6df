import VCardParser

/// One file of a store (or the memory of an in-memory store) with the cards it held when read.
struct Container: Sendable {
    struct Entry: Sendable {
        var card: VCard
        /// The contact's identifier: the UID, or one generated when the store read the card.
        var identifier: String
    }

    /// `nil` for an in-memory store.
    var path: String?
    /// The file as read; `nil` when it did not exist.
    var fingerprint: FileFingerprint?
    var entries: [Entry]
    var trailingBytes: [UInt8] = []
    var inputEncoding: InputEncoding = .utf8
    /// The first problem that means the file was not fully understood.
    var problem: Diagnostic?

    /// Reads the file at `path` (a missing file is an empty container).
    static func read(path: String) throws(ContactStoreError) -> Container {
        guard let fingerprint = FileFingerprint(path: path) else {
            return Container(path: path, fingerprint: nil, entries: [])
        }
        var reader: VCardReader
        do { reader = try VCardReader(path: path) } catch { throw .unreadable(path: path, reason: error.message) }
        var entries: [Entry] = []
        do {
            while let card = try reader.next() {
                entries.append(Entry(card: card, identifier: Contact(card: card, keys: []).identifier))
            }
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        let problem = reader.takeWarnings().first { $0.severity == .error }
        return Container(
            path: path, fingerprint: fingerprint, entries: entries, trailingBytes: reader.trailingBytes,
            inputEncoding: reader.inputEncoding, problem: problem)
    }

    /// The file's bytes: untouched cards as they were read, changed lines rewritten.
    func serialized() -> [UInt8] {
        let writer = VCardWriter()
        var out: [UInt8] = []
        for entry in entries { writer.write(entry.card, to: &out) }
        out.append(contentsOf: trailingBytes)
        return inputEncoding.encode(out, withByteOrderMark: true)
    }
}
