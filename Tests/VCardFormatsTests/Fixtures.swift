import Foundation
import Testing
import VCardParser

/// Loads the files in `Tests/Fixtures` (found from this file's path).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func cards(_ name: String) throws -> [VCard] {
        try VCardDecoder().decode(bytes(name)).cards
    }
}
