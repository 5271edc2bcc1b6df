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
/// let pairs = SimilarityMatching.pairs(old: [(key, 0)], new: [(key, 0)]) { _, _ in true }
/// // [(new: 0, old: 0)]
/// ```
/// - Complexity: O(k log k) time and O(k) memory, for k the keys of the cards given (about 30
///   bytes a key at most); each key yields at most 2 × ``window`` + 1 candidates, however many
///   cards share it.
enum SimilarityMatching {
    static let window = 2

    /// - Parameters:
    ///   - old: Each key of each old card with the card's number, in card order.
    ///   - new: Each key of each new card with the card's number, in card order.
    ///   - allowed: Whether a new and an old card may pair at all.
    /// - Returns: The pairs of card numbers, in the order taken.
    static func pairs(
        old: [(key: UInt64, card: Int32)], new: [(key: UInt64, card: Int32)],
        allowed: (_ new: Int32, _ old: Int32) -> Bool
    ) -> [(new: Int32, old: Int32)] {
        var candidates: [UInt64] = []  // new card << 32 | old card
        let oldOrder = byKey(old), newOrder = byKey(new)
        var a = 0, b = 0
        while a < oldOrder.count, b < newOrder.count {
            let key = old[Int(oldOrder[a])].key, other = new[Int(newOrder[b])].key
            if key != other {
                if key < other { a += 1 } else { b += 1 }
                continue
            }
            var aEnd = a, bEnd = b
            while aEnd < oldOrder.count, old[Int(oldOrder[aEnd])].key == key { aEnd += 1 }
            while bEnd < newOrder.count, new[Int(newOrder[bEnd])].key == key { bEnd += 1 }
            for r in 0..<(bEnd - b) {
                let low = max(0, r - window), high = min(aEnd - a - 1, r + window)
                guard low <= high else { break }  // the later cards are further still
                let n = UInt64(UInt32(new[Int(newOrder[b + r])].card)) << 32
                for o in low...high { candidates.append(n | UInt64(UInt32(old[Int(oldOrder[a + o])].card))) }
            }
            (a, b) = (aEnd, bEnd)
        }
        candidates.sort()
        var scored: [(score: Int32, new: Int32, old: Int32)] = []
        for (i, c) in candidates.enumerated() where i == 0 || candidates[i - 1] != c {
            let n = Int32(truncatingIfNeeded: c >> 32), o = Int32(truncatingIfNeeded: c)
            let oldKeys = keys(of: o, in: old)
            let score = keys(of: n, in: new).reduce(0) { $0 + (oldKeys.contains($1) ? SimilarityKeys.weight($1) : 0) }
            if score >= SimilarityKeys.threshold, allowed(n, o) { scored.append((Int32(score), n, o)) }
        }
        candidates = []
        scored.sort { (-$0.score, $0.new, $0.old) < (-$1.score, $1.new, $1.old) }
        var newTaken = [Bool](repeating: false, count: Int(new.last?.card ?? -1) + 1)
        var oldTaken = [Bool](repeating: false, count: Int(old.last?.card ?? -1) + 1)
        var result: [(new: Int32, old: Int32)] = []
        for s in scored where !newTaken[Int(s.new)] && !oldTaken[Int(s.old)] {
            newTaken[Int(s.new)] = true
            oldTaken[Int(s.old)] = true
            result.append((s.new, s.old))
        }
        return result
    }

    /// The places in `keys` ordered by key, then card.
    private static func byKey(_ keys: [(key: UInt64, card: Int32)]) -> [Int32] {
        Array(0..<Int32(keys.count)).sorted { (keys[Int($0)].key, keys[Int($0)].card) < (keys[Int($1)].key, keys[Int($1)].card) }
    }

    /// The keys of `card` in `keys` (in card order), found by binary search.
    private static func keys(of card: Int32, in keys: [(key: UInt64, card: Int32)]) -> [UInt64] {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].card < card { low = mid + 1 } else { high = mid }
        }
        return keys[low...].prefix { $0.card == card }.map(\.key)
    }
}
