import VCardParser

/// Something a card shares with the other cards of the same person: its UID, an email address,
/// a phone number or its name, in the form two cards are compared by.
///
/// - UID: `UID` and Apple's `X-ABUID`, without surrounding spaces and a leading `urn:uuid:`
///   (any case), so a 4.0 export and a 3.0 export of one card agree.
/// - email: each `EMAIL` as ``ContactPredicate/normalizedEmail(_:)`` compares it (the case of
///   ASCII letters and `mailto:` ignored).
/// - phone: each `TEL` by ``PhoneNumber/comparisonKey(defaultRegion:)``, the one comparison of numbers;
///   numbers with fewer than ``minimumPhoneDigits`` digits are no key (strangers share `112`,
///   `911` and a switchboard's extensions).
/// - name: the words of `N` (family, given and middle names), or of `FN` when `N` has none,
///   case and accents folded and sorted, so `Müller;Anna` is `Anna Muller`.
///
/// ```swift
/// let keys = DuplicateKey.keys(of: card, kinds: [.email, .phone])
/// keys[0].kind        // .email
/// keys[0].normalized  // "sam@shared.example"
/// keys[0].description // "same email sam@shared.example"
/// ```
public struct DuplicateKey: Hashable, Sendable, CustomStringConvertible {
    /// What a key is made of.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case uid, email, phone, name

        /// The kinds `dupes` uses unless told otherwise: a name alone is weak evidence.
        public static let defaults: Set<Kind> = [.uid, .email, .phone]
    }

    /// The digits a number needs to be a key.
    public static let minimumPhoneDigits = 5

    public var kind: Kind
    /// What is compared.
    public var normalized: String
    /// The value as the card wrote it, for messages.
    public var written: String

    public init(kind: Kind, normalized: String, written: String) {
        self.kind = kind
        self.normalized = normalized
        self.written = written
    }

    /// `same UID`, `same email sam@shared.example` (normalized), `same phone +44 20 7946 0001`
    /// or `same name Sam Shared` (as written).
    public var description: String {
        switch kind {
        case .uid: "same UID"
        case .email: "same email \(normalized)"
        case .phone: "same phone \(written)"
        case .name: "same name \(written)"
        }
    }

    /// The keys of the card of the kinds asked for, each once, in the order uid, email, phone,
    /// name and card order within a kind.
    /// - Complexity: O(p) for p the card's properties.
    /// - Parameters:
    ///   - card: The card whose UID, emails, phones and names give the keys.
    ///   - kinds: The kinds of key wanted.
    ///   - defaultRegion: The region that places numbers written without a country code
    ///     (`020 7946 0001` in `GB` is `+44 20 7946 0001`); without one they compare by digits.
    public static func keys(of card: VCard, kinds: Set<Kind>, defaultRegion: String? = nil) -> [DuplicateKey] {
        var keys: [DuplicateKey] = []
        var seen: Set<String> = []  // "kind:normalized", so a card of many values stays linear
        func add(_ kind: Kind, _ normalized: String, _ written: String) {
            guard !normalized.isEmpty, seen.insert(kind.rawValue + ":" + normalized).inserted else { return }
            keys.append(DuplicateKey(kind: kind, normalized: normalized, written: written))
        }
        if kinds.contains(.uid) {
            for property in card.properties where property.hasName("UID") || property.hasName("X-ABUID") {
                let text = property.text.trimmingSpaces()
                add(.uid, uid(text), text)
            }
        }
        if kinds.contains(.email) {
            for email in card.properties(named: "EMAIL") { add(.email, ContactPredicate.normalizedEmail(email.text), email.text) }
        }
        if kinds.contains(.phone) {
            for tel in card.properties(named: "TEL") {
                let key = PhoneNumber(stringValue: tel.text.trimmingSpaces()).comparisonKey(defaultRegion: defaultRegion)
                if key.utf8.count(where: { (0x30...0x39).contains($0) }) >= minimumPhoneDigits { add(.phone, key, tel.text.trimmingSpaces()) }
            }
        }
        if kinds.contains(.name) { nameKey(of: card).map { add(.name, $0.normalized, $0.written) } }
        return keys
    }

    private static func uid(_ text: String) -> String {
        let prefix = "urn:uuid:"
        guard text.utf8.count > prefix.utf8.count, text.prefix(prefix.count).lowercased() == prefix else { return text }
        return String(text.dropFirst(prefix.count))
    }

    /// The folded, sorted words of N's family, given and middle names, else of FN.
    private static func nameKey(of card: VCard) -> (normalized: String, written: String)? {
        let fn = card.first("FN")?.text.trimmingSpaces() ?? ""
        var words = card.first("N").map { n in n.components.prefix(3).flatMap(Self.words) } ?? []
        if words.isEmpty { words = Self.words(fn) }
        guard !words.isEmpty else { return nil }
        let normalized = words.map(ContactPredicate.folded).sorted().joined(separator: " ")
        return (normalized, fn.isEmpty ? words.joined(separator: " ") : fn)
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    }
}
