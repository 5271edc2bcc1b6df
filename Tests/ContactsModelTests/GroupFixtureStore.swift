import ContactsModel
import Foundation
import Testing

/// A fixture as a file store (one `.vcf`) or a folder store (one file per card, `0.vcf`,
/// `1.vcf`…), with the text of the whole store to compare before and after a save.
struct GroupFixtureStore {
    enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case file, folder
        var description: String { rawValue }
    }

    let files: TestFiles
    let kind: Kind
    let store: ContactStore
    /// The file store's path, or the folder's.
    let path: String

    init(_ fixture: String, as kind: Kind) throws {
        files = try TestFiles()
        self.kind = kind
        let text = try TestFiles.fixture(fixture)
        switch kind {
        case .file:
            path = try files.write("contacts.vcf", text)
            store = ContactStore(fileAt: path)
        case .folder:
            path = files.path("cards")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (i, card) in Self.cards(of: text).enumerated() { try files.write("cards/\(i).vcf", card) }
            store = ContactStore(directoryAt: path)
        }
    }

    /// The store's text: the file, or the folder's files in name order, one after the other.
    func text() throws -> String {
        guard kind == .folder else { return try files.read("contacts.vcf") }
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".vcf") }.sorted()
        return try names.map { try files.read("cards/" + $0) }.joined()
    }

    /// Replaces `old` with `new` in the store's text on disk, as another program would.
    func edit(replacing old: String, with new: String) throws {
        if kind == .file {
            try files.write("contacts.vcf", try files.read("contacts.vcf").replacingOccurrences(of: old, with: new))
            return
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            let card = try files.read("cards/" + name)
            if card.contains(old) { try files.write("cards/" + name, card.replacingOccurrences(of: old, with: new)) }
        }
    }

    /// The lines a save changed, and what it returns.
    func changedLines(by save: () throws -> Void) throws -> (removed: [String], added: [String]) {
        let before = try text()
        try save()
        return TestFiles.changedLines(before, try text())
    }

    /// The contact whose name contains `name`, with every key.
    func contact(_ name: String) throws -> Contact {
        try store.unifiedContacts(matching: .matchingName(name))[0]
    }

    /// The group called `name`.
    func group(_ name: String) throws -> Group {
        try #require(try store.groups(matching: .all).first { $0.name == name })
    }

    /// The cards of a text, each to its `END:VCARD` line.
    static func cards(of text: String) -> [String] {
        text.components(separatedBy: "END:VCARD\r\n").dropLast().map { $0 + "END:VCARD\r\n" }
    }

    func remove() { files.remove() }
}
