extension String {
    /// The text without leading and trailing spaces and tabs (line breaks and other white space
    /// stay): how values read from cards and CSV cells are compared.
    ///
    /// ```swift
    /// " ada@example.com\t".trimmingSpaces()   // "ada@example.com"
    /// ```
    package func trimmingSpaces() -> String {
        // Nearly every value neither starts nor ends with a space or a tab: told from its first
        // and last bytes, without stepping through characters (a thousand instructions for an
        // address). A first character that is a space is the byte 0x20 (a space that a combining
        // mark follows is another character, and stays), and so is a last one.
        guard let first = utf8.first, let last = utf8.last, Self.isSpaceOrTab(first) || Self.isSpaceOrTab(last) else { return self }
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
