import VCardParser

/// Email addresses as they are compared (``ContactPredicate/comparedEmail(_:)``), with their
/// digests (``EmailDigests``), so that an `EMAIL` property whose address is not among them is
/// told so from its bytes alone, without making its address.
///
/// ```swift
/// let asked = ComparedEmails([Array("ada@example.com".utf8)])
/// let email = card.first("EMAIL")!
/// if asked.mayContainEmail(of: email), asked.contains(ContactPredicate.comparedEmail(email)) { … }
/// ```
package struct ComparedEmails: Sendable {
    private var keys: Set<EmailKey> = []
    private var digests = EmailDigests()

    /// The addresses, as compared, in no order.
    package var addresses: [[UInt8]] { keys.map(\.bytes) }

    package init(_ addresses: some Sequence<[UInt8]> = [[UInt8]]()) {
        for address in addresses { insert(address) }
    }

    package mutating func insert(_ address: [UInt8]) {
        keys.insert(EmailKey(address))
        digests.insert(address)
    }

    package func contains(_ address: [UInt8]) -> Bool { keys.contains(EmailKey(address)) }

    /// `false` when the address of `email` (an `EMAIL` property) is surely not one of these,
    /// decided from the value's bytes (nearly always); `true` when it may be.
    package func mayContainEmail(of email: Property) -> Bool { digests.mayContainEmail(of: email) }

    /// ``mayContainEmail(of:)`` of an `EMAIL` property whose value's bytes, as written, are
    /// `bytes` (a card read with ``VCardParser/VCardReader/AsRead/init(keepingValuesOf:_:)``).
    package func mayContainEmail(valueBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool { digests.mayContainEmail(valueBytes: bytes) }

    /// Whether the address of `email` (an `EMAIL` property) is one of these.
    package func containsEmail(of email: Property) -> Bool {
        mayContainEmail(of: email) && contains(ContactPredicate.comparedEmail(email))
    }
}
