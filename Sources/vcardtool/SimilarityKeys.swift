import ContactsModel
import VCardParser

/// What `diff` pairs a card by when UID and exact meaning did not pair it: 64-bit hashes of its
/// name (N, FN), each EMAIL and TEL (strong keys) and its ORG (a weak key). Two cards share a
/// key when they share that part: N and FN ignoring case and spaces around components, EMAIL and
/// TEL as `dupes` compares them (``DuplicateKey``: an email ignoring ASCII case and `mailto:`, a
/// number by ``PhoneNumber/comparisonKey(defaultRegion:)``, `+1 (555) 0100` is `+1-555-0100`).
///
/// A key's top bit tells its weight: 1 for a strong key (2 points), 0 for a weak one (1 point).
/// Two cards are alike enough to pair when they score 2: one strong key, or two weak ones.
///
/// ```swift
/// let keys = SimilarityKeys.of(card)          // [N, EMAIL…, TEL…] hashes, deduplicated
/// SimilarityKeys.weight(keys[0])              // 2
/// ```
enum SimilarityKeys {
    /// The score at which two cards pair.
    static let threshold = 2
    /// At most this many EMAIL and this many TEL keys a card, so a card's share of the work is bounded.
    private static let perKind = 4
    private static let strong: UInt64 = 1 << 63

    /// The card's keys, each once, in a fixed order.
    static func of(_ card: VCard) -> [UInt64] {
        var keys: [UInt64] = []
        func add(_ kind: String, _ text: String, strong isStrong: Bool = true) {
            guard !text.isEmpty else { return }
            var hasher = Hasher()
            hasher.combine(kind)
            hasher.combine(text)
            let hash = UInt64(truncatingIfNeeded: hasher.finalize())
            let key = isStrong ? hash | strong : hash & ~strong
            if !keys.contains(key) { keys.append(key) }
        }
        if let n = card.first("N") { add("N", components(n)) }
        if let fn = card.first("FN") { add("FN", fn.text.trimmingSpaces().lowercased()) }
        if let org = card.first("ORG") { add("ORG", components(org), strong: false) }
        let shared = DuplicateKey.keys(of: card, kinds: [.email, .phone])
        for key in shared.filter({ $0.kind == .email }).prefix(perKind) { add("EMAIL", key.normalized) }
        for key in shared.filter({ $0.kind == .phone }).prefix(perKind) { add("TEL", key.normalized) }
        return keys
    }

    /// 2 for a strong key, 1 for a weak one.
    static func weight(_ key: UInt64) -> Int { key & strong != 0 ? 2 : 1 }

    /// The components of a structured value, trimmed and lower-cased, trailing empty ones
    /// dropped; empty when all are empty.
    private static func components(_ property: Property) -> String {
        var parts = property.components.map { $0.trimmingSpaces().lowercased() }
        while parts.last == "" { parts.removeLast() }
        return parts.joined(separator: ";")
    }
}
