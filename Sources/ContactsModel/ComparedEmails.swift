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
    private var digests: Set<UInt64> = []

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
        guard let digest = ContactPredicate.comparedEmailDigest(email) else { return true }
        return digests.contains(digest)
    }

    /// Whether the address of `email` (an `EMAIL` property) is one of these.
    package func containsEmail(of email: Property) -> Bool {
        mayContainEmail(of: email) && addresses.contains(ContactPredicate.comparedEmail(email))
    }
}
