import Foundation

/// Temporary folders and files for store tests.
struct TestFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let p = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path(name))), as: UTF8.self)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: fixtures.appendingPathComponent(name)), as: UTF8.self)
    }

    /// The text of the first card of a fixture, to its `END:VCARD` line.
    static func firstCard(of name: String) throws -> String {
        let text = try fixture(name)
        guard let end = text.range(of: "END:VCARD\r\n") else { throw CocoaError(.fileReadCorruptFile) }
        return String(text[..<end.upperBound])
    }

    /// Lines of `new` not in `old` and of `old` not in `new`, in order.
    static func changedLines(_ old: String, _ new: String) -> (removed: [String], added: [String]) {
        let diff = new.components(separatedBy: "\r\n").difference(from: old.components(separatedBy: "\r\n"))
        var removed: [String] = [], added: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }
}
