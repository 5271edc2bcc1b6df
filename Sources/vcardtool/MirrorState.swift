import CardDAV
import ContactsModel
import Foundation

/// What `vcardtool dav pull` remembers in the folder it mirrors to (the hidden file
/// ``fileName``): the address book, its sync token, and for each card its ETag and file.
///
/// ```swift
/// var state = try MirrorState.read(from: directory) ?? MirrorState(url: book.url.absoluteString)
/// state.cards["/test/book/ada.vcf"] = .init(etag: "\"2\"", file: "ada.vcf")
/// try state.write(to: directory)
/// ```
struct MirrorState: Codable, Equatable {
    /// A card's entry: its ETag on the server and its file in the folder.
    struct Entry: Codable, Equatable {
        var etag: String?
        var file: String
    }

    static let fileName = ".vcardtool-dav.json"
    /// A larger state file is refused (a million cards take about 150 MB).
    static let maximumSize = 256 << 20

    /// The address book mirrored.
    var url: String
    var syncToken: String?
    /// href → entry.
    var cards: [String: Entry] = [:]

    /// The ETags by href, as ``DAVClient/changes(in:since:known:)`` wants them.
    var etags: [String: String] { cards.compactMapValues(\.etag) }

    /// The state in `directory`, or `nil` when the folder has none yet.
    static func read(from directory: OpenDirectory) throws -> MirrorState? {
        guard let status = directory.status(of: fileName) else { return nil }
        let path = directory.pathOf(fileName)
        guard Int(status.st_size) <= maximumSize else { throw ToolError("\(path): larger than \(maximumSize) bytes") }
        let fd: Int32
        do { fd = try directory.openForReading(fileName) } catch { throw ToolError(error.description) }
        do {
            return try JSONDecoder().decode(MirrorState.self, from: Data(readAll(fd, name: path)))
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(path): not a state file of vcardtool dav pull (\(error))")
        }
    }

    /// Replaces the state file in `directory` (whose lock the caller holds) atomically.
    func write(to directory: OpenDirectory) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let bytes = Array(try encoder.encode(self)) + [0x0A]
        try directory.replaceFile(Self.fileName, with: bytes)
    }

    /// A file name for `href` not used by another card nor by an entry the folder has
    /// (`exists`): the href's last segment made safe, ending in `.vcf`, with `-2`, `-3`… before
    /// the extension when taken.
    func fileName(for href: String, exists: (String) -> Bool) -> String {
        let segment = href.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
        var base = SafeFileName.make(from: segment)
        if base.lowercased().hasSuffix(".vcf") { base.removeLast(4) }
        let taken = Set(cards.values.map(\.file))
        var n = 1
        while true {
            let name = base + (n == 1 ? "" : "-\(n)") + ".vcf"
            if !taken.contains(name) && !exists(name) { return name }
            n += 1
        }
    }
}

extension OpenDirectory {
    /// Creates or replaces `name` with `bytes` through ``FileRewrite`` (the caller holds the lock).
    func replaceFile(_ name: String, with bytes: [UInt8]) throws {
        _ = try FileRewrite.rewrite(name, in: self, options: FileRewrite.Options()) { _, output in
            try output.write(bytes)
            return true
        }
    }
}
