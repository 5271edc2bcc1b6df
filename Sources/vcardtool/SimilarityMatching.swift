/// The one-to-one pairs of cards that are most alike by their ``SimilarityKeys``, found without
/// comparing every card with every other.
///
/// The candidates of a card are the cards of the other side that share a key with it and stand
/// near it among the cards with that key: for the r-th card (in order) of one side with a key,
/// the (r − window)-th to (r + window)-th of the other side. A candidate pair's score is the
/// weight of all the keys the two cards share (``SimilarityKeys/weight(_:)``). Pairs scoring at
/// least ``SimilarityKeys/threshold`` are taken best first, then by the new card's number, then
/// the old one's, each card once: the result depends only on the cards and their order.
///
/// ```swift
/// let pairs = SimilarityMatching.pairs(old: [(0, [key])], new: [(0, [key])]) { _, _ in true }
/// // [(new: 0, old: 0)]
/// ```
/// - Complexity: O(k log k) time and O(k) memory, for k the keys of the cards given; each key
///   yields at most 2 × ``window`` + 1 candidates, however many cards share it.
enum SimilarityMatching {
    static let window = 2

    /// - Parameters:
    ///   - old: The old cards, each with its number and keys.
    ///   - new: The new cards, each with its number and keys.
    ///   - allowed: Whether an old and a new card (by number) may pair at all.
    /// - Returns: The pairs of card numbers, in the order taken.
    static func pairs(old: [(card: Int32, keys: [UInt64])], new: [(card: Int32, keys: [UInt64])],
                      allowed: (_ new: Int32, _ old: Int32) -> Bool) -> [(new: Int32, old: Int32)] {
        var candidates: [UInt64] = []  // new index << 32 | old index
        let oldKeys = byKey(old), newKeys = byKey(new)
        var a = 0, b = 0
        while a < oldKeys.count, b < newKeys.count {
            let key = oldKeys[a].key
            if key != newKeys[b].key {
                if key < newKeys[b].key { a += 1 } else { b += 1 }
                continue
            }
            var aEnd = a, bEnd = b
            while aEnd < oldKeys.count, oldKeys[aEnd].key == key { aEnd += 1 }
            while bEnd < newKeys.count, newKeys[bEnd].key == key { bEnd += 1 }
            for r in 0..<(bEnd - b) {
                let low = max(0, r - window), high = min(aEnd - a - 1, r + window)
                guard low <= high else { break }  // the later cards are further still
                for o in low...high { candidates.append(UInt64(newKeys[b + r].index) << 32 | UInt64(oldKeys[a + o].index)) }
            }
            (a, b) = (aEnd, bEnd)
        }
        candidates.sort()
        var scored: [(score: Int32, new: Int32, old: Int32)] = []
        for (i, c) in candidates.enumerated() where i == 0 || candidates[i - 1] != c {
            let (n, o) = (new[Int(c >> 32)], old[Int(c & 0xFFFF_FFFF)])
            let score = n.keys.reduce(0) { $0 + (o.keys.contains($1) ? SimilarityKeys.weight($1) : 0) }
            if score >= SimilarityKeys.threshold, allowed(n.card, o.card) { scored.append((Int32(score), n.card, o.card)) }
        }
        candidates = []
        scored.sort { (-$0.score, $0.new, $0.old) < (-$1.score, $1.new, $1.old) }
        var newTaken: Set<Int32> = [], oldTaken: Set<Int32> = []
        var result: [(new: Int32, old: Int32)] = []
        for s in scored where !newTaken.contains(s.new) && !oldTaken.contains(s.old) {
            newTaken.insert(s.new)
            oldTaken.insert(s.old)
            result.append((s.new, s.old))
        }
        return result
    }

    /// Every key of every card with the card's index in `cards`, by key, then index.
    private static func byKey(_ cards: [(card: Int32, keys: [UInt64])]) -> [(key: UInt64, index: Int32)] {
        var keys: [(key: UInt64, index: Int32)] = []
        for (i, card) in cards.enumerated() {
            for key in card.keys { keys.append((key, Int32(i))) }
        }
        return keys.sorted { ($0.key, $0.index) < ($1.key, $1.index) }
    }
}
