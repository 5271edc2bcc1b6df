extension Escaping {
    /// The URI a URI-typed value stands for: `\\`, `\,`, `\;` and `\:` decoded.
    ///
    /// A URI is not text: vCard 4.0 writes it as RFC 3986 defines it, without backslash escapes
    /// (RFC 6350 §4.2), and a backslash is not a URI character (RFC 3986 §2). Yet writers escape
    /// URIs as text: Apple and Gmail write 3.0 `URL:http\://…`, and others `\,` in `data:` and
    /// `geo:` URIs (RFC 6350 errata 3845 and 3846). Those four pairs can only be escapes, so they
    /// are decoded; any other backslash (`\n`, a Windows path) is kept as written, since no
    /// reading of it is safe.
    ///
    /// ```swift
    /// Escaping.unescapeURI(#"http\://example.com"#)          // "http://example.com"
    /// Escaping.unescapeURI(#"data:image/gif;base64\,R0lG"#)  // "data:image/gif;base64,R0lG"
    /// ```
    ///
    /// - Complexity: O(n) in the length of the value; no copy when it has no backslash.
    public static func unescapeURI(_ value: String) -> String {
        guard value.utf8.contains(.backslash) else { return value }
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        var iterator = value.utf8.makeIterator()
        var pending = iterator.next()
        while let b = pending {
            pending = iterator.next()
            guard b == .backslash, let next = pending,
                next == .backslash || next == .comma || next == .semicolon || next == .colon
            else {
                out.append(b)
                continue
            }
            out.append(next)
            pending = iterator.next()
        }
        return String(decoding: out, as: UTF8.self)
    }
}
