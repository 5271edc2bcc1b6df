#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Backslash escapes of text values (RFC 6350 §3.4, RFC 2426 §4) and of structured values.
public enum Escaping {
    /// Decodes `\\`, `\,`, `\;`, `\:` and `\n`/`\N`; any other backslash is kept as written.
    ///
    /// ```swift
    /// Escaping.unescape(#"Main St\, Suite 5\nSpringfield"#)   // "Main St, Suite 5\nSpringfield"
    /// ```
    public static func unescape(_ text: Substring) -> String {
        guard hasBackslash(text) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let b = iterator.next() {
            guard b == .backslash else { out.append(b); continue }
            guard let next = iterator.next() else { out.append(b); break }
            switch next {
            case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(.lf)
            case .backslash, .comma, .semicolon, .colon: out.append(next)
            default: out.append(b); out.append(next)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the escapes of `text` (see ``unescape(_:)-(Substring)``).
    public static func unescape(_ text: String) -> String { hasBackslash(text) ? unescape(text[...]) : text }

    /// Decodes the escapes that `version` defines: all of the above in 3.0 and 4.0, only `\;` in
    /// 2.1, where any other backslash is a literal one (`C:\new` stays as it is).
    ///
    /// This is the inverse of ``escape(_:for:)``.
    public static func unescape(_ text: Substring, for version: VCardVersion) -> String {
        guard version == .v2_1 else { return unescape(text) }
        guard hasBackslash(text) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            i = utf8.index(after: i)
            if b == .backslash, i < utf8.endIndex, utf8[i] == .semicolon { continue }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func unescape(_ text: String, for version: VCardVersion) -> String {
        hasBackslash(text) ? unescape(text[...], for: version) : text  // most values: the same string, not a copy
    }

    /// Whether `text` holds a backslash: `memchr` over its bytes when they are contiguous.
    private static func hasBackslash<S: StringProtocol>(_ text: S) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(UInt8.backslash), bytes.count) != nil } ?? false
        }
        return found ?? text.utf8.contains(.backslash)
    }

    /// Escapes text for a value of `version`: `\` `,` `;` and newlines (2.1: only `;`, since its
    /// newlines travel in quoted-printable).
    ///
    /// ```swift
    /// Escaping.escape("Smith, John", for: .v4)   // #"Smith\, John"#
    /// ```
    public static func escape(_ text: String, for version: VCardVersion) -> String {
        let special = text.utf8.contains { $0 == .backslash || $0 == .comma || $0 == .semicolon || $0 == .lf || $0 == .cr }
        guard special else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previousWasCR = false
        for b in text.utf8 {
            defer { previousWasCR = b == .cr }
            if version == .v2_1 {
                if b == .semicolon { out.append(.backslash) }
                out.append(b)
                continue
            }
            switch b {
            case .backslash, .comma, .semicolon: out.append(.backslash); out.append(b)
            case .cr: out.append(.backslash); out.append(UInt8(ascii: "n"))
            case .lf: if !previousWasCR { out.append(.backslash); out.append(UInt8(ascii: "n")) }
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits on a separator that is not escaped by a backslash, leaving escapes in the parts.
    public static func split(_ text: String, on separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = text.utf8.startIndex
        var i = start
        let utf8 = text.utf8
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == .backslash {
                i = utf8.index(after: i)
                if i < utf8.endIndex { i = utf8.index(after: i) }
                continue
            }
            if b == separator {
                parts.append(text[start..<i])
                i = utf8.index(after: i)
                start = i
                continue
            }
            i = utf8.index(after: i)
        }
        parts.append(text[start..<utf8.endIndex])
        return parts
    }

    /// The offset (in UTF-8 bytes) of the first escape 3.0 and 4.0 do not define, for a
    /// diagnostic, or `nil`.
    static func firstInvalidEscapeOffset(_ text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { firstInvalidEscapeOffset($0) }
    }

    /// The offset of the first escape 3.0 and 4.0 do not define, or `nil`: a backslash before
    /// anything but `n`, `N`, `\\`, `,` and `;`, or at the end. Nothing is allocated; the
    /// bytes between backslashes are skipped a word at a time.
    static func firstInvalidEscapeOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while let found = ByteSearch.first(.backslash, .backslash, .backslash, in: bytes, from: i, to: bytes.count) {
            guard found + 1 < bytes.count else { return found }
            switch bytes[found + 1] {
            case UInt8(ascii: "n"), UInt8(ascii: "N"), .backslash, .comma, .semicolon: break
            default: return found
            }
            i = found + 2
        }
        return nil
    }
}
