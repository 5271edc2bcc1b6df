import Foundation

/// Helpers for the find, diff and split tests: cards of a fixture as text, files in a temporary
/// folder, the usage-error message.
extension ToolProcess {
    /// The cards of a CRLF file, each from `BEGIN:VCARD` through `END:VCARD\r\n`.
    static func cards(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "END:VCARD\r\n").dropLast()
            .map { $0 + "END:VCARD\r\n" }
    }

    /// The cards of a fixture.
    static func fixtureCards(_ name: String) throws -> [String] { cards(try bytes(fixture(name))) }

    /// Writes `text` to `dir/name` and returns its path.
    static func write(_ text: String, to dir: URL, _ name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The three lines printed for a usage error.
    static func usageError(_ message: String, _ subcommand: String, _ usage: String) -> String {
        "vcardtool \(subcommand): \(message)\nUsage: vcardtool \(subcommand) \(usage)\n  See 'vcardtool \(subcommand) --help' for more information.\n"
    }
}
