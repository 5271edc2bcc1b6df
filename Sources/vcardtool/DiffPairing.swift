import ContactsModel
import VCardParser

/// How `diff` pairs cards without keeping them. The old side is kept as 64-bit hashes of each
/// card's UID and meaning (16 bytes a card, and 4 more for its place in UID order); the new
/// side's cards are paired by UID as they come, and kept only when they wait for a partner by
/// FN and first EMAIL, or when they differ. The old cards' FN and EMAIL are hashed in a pass of
/// their own, and only when some new card waits for them (``needsOldNamesAndEmails``). Cards
/// are numbered in input order across the inputs of a side.
///
/// The pairs are those of the rule: for each new card in order, the first unpaired old card
/// with the same UID; failing that (after all UIDs), with the same FN and first EMAIL, unless
/// both cards have (different) UIDs. Two different keys or meanings share a hash with a
/// probability of 2⁻⁶⁴ per pair compared.
///
/// ```swift
/// var pairing = DiffPairing()
/// for card in oldCards { pairing.addOld(DiffPairing.Entry(card)) }
/// for card in newCards { pairing.addNew(DiffPairing.Entry(card)) }
/// if pairing.needsOldNamesAndEmails {
///     for (i, card) in oldCards.enumerated() { pairing.addOld(i, nameAndEmail: DiffPairing.Entry.nameAndEmailHash(card)) }
/// }
/// pairing.finish()          // then pairing.changed, pairing.added, pairing.isRemoved(_:)
/// ```
/// - Complexity: O(n log n) in the number of cards, however many share a key.
struct DiffPairing {
    /// The hashes of one card (0: no such key).
    struct Entry: Sendable {
        var uid: UInt64, nameAndEmail: UInt64, meaning: UInt64

        init(_ card: VCard) {
            uid = Self.uidHash(card)
            nameAndEmail = Self.nameAndEmailHash(card)
            var properties = NormalProperty.properties(of: card).map(\.hashValue)
            properties.sort()
            var hasher = Hasher()
            hasher.combine(properties)
            meaning = UInt64(truncatingIfNeeded: hasher.finalize())
        }

        static func uidHash(_ card: VCard) -> UInt64 { hash(card.trimmedUID) }

        /// The hash of `FN` and the first `EMAIL`, lower-cased; 0 when both are empty.
        static func nameAndEmailHash(_ card: VCard) -> UInt64 {
            let fn = card.first("FN")?.text.trimmingSpaces().lowercased() ?? ""
            let email = card.first("EMAIL").map { ContactPredicate.normalizedEmail($0.text) } ?? ""
            return fn.isEmpty && email.isEmpty ? 0 : hash(fn + "\n" + email)
        }

        /// Never 0, which stands for no key.
        private static func hash(_ key: String?) -> UInt64 {
            guard let key else { return 0 }
            var hasher = Hasher()
            hasher.combine(key)
            return max(UInt64(truncatingIfNeeded: hasher.finalize()), 1)
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
    /// Unpaired old cards with FN or EMAIL, for the pairing by FN and EMAIL.
    private var oldWaiting: [(card: Int32, nameAndEmail: UInt64)] = []

    // The new side.
    private var newCount: Int32 = 0
    /// New cards without a partner by UID.
    private var waiting: [(card: Int32, entry: Entry)] = []

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

    /// Whether some new card waits for a partner by FN and EMAIL while old cards are unpaired:
    /// then every old card goes to ``addOld(_:nameAndEmail:)`` before ``finish()``.
    var needsOldNamesAndEmails: Bool {
        waiting.contains { $0.entry.nameAndEmail != 0 } && taken.contains(false)
    }

    /// The FN-and-EMAIL hash of old card `card` (``Entry/nameAndEmailHash(_:)``).
    mutating func addOld(_ card: Int, nameAndEmail: UInt64) {
        if nameAndEmail != 0 && !taken[card] { oldWaiting.append((Int32(card), nameAndEmail)) }
    }

    /// Pairs the waiting new cards by FN and first EMAIL; the rest are ``added``.
    mutating func finish() {
        if newCount == 0 { prepareUIDs() }
        let old = oldWaiting.sorted { ($0.nameAndEmail, $0.card) < ($1.nameAndEmail, $1.card) }
        let new = waiting.indices.filter { waiting[$0].entry.nameAndEmail != 0 }
            .sorted { (waiting[$0].entry.nameAndEmail, $0) < (waiting[$1].entry.nameAndEmail, $1) }
        var a = 0, b = 0
        while a < old.count, b < new.count {
            let key = old[a].nameAndEmail, other = waiting[new[b]].entry.nameAndEmail
            if key != other {
                if key < other { a += 1 } else { b += 1 }
                continue
            }
            var aEnd = a, bEnd = b
            while aEnd < old.count, old[aEnd].nameAndEmail == key { aEnd += 1 }
            while bEnd < new.count, waiting[new[bEnd]].entry.nameAndEmail == key { bEnd += 1 }
            // Two cursors over these old cards in order: any, and those without UID.
            var any = a, withoutUID = a
            for w in new[b..<bEnd] {
                let (card, entry) = waiting[w]
                let i: Int32
                if entry.uid == 0 {
                    while any < aEnd, taken[Int(old[any].card)] { any += 1 }
                    guard any < aEnd else { continue }
                    i = old[any].card
                } else {
                    while withoutUID < aEnd, taken[Int(old[withoutUID].card)] || uid[Int(old[withoutUID].card)] != 0 {
                        withoutUID += 1
                    }
                    guard withoutUID < aEnd else { continue }
                    i = old[withoutUID].card
                }
                pair(new: card, old: i, entry)
                waiting[w].card = -1
            }
            (a, b) = (aEnd, bEnd)
        }
        for (card, entry) in waiting where card >= 0 {
            added.insert(card)
            describedNewUIDs.insert(entry.uid)
        }
        waiting = []
        oldWaiting = []
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
