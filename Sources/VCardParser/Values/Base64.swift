import Foundation

/// Base64 for inline binary values (`ENCODING=b`, `ENCODING=BASE64`, `data:` URIs).
enum Base64 {
    /// Decodes, ignoring whitespace and line breaks left from folding; `nil` if it is not base64.
    ///
    /// The padding is made right first: some exporters drop it, and Android and BlackBerry
    /// write a `=` after data that needed none (`…/9k=` for 2232 characters).
    static func decode(_ text: Substring) -> [UInt8]? {
        var cleaned = text.utf8.filter { !($0 == .space || $0 == .tab || $0 == .cr || $0 == .lf) }
        while cleaned.last == .equals { cleaned.removeLast() }
        while cleaned.count % 4 != 0 { cleaned.append(.equals) }
        guard let data = Data(base64Encoded: Data(cleaned)) else { return nil }
        return [UInt8](data)
    }

    /// Whether ``decode(_:)`` would decode `bytes`, checked without decoding: only the base64
    /// alphabet and whitespace, `=` only at the end, and not one character too many for a
    /// whole byte (4n + 1 characters before the padding).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kinds.withUnsafeBufferPointer { kinds in
            var count = 0, padded = false
            var i = 0
            while i < bytes.count {
                // Eight data characters at a time, the bulk of a photo; a word with anything else
                // in it is looked at byte by byte.
                if !padded, i &+ 8 <= bytes.count, isDataWord(bytes, at: i) {
                    count &+= 8
                    i &+= 8
                    continue
                }
                switch kinds[Int(bytes[i])] {
                case .data where !padded: count += 1
                case .space: break
                case .padding: padded = true
                default: return false
                }
                i &+= 1
            }
            return count % 4 != 1
        }
    }

    /// Whether the eight bytes at `offset` are all base64 data characters (`A`–`Z`, `a`–`z`,
    /// `0`–`9`, `+`, `/`), tested as one word.
    @inline(__always)
    private static func isDataWord(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let word = Word.load(bytes, at: offset)
        guard word & Word.highs == 0 else { return false }
        let found = Word.letters(word) | Word.digits(word) | Word.equal(word, UInt8(ascii: "+")) | Word.equal(word, UInt8(ascii: "/"))
        return found == Word.highs
    }

    /// What a byte is in base64 text.
    private enum Kind { case invalid, data, space, padding }

    /// The kind of each byte (looked up: photos are most of the bytes `validate` checks).
    private static let kinds: [Kind] = (0...255).map { b in
        switch UInt8(b) {
        case .space, .tab, .cr, .lf: .space
        case .equals: .padding
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F: .data
        default: .invalid
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
