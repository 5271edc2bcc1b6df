import ContactsModel
import VCardParser

/// Where `merge --into` puts each source card among the target's cards: into the card with its
/// UID (or `X-ABUID`), else into the first that shares an email or a phone number with it, else
/// after the others; a card equal in meaning to one there already (as `diff` compares them) is
/// left out. A card put in a place lends that place its keys, so later cards can join it.
///
/// ```swift
/// var match = ImportMatch(targetCards)
/// switch match.place(of: sourceCard) {
/// case .present: break                          // nothing to do
/// case .merge(let place, let byUID): print(place, byUID)
/// case .append: targetCards.append(sourceCard)
/// }
/// ```
/// - Complexity: O(k) a card, for k its keys (they are hashed).
struct ImportMatch {
    /// What to do with a source card.
    enum Placement: Equatable {
        /// A card equal in meaning is there already.
        case present
        /// Merge it into the card at `place`, found by UID or by another key.
        case merge(into: Int, byUID: Bool)
        /// Append it: no card shares a key with it.
        case append
    }

    /// "kind:normalized" of a key → the first place with it.
    private var index: [String: Int] = [:]
    /// The meanings of the cards there and of those placed.
    private var meanings: Set<UInt64>
    private var count = 0

    init(_ cards: [VCard]) {
        meanings = Set(cards.map { DiffPairing.Entry($0).meaning })
        for card in cards { add(Self.keys(of: card), at: next()) }
    }

    /// Where `card` goes; it counts as placed there from now on.
    mutating func place(of card: VCard) -> Placement {
        guard meanings.insert(DiffPairing.Entry(card).meaning).inserted else { return .present }
        let keys = Self.keys(of: card)
        let byUID = firstPlace(keys.filter { $0.kind == .uid })
        guard let place = byUID ?? firstPlace(keys) else {
            add(keys, at: next())
            return .append
        }
        add(keys, at: place)
        return .merge(into: place, byUID: byUID != nil)
    }

    /// The place of the first of `keys` that has one.
    private func firstPlace(_ keys: [DuplicateKey]) -> Int? {
        for key in keys {
            if let place = index[Self.name(key)] { return place }
        }
        return nil
    }

    private mutating func next() -> Int {
        count += 1
        return count - 1
    }

    private mutating func add(_ keys: [DuplicateKey], at place: Int) {
        for key in keys where index[Self.name(key)] == nil { index[Self.name(key)] = place }
    }

    private static func keys(of card: VCard) -> [DuplicateKey] { DuplicateKey.keys(of: card, kinds: DuplicateKey.Kind.defaults) }

    private static func name(_ key: DuplicateKey) -> String { key.kind.rawValue + ":" + key.normalized }
}
