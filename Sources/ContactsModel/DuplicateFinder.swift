import VCardParser

/// Finds the cards that are the same person, as they stream by, keeping an index of their
/// ``DuplicateKey``s rather than the cards.
///
/// Cards are numbered from 0 in the order they are added. Two cards that share a key are
/// linked, and links are transitive: if A and B share an email and B and C a phone number, A,
/// B and C are one group (a union-find over the card numbers). Each group lists the links that
/// joined it, with every key the two cards of a link share.
///
/// Memory is 4 bytes a card and about 16 a distinct key (a 64-bit hash of each key, with the
/// first card that had it), plus the links found; two different keys share a hash with a
/// probability of 2⁻⁶⁴ a pair.
///
/// ```swift
/// var finder = DuplicateFinder(keys: [.email, .phone])
/// for card in cards { finder.add(card) }
/// for group in finder.groups() {
///     print(group.cards)                         // [0, 2, 5]
///     print(group.links.map(\.description))      // ["0 ~ 2: same email sam@shared.example", …]
/// }
/// ```
/// - Complexity: O(k) time to add a card with k keys (amortized, with path halving), however
///   many cards share a key: a card is linked to the first card that had the key, not to all,
///   and a card's links are found again by the earlier card, not by search.
public struct DuplicateFinder: Sendable {
    /// Two cards that share keys: the later card joined the earlier one's group through them.
    public struct Link: Hashable, Sendable, CustomStringConvertible {
        /// The earlier card.
        public var first: Int
        /// The later card.
        public var second: Int
        /// The keys the two share (at least one), in ``DuplicateKey/keys(of:kinds:defaultRegion:)`` order.
        public var reasons: [DuplicateKey]

        /// `0 ~ 2: same email sam@shared.example, same phone +44 20 7946 0001`.
        public var description: String {
            "\(first) ~ \(second): " + reasons.map(\.description).joined(separator: ", ")
        }
    }

    /// Cards that are one person.
    public struct Group: Hashable, Sendable {
        /// The card numbers, in order; at least two.
        public var cards: [Int]
        /// The links that joined the cards, by their later card: one fewer than the cards.
        public var links: [Link]
    }

    /// The kinds of keys compared.
    public let keys: Set<DuplicateKey.Kind>
    /// The region that places phone numbers written without a country code, if any.
    public let defaultRegion: String?
    private var parent: [Int32] = []
    /// For each key's hash, the first card that had it.
    private var holder: [UInt64: Int32] = [:]
    private var links: [Link] = []

    /// A finder comparing cards by the given kinds of keys (by default UID, email and phone),
    /// phone numbers placed in `defaultRegion` when they have no country code.
    public init(keys: Set<DuplicateKey.Kind> = DuplicateKey.Kind.defaults, defaultRegion: String? = nil) {
        self.keys = keys
        self.defaultRegion = defaultRegion
    }

    /// Adds the next card, linking it to the earlier cards it shares a key with.
    /// - Returns: The card's number.
    @discardableResult
    public mutating func add(_ card: VCard) -> Int {
        add(keys: DuplicateKey.keys(of: card, kinds: keys, defaultRegion: defaultRegion))
    }

    /// Adds the next card by its keys (``DuplicateKey/keys(of:kinds:defaultRegion:)``, made elsewhere, on
    /// another thread for instance).
    /// - Returns: The card's number.
    @discardableResult
    public mutating func add(keys cardKeys: [DuplicateKey]) -> Int {
        let card = Int32(parent.count)
        parent.append(card)
        var linkTo: [Int32: Int] = [:]  // this card's links so far, by their earlier card
        for key in cardKeys {
            var hasher = Hasher()
            hasher.combine(key.kind)
            hasher.combine(key.normalized)
            let hash = UInt64(truncatingIfNeeded: hasher.finalize())
            guard let earlier = holder[hash] else {
                holder[hash] = card
                continue
            }
            if let i = linkTo[earlier] {
                links[i].reasons.append(key)
                continue
            }
            let (a, b) = (root(of: earlier), root(of: card))
            guard a != b else { continue }
            parent[Int(max(a, b))] = min(a, b)
            linkTo[earlier] = links.count
            links.append(Link(first: Int(earlier), second: Int(card), reasons: [key]))
        }
        return Int(card)
    }

    /// The groups of more than one card, in the order of their first card.
    /// - Complexity: O(n + l) for n cards and l links.
    public func groups() -> [Group] {
        var finder = self
        var groupOfRoot: [Int32: Int] = [:]
        var groups: [Group] = []
        for link in links {
            let root = finder.root(of: Int32(link.first))
            if let g = groupOfRoot[root] {
                groups[g].links.append(link)
            } else {
                groupOfRoot[root] = groups.count
                groups.append(Group(cards: [], links: [link]))
            }
        }
        for card in 0..<Int32(parent.count) {
            if let g = groupOfRoot[finder.root(of: card)] { groups[g].cards.append(Int(card)) }
        }
        groups.sort { $0.cards[0] < $1.cards[0] }
        return groups
    }

    /// The card that stands for the card's group (the group's first card once ``add(keys:)``
    /// has linked them: the smaller root becomes the parent).
    private mutating func root(of card: Int32) -> Int32 {
        var c = card
        while parent[Int(c)] != c {
            parent[Int(c)] = parent[Int(parent[Int(c)])]
            c = parent[Int(c)]
        }
        return c
    }
}
