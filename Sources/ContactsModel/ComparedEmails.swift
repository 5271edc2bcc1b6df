import VCardParser

/// Email addresses as they are compared (``ContactPredicate/comparedEmail(_:)``), each with its
/// digest (``ContactPredicate/digest(ofComparedEmail:)``), so that an `EMAIL` property whose
/// address is not among them is told so from its bytes alone, without making its address.
///
/// ```swift
/// let asked = ComparedEmails([Array("ada@example.com".utf8)])
/// let email = card.first("EMAIL")!
/// if asked.mayContainEmail(of: email), asked.contains(ContactPredicate.comparedEmail(email)) { … }
/// ```
package struct ComparedEmails: Sendable {
    /// The addresses, as compared.
    package private(set) var addresses: Set<[UInt8]> = []
    private var digests = Digests()

    package init(_ addresses: some Sequence<[UInt8]> = [[UInt8]]()) {
        for address in addresses { insert(address) }
    }

    package mutating func insert(_ address: [UInt8]) {
        addresses.insert(address)
        digests.insert(ContactPredicate.digest(ofComparedEmail: address))
    }

    package func contains(_ address: [UInt8]) -> Bool { addresses.contains(address) }

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
        return digests.contains(digest)
    }

    /// Whether the address of `email` (an `EMAIL` property) is one of these.
    package func containsEmail(of email: Property) -> Bool {
        mayContainEmail(of: email) && addresses.contains(ContactPredicate.comparedEmail(email))
    }
}

extension ComparedEmails {
    /// A set of digests, looked up by their own bits: open addressing, at most half full. No
    /// seeded hash is needed: only the asked addresses are put in, so cards cannot crowd it.
    private struct Digests: Sendable {
        /// Each digest but 0, which marks an empty slot (a digest of 0 is kept apart).
        private var slots = [UInt64](repeating: 0, count: 16)
        private var count = 0
        private var hasZero = false

        mutating func insert(_ digest: UInt64) {
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

        func contains(_ digest: UInt64) -> Bool {
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
}
