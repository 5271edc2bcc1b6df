import VCardParser

/// What a store keeps of one card instead of the card: where its bytes are, their digest (the
/// card's revision, like an HTTP ETag) and the keys a fetch looks it up by. A card is decoded
/// into a ``Contact`` only when a fetch returns it.
struct CardSlot: Sendable {
    /// Where the card's bytes start in its file (in the UTF-8 text for a UTF-16 file), counting
    /// what stood before its `BEGIN:VCARD`.
    var offset = 0
    /// How many bytes (a card is at most 64 MiB), `prefixLength` of them before `BEGIN:VCARD`.
    private var byteCount: UInt32
    private var prefixByteCount: UInt32
    /// The digest of the card from `BEGIN:VCARD` to `END:VCARD`: any change to it changes this.
    var revision: ContentDigest
    /// The `UID`; for a card without one, derived from its `X-ABUID`, else from its bytes (as
    /// `vcardtool split` derives the `UID` it writes).
    var baseIdentifier: String
    /// Whether `baseIdentifier` is the card's own `UID`.
    var hasUID: Bool
    var version: VCardVersion
    /// The keys of the email addresses as compared (``ContactPredicate/normalizedEmail(_:)``),
    /// then those of the phone numbers (``PhoneNumber/comparisonKey(defaultRegion:)`` without a region) (one array: one allocation per card).
    private var lookupKeys: [UInt64]
    private var emailKeyCount: UInt32
    /// The contact's identifier: `baseIdentifier`, or `baseIdentifier#2`, `#3`… for the later
    /// cards that share it (``StoreIndex`` assigns it).
    var identifier = ""
    /// What a group card holds; `nil` for a contact's card.
    var group: GroupCard?
    /// The names the card's `CATEGORIES` lines list (each a group, ``CategoryList``).
    var categories: [String] = []

    /// The slot of a parsed card (its offset is set by the caller).
    init(_ card: VCard) {
        let bytes = card.sourceBytes
        byteCount = UInt32(bytes.count)
        prefixByteCount = UInt32(card.rawPrefix.count)
        revision = ContentDigest(bytes.dropFirst(card.rawPrefix.count))
        version = card.version
        var uid: String?, appleUID: String?
        var emails: [UInt64] = [], phones: [UInt64] = []
        var hasKind = false, hasCategories = false
        for property in card.properties {
            if property.hasName("EMAIL") {
                emails.append(ContentDigest(ContactPredicate.comparedEmail(property)).high)
            } else if property.hasName("TEL") {
                let key = PhoneNumber(stringValue: property.text).comparisonKey(defaultRegion: nil)
                if !key.isEmpty { phones.append(Self.key(key)) }
            } else if uid == nil, property.hasName("UID") {
                uid = property.text.trimmingSpaces()
            } else if appleUID == nil, property.hasName("X-ABUID") {
                appleUID = property.text.trimmingSpaces()
            } else if property.hasName("CATEGORIES") {
                hasCategories = true
            } else if property.hasName("KIND") || property.hasName(GroupCard.appleKind) {
                hasKind = true
            }
        }
        if hasKind { group = GroupCard(card) }
        if hasCategories { categories = CategoryList.names(in: card) }
        lookupKeys = emails + phones
        emailKeyCount = UInt32(emails.count)
        if let uid, !uid.isEmpty {
            baseIdentifier = uid
            hasUID = true
        } else {
            baseIdentifier =
                appleUID.flatMap { $0.isEmpty ? nil : UUIDString.derived(from: "X-ABUID:\($0)".utf8) }
                ?? UUIDString.derived(from: bytes.dropFirst(card.rawPrefix.count))
            hasUID = false
        }
    }

    /// The lookup key of an email address as compared, or of a phone number's comparison key.
    static func key(_ text: String) -> UInt64 { ContentDigest(text.utf8).high }

    var length: Int { Int(byteCount) }
    var prefixLength: Int { Int(prefixByteCount) }
    var emailKeys: ArraySlice<UInt64> { lookupKeys[..<Int(emailKeyCount)] }
    var phoneKeys: ArraySlice<UInt64> { lookupKeys[Int(emailKeyCount)...] }

    /// The byte range in the file.
    var range: Range<Int> { offset..<(offset + length) }
}
