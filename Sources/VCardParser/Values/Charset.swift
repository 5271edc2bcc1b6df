import Foundation

/// Turns value bytes into text according to a `CHARSET` parameter.
///
/// UTF-8, US-ASCII, ISO-8859-1 and Windows-1252 are decoded here; other IANA names that
/// Foundation knows (Shift_JIS, EUC-JP, GB2312, Big5, KOI8-R, ISO-2022-JP, UTF-16…) through it.
enum Charset {
    enum Outcome {
        case decoded(String)
        /// The bytes were not valid in the named charset (or UTF-8): decoded as Windows-1252.
        case fellBack(String)
        /// The charset name is unknown: decoded as UTF-8, else Windows-1252.
        case unknownCharset(String)
        /// `CHARSET=UTF-8` on bytes that are not all UTF-8: the valid part decoded as UTF-8,
        /// each invalid sequence replaced with U+FFFD.
        case repaired(String)
    }

    static func decode(_ bytes: some Collection<UInt8>, charset: String?) -> Outcome {
        guard let charset else { return utf8OrFallback(bytes) }
        let name = ASCII.lowercased(charset)
        switch name {
        case "utf-8", "utf8":
            // The charset is named: one bad byte spoils that byte, not the whole value.
            if let s = String(validating: bytes, as: UTF8.self) { return .decoded(s) }
            return .repaired(String(decoding: bytes, as: UTF8.self))
        case "us-ascii", "ascii":
            return utf8OrFallback(bytes)
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "iso_8859-1":
            return .decoded(String(decoding: bytes.map { UInt16($0) }, as: UTF16.self))
        case "windows-1252", "cp1252", "x-cp1252":
            return .decoded(windows1252(bytes))
        default:
            guard let encoding = foundationEncoding(name) else {
                if case .decoded(let s) = utf8OrFallback(bytes) { return .unknownCharset(s) }
                return .unknownCharset(windows1252(bytes))
            }
            if let s = String(bytes: Array(bytes), encoding: encoding) { return .decoded(s) }
            return .fellBack(windows1252(bytes))
        }
    }

    /// Whether ``decode(_:charset:)`` gives bytes that are valid UTF-8 back as they are: with no
    /// charset, UTF-8 or ASCII named. A reader that checks such bytes can then leave the string
    /// unmade.
    static func keepsValidUTF8(_ charset: String?) -> Bool {
        guard let charset else { return true }
        // On the name's bytes: asked for each line that names a charset, it makes no string.
        let name = charset.utf8
        return ASCII.equals(name, lowercased: "utf-8") || ASCII.equals(name, lowercased: "utf8")
            || ASCII.equals(name, lowercased: "us-ascii") || ASCII.equals(name, lowercased: "ascii")
    }

    /// Valid UTF-8 as a string, with a fast path for ASCII; `nil` when not valid.
    static func utf8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isASCII(bytes) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// Whether the bytes are valid UTF-8 (ASCII is checked without decoding).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isASCII(bytes) || isWellFormedUTF8(bytes)
    }

    /// Whether no byte has its high bit set, looked at eight bytes at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.baseAddress != nil else { return true }
        var i = 0
        var high: UInt64 = 0
        while i + 8 <= bytes.count {
            high |= Word.load(bytes, at: i)
            i += 8
        }
        while i < bytes.count {
            high |= UInt64(bytes[i])
            i += 1
        }
        return high & Word.highs == 0
    }

    /// Checks every sequence against the well-formed byte ranges of Unicode's table 3-7 (no
    /// overlong forms, no surrogates, nothing above U+10FFFF), without making a string.
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            // Runs of ASCII, which most of a value is, sixteen bytes (``ByteBlock``) or eight at a
            // time; in a block or word with a byte beyond ASCII, the ASCII bytes before it are
            // stepped over at once.
            if i &+ ByteBlock.size <= n {
                let highs = ByteBlock.high(bytes.baseAddress.unsafelyUnwrapped + i)
                if highs == 0 {
                    i &+= ByteBlock.size
                    continue
                }
                i &+= ByteBlock.offset(ofFirst: highs)
            } else if i &+ 8 <= n {
                let highs = Word.load(bytes, at: i) & Word.highs
                if highs == 0 {
                    i &+= 8
                    continue
                }
                i &+= highs.trailingZeroBitCount &>> 3
            }
            let lead = bytes[i]
            if lead < 0x80 {
                i &+= 1
                continue
            }
            var length = 3
            var secondLow: UInt8 = 0x80, secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: break
            case 0xED: secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: return false
            }
            guard n - i >= length, bytes[i &+ 1] >= secondLow, bytes[i &+ 1] <= secondHigh else { return false }
            if length > 2 && bytes[i &+ 2] & 0xC0 != 0x80 { return false }
            if length > 3 && bytes[i &+ 3] & 0xC0 != 0x80 { return false }
            i &+= length
        }
        return true
    }

    static func utf8OrFallback(_ bytes: some Collection<UInt8>) -> Outcome {
        if let s = String(validating: bytes, as: UTF8.self) { return .decoded(s) }
        return .fellBack(windows1252(bytes))
    }

    private static func foundationEncoding(_ name: String) -> String.Encoding? {
        switch name {
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "windows-31j", "cp932": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        case "iso-2022-jp": return .iso2022JP
        case "utf-16": return .utf16
        case "utf-16be": return .utf16BigEndian
        case "utf-16le": return .utf16LittleEndian
        case "iso-8859-2": return .isoLatin2
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "windows-1253", "cp1253": return .windowsCP1253
        case "windows-1254", "cp1254": return .windowsCP1254
        default: return nil
        }
    }

    /// Windows-1252: Latin-1 with printable characters in 0x80–0x9F; never fails.
    static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            if b >= 0x80 && b <= 0x9F, let s = Unicode.Scalar(cp1252High[Int(b - 0x80)]) {
                scalars.append(s)
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
