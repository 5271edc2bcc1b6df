import ContactsModel

/// What `vcardtool dupes` prints of the groups ``DuplicateFinder`` found, as text or JSON.
///
/// Text: a block a group, blocks apart by a blank line:
/// ```
/// Sam Shared: 3 cards
///   1  google.vcf:1  Sam Shared
///   2  apple.vcf:1  Samuel Shared
///   3  android.vcf:9  S. Shared
///   1 ~ 2  same email sam@shared.example
///   2 ~ 3  same phone +44 20 7946 0001
/// ```
/// JSON: `{"groups":[{"cards":[{"file":…,"line":…,"name":…}…],"links":[{"cards":[0,1],
/// "reasons":[{"key":"email","value":"sam@shared.example","text":"same email sam@shared.example"}]}]}]}`
/// (card numbers in a link count from 0 within the group).
struct DupesReport {
    /// What is kept of each card read: where it is and its name.
    struct Card {
        var input: Int32
        var line: Int32
        var name: String
    }

    var inputs: [String]
    var cards: [Card]

    func text(_ groups: [DuplicateFinder.Group]) -> String {
        var blocks: [String] = []
        for group in groups {
            let place = places(group)
            var lines = ["\(TerminalText.escaped(cards[group.cards[0]].name)): \(group.cards.count) cards"]
            for (i, card) in group.cards.enumerated() {
                let c = cards[card]
                lines.append("  \(i + 1)  \(TerminalText.escaped(inputs[Int(c.input)])):\(c.line)  \(TerminalText.escaped(c.name))")
            }
            for link in group.links {
                let reasons = link.reasons.map { TerminalText.escaped($0.description) }.joined(separator: ", ")
                lines.append("  \(place[link.first]! + 1) ~ \(place[link.second]! + 1)  \(reasons)")
            }
            blocks.append(lines.joined(separator: "\n") + "\n")
        }
        return blocks.joined(separator: "\n")
    }

    func json(_ groups: [DuplicateFinder.Group]) -> String {
        let quoted = DiffReport.quoted
        let objects = groups.map { group in
            let place = places(group)
            let members = group.cards.map { card in
                let c = cards[card]
                return "{\"file\":\(quoted(inputs[Int(c.input)])),\"line\":\(c.line),\"name\":\(quoted(c.name))}"
            }
            let links = group.links.map { link in
                let reasons = link.reasons.map { key in
                    "{\"key\":\"\(key.kind.rawValue)\",\"value\":\(quoted(key.kind == .email ? key.normalized : key.written)),\"text\":\(quoted(key.description))}"
                }
                return "{\"cards\":[\(place[link.first]!),\(place[link.second]!)],\"reasons\":[\(reasons.joined(separator: ","))]}"
            }
            return "{\"cards\":[\(members.joined(separator: ","))],\"links\":[\(links.joined(separator: ","))]}"
        }
        return "{\"groups\":[\(objects.joined(separator: ","))]}\n"
    }

    /// Each card's place in the group.
    private func places(_ group: DuplicateFinder.Group) -> [Int: Int] {
        Dictionary(uniqueKeysWithValues: group.cards.enumerated().map { ($1, $0) })
    }
}
