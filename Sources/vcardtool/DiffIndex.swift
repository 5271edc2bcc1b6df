import VCardParser

/// What `diff` keeps of each card of one side between its two passes: 64-bit hashes of its
/// pairing keys (UID; FN and first EMAIL) and of its meaning, 24 bytes a card instead of the
/// card. Cards are numbered in input order across all the inputs of the side.
///
/// Two different keys or meanings share a hash with a probability of 2⁻⁶⁴ per pair compared.
struct DiffIndex {
    /// 0 when the card has no such key.
    private(set) var uid: [UInt64] = []
    private(set) var nameAndEmail: [UInt64] = []
    /// Equal for cards whose properties are equal in normal form (``NormalProperty``), in any order.
    private(set) var meaning: [UInt64] = []

    var count: Int { uid.count }

    /// The hashes of one card.
    struct Entry: Sendable {
        var uid: UInt64, nameAndEmail: UInt64, meaning: UInt64

        init(_ card: VCard) {
            uid = Self.hash(card.trimmedUID)
            nameAndEmail = Self.hash(Self.nameAndEmail(card))
            var properties = NormalProperty.properties(of: card).map(\.hashValue)
            properties.sort()
            var hasher = Hasher()
            hasher.combine(properties)
            meaning = UInt64(truncatingIfNeeded: hasher.finalize())
        }

        /// `FN` and the first `EMAIL`, lower-cased; `nil` when both are empty.
        static func nameAndEmail(_ card: VCard) -> String? {
            let fn = card.first("FN")?.text.trimmingSpaces().lowercased() ?? ""
            let email = card.first("EMAIL")?.text.trimmingSpaces().lowercased() ?? ""
            return fn.isEmpty && email.isEmpty ? nil : fn + "\n" + email
        }

        /// Never 0, which stands for no key.
        private static func hash(_ key: String?) -> UInt64 {
            guard let key else { return 0 }
            var hasher = Hasher()
            hasher.combine(key)
            return max(UInt64(truncatingIfNeeded: hasher.finalize()), 1)
        }
    }

    mutating func append(_ entry: Entry) {
        uid.append(entry.uid)
        nameAndEmail.append(entry.nameAndEmail)
        meaning.append(entry.meaning)
    }

    /// For each new card, the number of its old card, or -1: the first unpaired old card with
    /// the same UID; failing that, with the same FN and first EMAIL, unless both cards have
    /// (different) UIDs.
    /// - Complexity: O(n log n) in the number of cards, however many share a key.
    static func pairs(old: DiffIndex, new: DiffIndex) -> [Int32] {
        var partner = [Int32](repeating: -1, count: new.count)
        var taken = [Bool](repeating: false, count: old.count)
        // The k-th old card with a UID pairs with the k-th new card with that UID.
        join(old.order(by: old.uid) { _ in true }, old.uid, new.order(by: new.uid) { _ in true }, new.uid) { olds, news in
            for (i, j) in zip(olds, news) {
                partner[Int(j)] = i
                taken[Int(i)] = true
            }
        }
        let oldLeft = old.order(by: old.nameAndEmail) { !taken[$0] }
        let newLeft = new.order(by: new.nameAndEmail) { partner[$0] < 0 }
        join(oldLeft, old.nameAndEmail, newLeft, new.nameAndEmail) { olds, news in
            // Two cursors over the old cards in order: any, and those without UID.
            var any = olds.startIndex, withoutUID = olds.startIndex
            for j in news {
                let i: Int32
                if new.uid[Int(j)] == 0 {
                    while any < olds.endIndex, taken[Int(olds[any])] { any += 1 }
                    guard any < olds.endIndex else { continue }
                    i = olds[any]
                } else {
                    while withoutUID < olds.endIndex, taken[Int(olds[withoutUID])] || old.uid[Int(olds[withoutUID])] != 0 {
                        withoutUID += 1
                    }
                    guard withoutUID < olds.endIndex else { continue }
                    i = olds[withoutUID]
                }
                partner[Int(j)] = i
                taken[Int(i)] = true
            }
        }
        return partner
    }

    /// The numbers of the cards that have a key and pass `include`, sorted by key, then number.
    private func order(by keys: [UInt64], _ include: (Int) -> Bool) -> [Int32] {
        var order: [Int32] = []
        for n in keys.indices where keys[n] != 0 && include(n) { order.append(Int32(n)) }
        order.sort { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 }
        return order
    }

    /// Calls `body` for each key found on both sides, with the cards that have it on each side.
    private static func join(_ old: [Int32], _ oldKeys: [UInt64], _ new: [Int32], _ newKeys: [UInt64],
                             _ body: (ArraySlice<Int32>, ArraySlice<Int32>) -> Void) {
        var a = 0, b = 0
        while a < old.count, b < new.count {
            let key = oldKeys[Int(old[a])], other = newKeys[Int(new[b])]
            if key < other { a += 1; continue }
            if other < key { b += 1; continue }
            var aEnd = a, bEnd = b
            while aEnd < old.count, oldKeys[Int(old[aEnd])] == key { aEnd += 1 }
            while bEnd < new.count, newKeys[Int(new[bEnd])] == key { bEnd += 1 }
            body(old[a..<aEnd], new[b..<bEnd])
            (a, b) = (aEnd, bEnd)
        }
    }
}
