import HostileInputs
import Testing
import VCardFormats
import VCardParser

/// Cards with random groups, names, parameter names and values (any Unicode, line breaks and the
/// characters vCard, JSON, XML and CSV syntax use), written as jCard, xCard and CSV and read back
/// with the streaming readers, then written as vCard and read again: exactly one card each time
/// (or, in CSV, none with a warning that its row is blank), and every value back as the card said
/// it (`text`), or reported by the writer as a warning (Google's CSV layout reports each property
/// it has no column for). Google's layout rebuilds FN from the name's parts, so FN alone is not
/// compared for CSV.
@Suite struct FormatPropertyTests {
    static let iterations = 1500

    static let pieces = [
        "\r", "\n", "\r\n", ":", ";", "\"", ",", "=", "^", "\\", ".", " ", "\t", "<", ">", "&", "'",
        "]", "[", "{", "}", "&amp;", "]]>", "<!--", "BEGIN:VCARD", "END:VCARD", "=HYPERLINK(", "+1", "a", "9", "-",
    ]

    static func text(_ rng: inout SplitMix64) -> String { rng.text(pieces: pieces) }

    static func name(_ words: [String], _ rng: inout SplitMix64) -> String {
        Bool.random(using: &rng) ? words.randomElement(using: &rng)! : text(&rng)
    }

    /// A card of `version` with an FN and one to three random properties set through `setText`.
    static func card(_ version: VCardVersion, _ rng: inout SplitMix64) -> VCard {
        var fn = Property(name: "FN", value: "", version: version)
        fn.setText(text(&rng))
        var properties = [fn]
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let group: String? = Bool.random(using: &rng) ? nil : name(["item1", ""], &rng)
            let parameters = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                Parameter(name: name(["TYPE", "X-P", "LANGUAGE"], &rng), values: [text(&rng)])
            }
            var p = Property(
                group: group, name: name(["NOTE", "X-FOO", "END", "begin", "TITLE"], &rng),
                parameters: parameters, value: "", version: version)
            p.setText(text(&rng))
            properties.append(p)
        }
        var card = VCard(version: version, properties: [])
        card.properties = properties
        return card
    }

    /// The cards a reader gives, and its errors.
    static func read(_ bytes: [UInt8], _ format: CardFormat) -> (cards: [VCard], errors: [String]) {
        var reader = format.reader(ByteStream(bytes: bytes), csvLayout: nil)!
        var cards: [VCard] = [], errors: [String] = []
        while true {
            do {
                guard let card = try reader.next() else { break }
                cards.append(card)
            } catch {
                errors.append("\(error)")
            }
        }
        return (cards, errors)
    }

    /// The text of each property the card says (FN and the drawn ones), by the name it is written
    /// with; N and ADR without the empty components they end with, which jCard and xCard add up
    /// to 5 and 7 (RFC 6350 §6.2.2, §6.3.1).
    static func texts(_ card: VCard) -> [String] {
        card.properties.filter { !$0.hasName("VERSION") }.map { p in
            guard p.hasName("N") || p.hasName("ADR") else { return p.text }
            return String(p.text.reversed().drop { $0 == ";" }.reversed())
        }
    }

    @Test(arguments: [CardFormat.jcard, .xcard, .csv])
    func randomCardsSurviveTheFormat(_ format: CardFormat) throws {
        var rng = SplitMix64(seed: 1_313)
        var failures = 0
        for iteration in 0..<Self.iterations {
            let card = Self.card(VCardVersion.allCases.randomElement(using: &rng)!, &rng)
            // Through 4.0, as convert does it: the formats are vCard 4.0.
            let card4 = try #require(VCardReader.allCards(VCardWriter(style: .canonical, version: .v4).encode([card])).first)
            var warnings: [String] = []
            let bytes: [UInt8]
            switch format {
            case .jcard: bytes = JCard.encode([card4])
            case .xcard: bytes = XCard.encode([card4], warnings: &warnings)
            default: bytes = CSV.encode([card4], layout: .google, warnings: &warnings)
            }
            let (cards, errors) = Self.read(bytes, format)
            var problems: [String] = []
            // A CSV row with nothing in the layout's columns reads as no card: the writer must say so.
            let unreported = cards.count != 1 && !(format == .csv && cards.isEmpty && !warnings.isEmpty)
            if unreported || !errors.isEmpty { problems.append("read \(cards.count) cards, errors \(errors), warnings \(warnings)") }
            if let back = cards.first {
                let again = try VCardReader.allCards(VCardWriter(style: .canonical, version: .v4).encode([back]))
                if again.count != 1 { problems.append("as vCard again: \(again.count) cards") }
                // Every text the 4.0 card said comes back, unless the writer reported it.
                let expected = Self.texts(card4), got = Self.texts(back)
                for text in expected where !text.isEmpty && !got.contains(text) && warnings.isEmpty {  // an empty value holds nothing to lose
                    problems.append("lost \(String(reflecting: text)); got \(got.map { String(reflecting: $0) })")
                }
                if format != .csv, let fn = card4.first("FN")?.text, back.first("FN")?.text != fn, warnings.isEmpty {
                    problems.append("FN \(String(reflecting: fn)) came back as \(String(reflecting: back.first("FN")?.text))")
                }
            }
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record("\(format) iteration \(iteration): \(problems.joined(separator: "; "))\n\(String(decoding: VCardWriter(style: .canonical, version: .v4).encode([card4]), as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(failures == 0)
    }
}

extension VCardReader {
    /// Every card of `bytes`, ignoring warnings.
    static func allCards(_ bytes: [UInt8]) throws -> [VCard] {
        var reader = VCardReader(bytes: bytes)
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }
}
