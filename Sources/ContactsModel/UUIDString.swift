import Foundation

/// Identifiers for new contacts and labeled values: random, or derived from content.
package enum UUIDString {
    static func random() -> String { UUID().uuidString }

    /// A UUID (version 8, RFC 9562) made from a 128-bit hash of `bytes`: the same bytes always
    /// give the same identifier, so a card without a UID is named the same way on every run.
    ///
    /// ```swift
    /// UUIDString.derived(from: Array("BEGIN:VCARD…".utf8))   // "3F2A…-…", every time
    /// ```
    package static func derived(from bytes: [UInt8]) -> String {
        ContentDigest(bytes).uuidString
    }
}

/// A 128-bit hash of bytes: two FNV-1a lanes with different offset bases; not cryptographic,
/// only stable. A store uses it as a card's revision (like an HTTP ETag) and to derive the
/// identifier of a card without `UID`.
struct ContentDigest: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(_ bytes: some Collection<UInt8>) {
        self = bytes.withContiguousStorageIfAvailable(Self.digest) ?? Array(bytes).withUnsafeBufferPointer(Self.digest)
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    private static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> ContentDigest {
        var high: UInt64 = 0xcbf2_9ce4_8422_2325, low: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = low ^ (low >> 29)
        }
        return ContentDigest(high: high, low: low)
    }

    /// The digest as a UUID string (version 8, variant 10): `3F2A…-…`.
    var uuidString: String {
        let high = (self.high & ~0xF000) | 0x8000  // version 8
        let low = (self.low & ~(0xC << 60)) | (0x8 << 60)  // variant 10
        let hex = String(high, radix: 16, uppercase: true).leftPadded(16) + String(low, radix: 16, uppercase: true).leftPadded(16)
        let h = Array(hex)
        return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { String($0) }.joined(separator: "-")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}

/// Base64 text for inline photos.
enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
