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
    package static func derived(from bytes: some Collection<UInt8>) -> String {
        // Two FNV-1a hashes with different offset bases; not cryptographic, only stable (it names
        // cards on disk, so it never changes).
        var high: UInt64 = 0xcbf2_9ce4_8422_2325, low: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = low ^ (low >> 29)
        }
        high = (high & ~0xF000) | 0x8000  // version 8
        low = (low & ~(0xC << 60)) | (0x8 << 60)  // variant 10
        let hex = String(high, radix: 16, uppercase: true).leftPadded(16) + String(low, radix: 16, uppercase: true).leftPadded(16)
        let h = Array(hex)
        return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { String($0) }.joined(separator: "-")
    }
}

/// A 128-bit hash of bytes, eight at a time in two lanes: a store's revision of a card (like an
/// HTTP ETag) and its lookup keys. Not cryptographic, and never written anywhere: it may differ
/// between machines and versions.
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
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count), b: UInt64 = 0x1319_8A2E_0370_7344
        func mix(_ word: UInt64) {
            a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 32
            b = (b ^ word) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 29
        }
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        for k in i..<raw.count { tail |= UInt64(raw[k]) << (8 * (k - i)) }
        mix(tail)
        a = (a ^ (a >> 31)) &* 0xBF58_476D_1CE4_E5B9
        b = (b ^ (b >> 31)) &* 0x94D0_49BB_1331_11EB
        return ContentDigest(high: a ^ (a >> 29), low: b ^ (b >> 32))
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
