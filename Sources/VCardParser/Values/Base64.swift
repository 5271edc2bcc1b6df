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
                // Eight data characters at a time, the bulk of a photo: their kinds or-ed are
                // `data`'s, zero. A run with anything else in it is looked at byte by byte.
                if !padded, i &+ 8 <= bytes.count {
                    var kind = kinds[Int(bytes[i])] | kinds[Int(bytes[i &+ 1])] | kinds[Int(bytes[i &+ 2])] | kinds[Int(bytes[i &+ 3])]
                    kind |= kinds[Int(bytes[i &+ 4])] | kinds[Int(bytes[i &+ 5])] | kinds[Int(bytes[i &+ 6])] | kinds[Int(bytes[i &+ 7])]
                    if kind == Kind.data.rawValue {
                        count &+= 8
                        i &+= 8
                        continue
                    }
                }
                switch Kind(rawValue: kinds[Int(bytes[i])]) {
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

    /// What a byte is in base64 text; `data` is zero, so that the kinds of a run of data
    /// characters or-ed together are too.
    private enum Kind: UInt8 { case data = 0, space = 1, padding = 2, invalid = 4 }

    /// The kind of each byte, as its raw value (looked up: photos are most of the bytes
    /// `validate` checks).
    private static let kinds: [UInt8] = (0...255).map { b in
        switch UInt8(b) {
        case .space, .tab, .cr, .lf: Kind.space.rawValue
        case .equals: Kind.padding.rawValue
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F: Kind.data.rawValue
        default: Kind.invalid.rawValue
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
