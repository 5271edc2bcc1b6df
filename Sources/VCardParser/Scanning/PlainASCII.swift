/// Tests and digests of ASCII text made eight bytes at a time (``Word``), for the modules that
/// read values on their bytes: ContactsModel tells most emails apart from those asked for so.
///
/// ```swift
/// let digest = PlainASCII.caseInsensitiveDigest(bytes)   // the same for "Ann@X.org" and "ann@x.org"
/// ```
package enum PlainASCII {
    /// Whether every byte is printable ASCII (0x20–0x7E) and none is a backslash: text that
    /// reads the same with escapes undone.
    package static func isPrintableWithoutBackslash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The digest's pass tests the same, and its multiplications cost little beside the loads.
        printableDigest(bytes) != nil
    }

    /// Whether each of the word's eight bytes is printable ASCII and not a backslash.
    @inline(__always)
    private static func isPrintableWithoutBackslash(_ word: UInt64) -> Bool {
        // 0x80 and above, then (on ASCII, exactly) below 0x20 or 0x7F, then a backslash.
        word & Word.highs == 0 && Word.controls(word) == 0 && Word.equal(word, .backslash) == 0
    }

    /// A 64-bit digest of the bytes with `A`–`Z` lower-cased (every other byte as it is): bytes
    /// equal but for the case of ASCII letters have equal digests. Not seeded: for tables whose
    /// keys the user gives, not the input.
    package static func caseInsensitiveDigest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        digest(bytes, onlyPrintable: false).unsafelyUnwrapped
    }

    /// ``caseInsensitiveDigest(_:)`` of bytes that are ``isPrintableWithoutBackslash(_:)``, or
    /// `nil` for others: both in one pass, for a value read from a card.
    package static func printableDigest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        digest(bytes, onlyPrintable: true)
    }

    /// The digest, or `nil` when `onlyPrintable` and a byte is not printable or a backslash.
    @inline(__always)
    private static func digest(_ bytes: UnsafeBufferPointer<UInt8>, onlyPrintable: Bool) -> UInt64? {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = 0
        while i + 8 <= bytes.count {
            let word = Word.load(bytes, at: i)
            if onlyPrintable, !isPrintableWithoutBackslash(word) { return nil }
            digest = mix(digest, lowercased(word))
            i += 8
        }
        if i < bytes.count {
            var last: UInt64 = 0  // the bytes left, padded with zeros
            if bytes.count >= 8 {
                // The last eight bytes in one load: those before `i`, read already, shifted out.
                let word = Word.load(bytes, at: bytes.count - 8)
                if onlyPrintable, !isPrintableWithoutBackslash(word) { return nil }
                last = word >> UInt64(8 * (8 - (bytes.count - i)))
            } else {
                for j in i..<bytes.count {
                    if onlyPrintable, bytes[j] &- 0x20 > 0x5E || bytes[j] == .backslash { return nil }
                    last |= UInt64(bytes[j]) << UInt64(8 * (j - i))
                }
            }
            digest = mix(digest, lowercased(last))
        }
        return mix(digest, UInt64(bytes.count))
    }

    @inline(__always)
    private static func mix(_ digest: UInt64, _ word: UInt64) -> UInt64 {
        let x = (digest ^ word) &* 0x9E37_79B9_7F4A_7C15
        return x ^ (x >> 29)
    }

    /// `word` with its bytes `A`–`Z` lower-cased; the others, those from 0x80 too, as they are.
    @inline(__always)
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let upper = Word.inRange(word & ~Word.highs, 0x41, 0x5A) & ~word
        return word | (upper >> 2)
    }
}
