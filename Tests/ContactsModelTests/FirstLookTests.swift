import ContactsModel
import Foundation
import Testing
import VCardParser

/// `find`'s first look at a card (`ContactPredicate.mayMatch` of a card read with only the places
/// of some values) against the full comparison: over every fixture card, in the fixtures' own
/// shapes and rewritten (LF line ends, every line in lower case, in upper case), a predicate made
/// from one of the cards' own values (each address, UID, number in three regions and word of a
/// name) never rules out a card whose contact it matches.
@Suite struct FirstLookTests {
    /// The fixture texts and their rewrites.
    static func inputs() throws -> [(name: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestFiles.fixtures.path).filter { $0.hasSuffix(".vcf") }.sorted()
        var inputs: [(String, String)] = []
        for file in files {
            let text = try TestFiles.fixture(file)
            inputs += [(file, text), (file + " (LF)", text.replacingOccurrences(of: "\r\n", with: "\n"))]
            inputs += [(file + " (lower case)", text.lowercased()), (file + " (upper case)", text.uppercased())]
        }
        return inputs
    }

    /// Predicates of each kind made from the cards' values.
    static func predicates(of cards: [VCard]) -> [[ContactPredicate]] {
        var emails: [ContactPredicate] = [], uids: [ContactPredicate] = [], phones: [ContactPredicate] = [], names: [ContactPredicate] = []
        for card in cards {
            for property in card.properties {
                switch property.name.uppercased() {
                case "EMAIL": emails.append(.matchingEmailAddress(property.text))
                case "UID": uids.append(.matchingIdentifiers([property.text.trimmingCharacters(in: .whitespaces)]))
                case "TEL":
                    for region in [nil, "GB", "US"] { phones.append(.matchingPhoneNumber(PhoneNumber(stringValue: property.text), defaultRegion: region)) }
                case "FN", "NICKNAME", "ORG":
                    let words = property.text.split(whereSeparator: { !$0.isLetter }).prefix(2).map(String.init)
                    names += words.map { .matchingName($0) } + [.matchingName(words.joined(separator: " "))]
                default: break
                }
            }
        }
        return [emails, uids, phones, names].map { $0.filter { $0.valueNamesLookedAt != nil } }.filter { !$0.isEmpty }
    }

    @Test func theFirstLookNeverRulesOutAMatch() throws {
        var compared = 0
        for (name, text) in try Self.inputs() {
            let bytes = Array(text.utf8)
            let cards = try VCardDecoder().decode(bytes).cards
            let contacts = cards.map { Contact(card: $0) }
            for predicates in Self.predicates(of: cards) {
                // What the first look says of each card, in order; nil for a card parsed in full anyway.
                var looks: [[Bool]?] = []
                var reader = VCardReader(bytes: bytes)
                let firstLook = VCardReader.AsRead<[Bool]?>(keepingValuesOf: predicates[0].valueNamesLookedAt!) { card in
                    .some(predicates.map { $0.mayMatch(card) })
                }
                try reader.forEachCard(threads: 1, transform: { _ in nil }, asRead: firstLook, diagnostics: { _ in }) { looks.append($0) }
                try #require(looks.count == cards.count, "\(name)")
                for (i, look) in looks.enumerated() {
                    guard let look else { continue }
                    for (j, predicate) in predicates.enumerated() where predicate.evaluate(contacts[i]) {
                        #expect(look[j], "\(name), card \(i + 1): \(predicate) matches it but the first look ruled it out")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000)
    }
}
