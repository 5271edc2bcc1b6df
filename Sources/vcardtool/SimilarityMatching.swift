/// The one-to-one pairs of cards that are most alike by their ``SimilarityKeys``, found without
/// comparing every card with every other.
///
/// The candidates of a card are the cards of the other side that share a key with it and stand
/// near it among the cards with that key: for the r-th card (in order) of one side with a key,
/// the (r − window)-th to (r + window)-th of the other side. A pair's score is the weight of the
/// keys it shares (``SimilarityKeys/weight(_:)``). Pairs scoring at least
/// ``SimilarityKeys/threshold`` are taken best first, then by the new card's number, then the
/// old one's, each card once: the result depends only on the cards and their order.
///
/// ```swift
/// let pairs = SimilarityMatching.pairs(old: [(key, 0)], new: [(key, 0)]) { _, _ in true }
/// // [(new: 0, old: 0)]
/// ```
/// - Complexity: O(k log k) time and O(k) memory, for k the keys of the cards given; each key
///   yields at most 2 × ``window`` + 1 candidates, however many cards share it.
enum SimilarityMatching {
    static let window = 2

    /// - Parameters:
    ///   - old: Each key of each old card, with the card's number.
    ///   - new: Each key of each new card, with the card's number.
    ///   - allowed: Whether an old and a new card may pair at all.
    /// - Returns: The pairs, in the order taken.
    static func pairs(old: [(key: UInt64, card: Int32)], new: [(key: UInt64, card: Int32)],
                      allowed: (_ new: Int32, _ old: Int32) -> Bool) -> [(new: Int32, old: Int32)] {
        let old = old.sorted { ($0.key, $0.card) < ($1.key, $1.card) }
        let new = new.sorted { ($0.key, $0.card) < ($1.key, $1.card) }
        var shared: [(new: Int32, old: Int32, weight: Int8)] = []
        var a = 0, b = 0
        while a < old.count, b < new.count {
            let key = old[a].key
            if key != new[b].key {
                if key < new[b].key { a += 1 } else { b += 1 }
                continue
            }
            var aEnd = a, bEnd = b
            while aEnd < old.count, old[aEnd].key == key { aEnd += 1 }
            while bEnd < new.count, new[bEnd].key == key { bEnd += 1 }
            let weight = Int8(SimilarityKeys.weight(key))
            for r in 0..<(bEnd - b) {
                let low = max(0, r - window), high = min(aEnd - a - 1, r + window)
                guard low <= high else { break }  // the later cards are further still
                for o in low...high { shared.append((new[b + r].card, old[a + o].card, weight)) }
            }
            (a, b) = (aEnd, bEnd)
        }
        shared.sort { ($0.new, $0.old) < ($1.new, $1.old) }
        var scored: [(score: Int, new: Int32, old: Int32)] = []
        for s in shared {
            if let last = scored.last, last.new == s.new, last.old == s.old {
                scored[scored.count - 1].score += Int(s.weight)
            } else {
                scored.append((Int(s.weight), s.new, s.old))
            }
        }
        shared = []
        scored.removeAll { $0.score < SimilarityKeys.threshold || !allowed($0.new, $0.old) }
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
}
