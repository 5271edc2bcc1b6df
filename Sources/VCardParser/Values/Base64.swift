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
    ///
    /// With `breaksAllowed: false`, tabs and line breaks are not taken for whitespace: a value
    /// that passes is then printable ASCII, what the parser's ``ValueScan`` would find plain.
    @inline(never)
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, breaksAllowed: Bool = true) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return pairKinds.withUnsafeBufferPointer { pairs in
            var count = 0, padded = false
            var i = 0
            while i < bytes.count {
                // Sixteen data characters at a time, the bulk of a photo, looked up two by two:
                // their kinds or-ed are `data`'s, zero. A run with anything else in it is looked
                // at byte by byte.
                if !padded, i &+ 16 <= bytes.count {
                    let raw = UnsafeRawPointer(base + i)
                    var kind = pairs[Int(raw.loadUnaligned(as: UInt16.self))] | pairs[Int(raw.loadUnaligned(fromByteOffset: 2, as: UInt16.self))]
                    kind |= pairs[Int(raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self))] | pairs[Int(raw.loadUnaligned(fromByteOffset: 6, as: UInt16.self))]
                    kind |= pairs[Int(raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))] | pairs[Int(raw.loadUnaligned(fromByteOffset: 10, as: UInt16.self))]
                    kind |= pairs[Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt16.self))] | pairs[Int(raw.loadUnaligned(fromByteOffset: 14, as: UInt16.self))]
                    if kind == Kind.data.rawValue {
                        count &+= 16
                        i &+= 16
                        continue
                    }
                }
                // A byte alone is the pair of it and itself.
                let byte = bytes[i]
                switch Kind(rawValue: pairs[Int(byte) &* 0x101]) {
                case .data where !padded: count += 1
                case .space where breaksAllowed || byte == .space: break
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

    /// The kinds of two bytes or-ed, by the two as one `UInt16` (in either byte order: or-ing
    /// does not care which comes first). Looked up two bytes at a time: photos are most of the
    /// bytes `validate` checks.
    private static let pairKinds: [UInt8] = {
        let kinds: [UInt8] = (0...255).map { b in
            switch UInt8(b) {
            case .space, .tab, .cr, .lf: Kind.space.rawValue
            case .equals: Kind.padding.rawValue
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F: Kind.data.rawValue
            default: Kind.invalid.rawValue
            }
        }
        var pairs = [UInt8](repeating: 0, count: 65536)
        pairs.withUnsafeMutableBufferPointer { pairs in
            kinds.withUnsafeBufferPointer { kinds in
                for high in 0..<256 {
                    for low in 0..<256 { pairs[high << 8 | low] = kinds[high] | kinds[low] }
                }
            }
        }
        return pairs
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
