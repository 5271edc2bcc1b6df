/// The encoding of the whole input: UTF-8 (the norm), or UTF-16 that the reader transcoded.
///
/// ```swift
/// if reader.inputEncoding != .utf8 { print("converted from UTF-16") }
/// ```
public enum InputEncoding: Hashable, Sendable {
    case utf8
    case utf16(bigEndian: Bool, byteOrderMark: Bool)

    /// The warning that the input was transcoded, for UTF-16 input.
    var warning: Diagnostic? {
        self == .utf8 ? nil : Diagnostic(.warning, .utf16Input, at: SourcePosition(line: 1), "input is UTF-16; read as UTF-8")
    }

    /// Recognises UTF-16 by its byte-order mark, or by the zero bytes of ASCII text.
    static func detect(_ head: ArraySlice<UInt8>) -> InputEncoding {
        let b = Array(head.prefix(4))
        if b.count >= 2 {
            if b[0] == 0xFF && b[1] == 0xFE { return .utf16(bigEndian: false, byteOrderMark: true) }
            if b[0] == 0xFE && b[1] == 0xFF { return .utf16(bigEndian: true, byteOrderMark: true) }
        }
        if b.count >= 4 {
            if b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0 { return .utf16(bigEndian: false, byteOrderMark: false) }
            if b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0 { return .utf16(bigEndian: true, byteOrderMark: false) }
        }
        return .utf8
    }

    /// UTF-16 bytes (after any byte-order mark) to UTF-8.
    static func transcode(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// UTF-8 text back to this encoding, for writing output the way the input came.
    public func encode(_ utf8: [UInt8], withByteOrderMark: Bool) -> [UInt8] {
        guard case .utf16(let bigEndian, let bom) = self else { return utf8 }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count * 2 + 2)
        if bom && withByteOrderMark { out += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
        for unit in String(decoding: utf8, as: UTF8.self).utf16 {
            let hi = UInt8(unit >> 8), lo = UInt8(unit & 0xFF)
            out += bigEndian ? [hi, lo] : [lo, hi]
        }
        return out
    }
}
