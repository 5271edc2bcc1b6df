import ContactsModel
import VCardParser

/// How `diff` pairs cards without keeping them. The old side is kept as 64-bit hashes of each
/// card's UID and meaning (16 bytes a card, and 4 more for its place in UID order); the new
/// side's cards are paired by UID as they come, and kept only when they wait for a partner by
/// meaning or likeness, or when they differ. The ``SimilarityKeys`` of both sides are hashed in
/// a pass of their own, and only when cards of both sides are left after UID and meaning
/// (``needsKeys``), for those cards only. Cards are numbered in input order across the inputs of
/// a side.
///
/// The pairs are those of the rule, in three rounds, each over the cards the earlier ones left:
/// 1. UID: for each new card in order, the first unpaired old card with the same UID;
/// 2. meaning: cards equal in meaning (``NormalProperty``), the k-th old with the k-th new, so
///    that a file always equals itself, with or without UID and FN;
/// 3. likeness: cards that share N, FN, an EMAIL or a TEL, or several weak keys such as ORG,
///    best score first (``SimilarityMatching``), unless both cards have (different) UIDs.
///
/// Two different keys or meanings share a hash with a probability of 2⁻⁶⁴ per pair compared.
///
/// ```swift
/// var pairing = DiffPairing()
/// for card in oldCards { pairing.addOld(DiffPairing.Entry(card)) }
/// for card in newCards { pairing.addNew(DiffPairing.Entry(card)) }
/// pairing.pairEqualCards()
/// if pairing.needsKeys {
///     for (i, card) in oldCards.enumerated() { pairing.addOld(i, keys: SimilarityKeys.of(card)) }
///     for (j, card) in newCards.enumerated() { pairing.addNew(j, keys: SimilarityKeys.of(card)) }
/// }
/// pairing.finish()          // then pairing.changed, pairing.added, pairing.isRemoved(_:)
/// ```
/// - Complexity: O(n log n) in the number of cards, however many share a key.
struct DiffPairing {
    /// The hashes of one card (0: no such key).
    struct Entry: Sendable {
        var uid: UInt64, meaning: UInt64

        init(_ card: VCard, phoneRegion: String? = nil) {
            uid = Self.uidHash(card)
            var properties = NormalProperty.properties(of: card, phoneRegion: phoneRegion).map(\.hashValue)
            properties.sort()
            var hasher = Hasher()
            hasher.combine(properties)
            meaning = UInt64(truncatingIfNeeded: hasher.finalize())
        }

        static func uidHash(_ card: VCard) -> UInt64 {
            guard let key = card.trimmedUID else { return 0 }
            var hasher = Hasher()
            hasher.combine(key)
            return max(UInt64(truncatingIfNeeded: hasher.finalize()), 1)  // never 0, which stands for no key
        }
    }

    // The old side.
    private var uid: [UInt64] = []
    private var meaning: [UInt64] = []
    private var taken: [Bool] = []
    /// The old cards with a UID, sorted by UID, then number.
    private var byUID: [Int32] = []
    /// For the first of several old cards with one UID: how many of them are paired.
    private var pairedOfUID: [Int32: Int32] = [:]
    /// The keys of the unpaired old cards, in card order, for the pairing by likeness.
    private var oldKeys: [(key: UInt64, card: Int32)] = []

    // The new side.
    private var newCount: Int32 = 0
    /// New cards without a partner by UID.
    private var waiting: [(card: Int32, entry: Entry)] = []
    /// The keys of the ``waiting`` cards, each with the card's place in ``waiting``.
    private var newKeys: [(key: UInt64, card: Int32)] = []
    /// The place in ``waiting`` of the next card ``addNew(_:keys:)`` may be given.
    private var nextWaiting = 0

    /// For each new card paired with an old card of another meaning, that old card.
    private(set) var changed: [Int32: Int32] = [:]
    /// The new cards without partner, available after ``finish()``.
    private(set) var added: Set<Int32> = []
    /// How many old cards have no partner, available after ``finish()``.
    private(set) var removedCount = 0
    /// The UID hashes of the new cards that are ``changed`` or ``added``, so that a last pass
    /// can drop the others before numbering them (cards without UID are never dropped).
    private(set) var describedNewUIDs: Set<UInt64> = []

    mutating func addOld(_ entry: Entry) {
        uid.append(entry.uid)
        meaning.append(entry.meaning)
    }

    /// Pairs the next new card by UID if it can; otherwise it waits for ``finish()``.
    mutating func addNew(_ entry: Entry) {
        if newCount == 0 { prepareUIDs() }
        let card = newCount
        newCount += 1
        guard let old = nextOld(withUID: entry.uid) else {
            waiting.append((card, entry))
            return
        }
        pair(new: card, old: old, entry)
    }

    /// Pairs the new cards that wait with unpaired old cards of the same meaning, in order.
    mutating func pairEqualCards() {
        if newCount == 0 { prepareUIDs() }
        let old = (0..<Int32(taken.count)).filter { !taken[Int($0)] }
            .sorted { (meaning[Int($0)], $0) < (meaning[Int($1)], $1) }
        let new = (0..<Int32(waiting.count))
            .sorted { (waiting[Int($0)].entry.meaning, $0) < (waiting[Int($1)].entry.meaning, $1) }
        var a = 0, b = 0
        while a < old.count, b < new.count {
            let (i, w) = (Int(old[a]), Int(new[b]))
            if meaning[i] < waiting[w].entry.meaning {
                a += 1
            } else if meaning[i] > waiting[w].entry.meaning {
                b += 1
            } else {
                pair(new: waiting[w].card, old: old[a], waiting[w].entry)
                waiting[w].card = -1
                (a, b) = (a + 1, b + 1)
            }
        }
        waiting.removeAll { $0.card < 0 }
    }

    /// Whether some new card waits for a partner by likeness while old cards are unpaired: then
    /// every card of both sides goes, in order, to ``addOld(_:keys:)`` and ``addNew(_:keys:)``
    /// before ``finish()``.
    var needsKeys: Bool { !waiting.isEmpty && taken.contains(false) }

    /// The ``SimilarityKeys`` of old card `card`; cards must come in order.
    mutating func addOld(_ card: Int, keys: [UInt64]) {
        guard !taken[card] else { return }
        for key in keys { oldKeys.append((key, Int32(card))) }
    }

    /// The ``SimilarityKeys`` of new card `card`; cards must come in order.
    mutating func addNew(_ card: Int, keys: [UInt64]) {
        while nextWaiting < waiting.count, waiting[nextWaiting].card < card { nextWaiting += 1 }
        guard nextWaiting < waiting.count, waiting[nextWaiting].card == card else { return }
        for key in keys { newKeys.append((key, Int32(nextWaiting))) }
    }

    /// Pairs the waiting new cards by likeness; the rest are ``added``.
    mutating func finish() {
        if newCount == 0 { prepareUIDs() }
        let pairs = SimilarityMatching.pairs(old: oldKeys, new: newKeys) { w, old in
            waiting[Int(w)].entry.uid == 0 || uid[Int(old)] == 0
        }
        (oldKeys, newKeys) = ([], [])
        for (w, old) in pairs {
            pair(new: waiting[Int(w)].card, old: old, waiting[Int(w)].entry)
            waiting[Int(w)].card = -1
        }
        for (card, entry) in waiting where card >= 0 {
            added.insert(card)
            describedNewUIDs.insert(entry.uid)
        }
        waiting = []
        removedCount = taken.count - taken.count { $0 }
    }

    /// Whether the old card has no partner (after ``finish()``).
    func isRemoved(_ old: Int) -> Bool { !taken[old] }

    private mutating func pair(new: Int32, old: Int32, _ entry: Entry) {
        taken[Int(old)] = true
        guard meaning[Int(old)] != entry.meaning else { return }
        changed[new] = old
        describedNewUIDs.insert(entry.uid)
    }

    private mutating func prepareUIDs() {
        taken = [Bool](repeating: false, count: uid.count)
        byUID.reserveCapacity(uid.count { $0 != 0 })
        for i in uid.indices where uid[i] != 0 { byUID.append(Int32(i)) }
        byUID.sort { (uid[Int($0)], $0) < (uid[Int($1)], $1) }
    }

    /// The first unpaired old card with this UID, marked as paired, if there is one.
    private mutating func nextOld(withUID key: UInt64) -> Int32? {
        guard key != 0 else { return nil }
        var low = 0, high = byUID.count
        while low < high {
            let mid = (low + high) / 2
            if uid[Int(byUID[mid])] < key { low = mid + 1 } else { high = mid }
        }
        guard low < byUID.count, uid[Int(byUID[low])] == key else { return nil }
        let isAlone = low + 1 == byUID.count || uid[Int(byUID[low + 1])] != key
        if isAlone { return taken[Int(byUID[low])] ? nil : byUID[low] }
        let n = low + Int(pairedOfUID[Int32(low), default: 0])
        guard n < byUID.count, uid[Int(byUID[n])] == key else { return nil }
        pairedOfUID[Int32(low), default: 0] += 1
        return byUID[n]
    }
}
