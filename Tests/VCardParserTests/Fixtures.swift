import Foundation
import Testing
import VCardParser

/// Loads the files in `Tests/Fixtures` (found from this file's path, since the test target has no
/// resources) and decodes them.
enum Fixtures {
    /// `Tests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every `.vcf` file, sorted.
    static let all: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".vcf") }.sorted()
    }()

    /// Fixtures written by a real exporter's rules: no warnings expected (UTF-16 ones aside).
    static var wellFormed: [String] { all.filter { !$0.hasPrefix("broken-") } }

    /// Fixtures in UTF-16, which the reader transcodes to UTF-8.
    static var utf16: [String] { all.filter { $0.hasPrefix("utf16") } }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name)))
    }

    static func decode(_ name: String, mode: ParseOptions.Mode = .lenient) throws
        -> VCardDecoder.Result
    {
        try VCardDecoder(mode: mode).decode(bytes(name))
    }

    /// The one card with this `FN` in a fixture.
    static func card(_ name: String, fn: String) throws -> VCard {
        let cards = try decode(name).cards.filter { $0.first("FN")?.text == fn }
        try #require(cards.count == 1, "\(name) has \(cards.count) cards with FN \(fn)")
        return cards[0]
    }
}

/// Decodes a literal input in lenient mode.
func decode(_ text: String) throws -> VCardDecoder.Result {
    try VCardDecoder().decode(text)
}

func decode(_ bytes: [UInt8]) throws -> VCardDecoder.Result {
    try VCardDecoder().decode(bytes)
}

/// `(code, line)` of each warning, the shape most assertions compare.
func codesAndLines(_ warnings: [Diagnostic]) -> [Pair] {
    warnings.map { Pair(code: $0.code.rawValue, line: $0.position.line) }
}

/// A diagnostic code with its line, readable in test failure output.
struct Pair: Hashable, CustomStringConvertible {
    var code: String
    var line: Int
    init(code: String, line: Int) {
        self.code = code
        self.line = line
    }
    init(_ code: DiagnosticCode, _ line: Int) {
        self.init(code: code.rawValue, line: line)
    }
    var description: String { "\(code)@\(line)" }
}

/// Wraps one property line (or several) in a card of `version`.
func card(_ version: String, _ lines: String..., fn: Bool = true) -> String {
    var text = "BEGIN:VCARD\r\nVERSION:\(version)\r\n"
    if fn { text += "FN:Test\r\n" }
    for line in lines { text += line + "\r\n" }
    return text + "END:VCARD\r\n"
}

/// The first property called `name` in the first card, or a test failure.
func property(_ name: String, in text: String) throws -> Property {
    let result = try decode(text)
    let card = try #require(result.cards.first)
    return try #require(card.first(name))
}

/// How deep cards are nested in `card` (0 for a card without an agent or nested card).
func nestingDepth(_ card: VCard) -> Int {
    card.properties.compactMap(\.embeddedCard).map { 1 + nestingDepth($0) }.max() ?? 0
}
