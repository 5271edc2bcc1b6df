import VCardFormats

/// Reports what CSV rows have no column for without a flood: one warning line per card for the
/// first cards, then one line for the rest that counts the cards by property name (or kind of
/// value), most frequent first.
///
/// ```swift
/// var summary = CSVDropSummary(detailedCards: 20)
/// if let line = summary.add(drop) { terminal.message("warning: \(line)") }
/// if let line = summary.summary { terminal.message("warning: \(line)") }
/// // "… and 99,980 more cards: UID (99,980), X-ABUID (512)"
/// ```
struct CSVDropSummary {
    /// How many cards are reported one line each.
    let detailedCards: Int
    private var cards = 0
    /// Cards past the detailed ones, counted once per key.
    private var counts: [String: Int] = [:]
    /// The keys in the order they first came (ties keep that order).
    private var order: [String] = []

    init(detailedCards: Int) {
        self.detailedCards = detailedCards
    }

    /// The line to print now for this card, or `nil` when the card is only counted.
    mutating func add(_ drop: CSVDrop) -> String? {
        cards += 1
        guard cards > detailedCards else { return drop.description }
        var seen: Set<String> = []
        for key in drop.items.map(\.key) where seen.insert(key).inserted {
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        return nil
    }

    /// `… and 99,980 more cards: UID (99,980), X-ABUID (512)`; `nil` when every card had its line.
    var summary: String? {
        let more = cards - detailedCards
        guard more > 0 else { return nil }
        let ranked = order.enumerated().sorted { a, b in
            counts[a.element]! != counts[b.element]! ? counts[a.element]! > counts[b.element]! : a.offset < b.offset
        }
        let keys = ranked.map { "\($0.element) (\(Self.grouped(counts[$0.element]!)))" }
        return "… and \(Self.grouped(more)) more \(more == 1 ? "card" : "cards"): \(keys.joined(separator: ", "))"
    }

    /// `99980` as `99,980`.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
