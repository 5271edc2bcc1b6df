/// An email address as compared (``ContactPredicate/comparedEmail(_:)``), as the key of a set
/// or a dictionary: its bytes are hashed in one call, where `[UInt8]` hashes them one at a time
/// (about twenty instructions a byte, on each insert and look-up).
///
/// ```swift
/// var phones: [EmailKey: String] = [EmailKey("ada@example.com"): "+1 555 0199"]
/// phones[EmailKey(ContactPredicate.comparedEmail(card.first("EMAIL")!))]
/// ```
package struct EmailKey: Hashable, Sendable {
    /// The address, as compared.
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The key of an address already as compared (``ContactPredicate/normalizedEmail(_:)``).
    package init(_ address: String) { bytes = Array(address.utf8) }

    package static func == (a: EmailKey, b: EmailKey) -> Bool { a.bytes == b.bytes }

    package func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
