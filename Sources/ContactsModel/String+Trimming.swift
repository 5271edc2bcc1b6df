extension String {
    /// The text without leading and trailing spaces and tabs (line breaks and other white space
    /// stay): how values read from cards and CSV cells are compared.
    ///
    /// ```swift
    /// " ada@example.com\t".trimmingSpaces()   // "ada@example.com"
    /// ```
    package func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
