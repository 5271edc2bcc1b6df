extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal as one copy: appending `"…".utf8` goes through the
    /// string's generic path, several times dearer for the few bytes a card's fixed lines hold.
    ///
    /// ```swift
    /// out.append("END:VCARD\r\n" as StaticString)
    /// ```
    mutating func append(_ text: StaticString) {
        // Through `withUTF8Buffer`: a literal of one character may be held as a scalar, with no bytes.
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
