/// The characters of XML 1.0, on UTF-8 bytes: which code points a document may hold
/// (`Char`, §2.2), white space (`S`, §2.3) and name characters (§2.3, with every non-ASCII
/// character counted as one).
///
/// ```swift
/// XMLCharacters.isAllowed(0xFFFE)                 // false
/// try XMLCharacters.check(Array("<a>\u{1}</a>".utf8))   // throws at 1:4
/// ```
enum XMLCharacters {
    /// Whether XML 1.0 allows the code point: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and
    /// U+10000–U+10FFFF.
    static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// A letter, `_`, `:` or any byte of a non-ASCII character.
    static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b >= 0x80
    }

    /// A name start character, a digit, `-` or `.`.
    static func isName(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// Checks that `bytes` are UTF-8 holding only characters XML allows.
    ///
    /// - Throws: ``FormatError`` at the first byte that is not: `invalid XML: bytes that are not
    ///   UTF-8` or `invalid XML: a character XML does not allow (U+0001)`.
    /// - Complexity: O(n).
    static func check(_ bytes: [UInt8]) throws(FormatError) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20, !isSpace(b) { throw disallowed(UInt32(b), at: i, in: bytes) }
                i += 1
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
            guard length > 0, i + length <= bytes.count else { throw notUTF8(at: i, in: bytes) }
            var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { throw notUTF8(at: i, in: bytes) }
                value = value << 6 | UInt32(c & 0x3F)
            }
            let shortest = length == 2 || (length == 3 && value >= 0x800) || (length == 4 && value >= 0x10000)
            guard shortest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { throw notUTF8(at: i, in: bytes) }
            guard isAllowed(value) else { throw disallowed(value, at: i, in: bytes) }
            i += length
        }
    }

    private static func notUTF8(at offset: Int, in bytes: [UInt8]) -> FormatError {
        FormatError(at: offset, in: bytes, "invalid XML: bytes that are not UTF-8")
    }

    private static func disallowed(_ value: UInt32, at offset: Int, in bytes: [UInt8]) -> FormatError {
        FormatError(at: offset, in: bytes, "invalid XML: a character XML does not allow (U+\(hex(value)))")
    }

    /// `value` in upper-case hexadecimal, at least four digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
