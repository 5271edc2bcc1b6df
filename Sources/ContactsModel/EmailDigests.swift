import VCardParser

/// The digests (``ContactPredicate/digest(ofComparedEmail:)``) of email addresses as compared,
/// with which an `EMAIL` property whose address is not among them is told so from its value's
/// bytes alone, without making its address: the first look of ``ComparedEmails`` and of
/// `set-phone`'s requests.
///
/// A set looked up by the digests' own bits: open addressing, at most half full. No seeded
/// hash is needed: only the asked addresses are put in, so cards cannot crowd it.
///
/// ```swift
/// var digests = EmailDigests()
/// digests.insert(Array("ada@example.com".utf8))
/// digests.mayContainEmail(of: card.first("EMAIL")!)   // false for nearly every other address
/// ```
package struct EmailDigests: Sendable {
    /// Each digest but 0, which marks an empty slot (a digest of 0 is kept apart).
    private var slots = [UInt64](repeating: 0, count: 16)
    private var count = 0
    private var hasZero = false

    package init() {}

    /// Adds the digest of `address`, as compared.
    package mutating func insert(_ address: [UInt8]) {
        let digest = ContactPredicate.digest(ofComparedEmail: address)
        guard digest != 0 else {
            hasZero = true
            return
        }
        guard !contains(digest) else { return }
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            count = 0
            for d in old where d != 0 { place(d) }
        }
        place(digest)
    }

    /// `false` when the address of `email` (an `EMAIL` property) is surely not one of these,
    /// decided from the value's bytes (nearly always); `true` when it may be.
    package func mayContainEmail(of email: Property) -> Bool {
        var may = true
        email.readValueBytes { may = mayContainEmail(valueBytes: $0) }
        return may
    }

    /// ``mayContainEmail(of:)`` of an `EMAIL` property whose value's bytes are `bytes`
    /// (``ContactPredicate/comparedEmailDigest(valueBytes:)``).
    package func mayContainEmail(valueBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let digest = ContactPredicate.comparedEmailDigest(valueBytes: bytes) else { return true }
        return contains(digest)
    }

    private func contains(_ digest: UInt64) -> Bool {
        guard digest != 0 else { return hasZero }
        let mask = slots.count - 1
        var slot = Self.start(digest, mask)
        while slots[slot] != 0 {
            if slots[slot] == digest { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    private mutating func place(_ digest: UInt64) {
        let mask = slots.count - 1
        var slot = Self.start(digest, mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = digest
        count += 1
    }

    private static func start(_ digest: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: digest ^ (digest >> 32)) & mask }
}
