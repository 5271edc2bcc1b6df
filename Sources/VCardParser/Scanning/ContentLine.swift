/// The parts of one unfolded content line, as byte ranges into its bytes.
struct ContentLine {
    var group: Range<Int>?
    var name: Range<Int>
    /// Everything between the `;` after the name and the `:` before the value (empty if none).
    var parameterSection: Range<Int>
    var value: Range<Int>
    /// Whether a `"` opened in the parameters was never closed (then quotes are not special).
    var unterminatedQuote = false

    /// Splits `[group.]name;params:value`; `nil` if there is no `:` at all.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ContentLine? {
        var i = range.lowerBound
        let end = range.upperBound
        var nameEnd = -1
        var groupEnd = -1
        // Name (with group): up to the first ';' or ':'.
        while let found = ByteSearch.first(.colon, .semicolon, .period, in: bytes, from: i, to: end) {
            if bytes[found] != .period { nameEnd = found; break }
            groupEnd = found
            i = found &+ 1
        }
        guard nameEnd >= 0 else { return nil }
        var line = ContentLine(
            group: groupEnd >= 0 ? range.lowerBound..<groupEnd : nil,
            name: (groupEnd >= 0 ? groupEnd + 1 : range.lowerBound)..<nameEnd,
            parameterSection: nameEnd..<nameEnd, value: end..<end)
        if bytes[nameEnd] == .colon {
            line.value = (nameEnd + 1)..<end
            return line
        }
        // Parameters: up to the first ':' outside double quotes.
        var inQuotes = false
        i = nameEnd + 1
        while let found = ByteSearch.first(.quote, .colon, .colon, in: bytes, from: i, to: end) {
            if bytes[found] == .quote {
                inQuotes.toggle()
            } else if !inQuotes {
                line.parameterSection = (nameEnd + 1)..<found
                line.value = (found + 1)..<end
                return line
            }
            i = found &+ 1
        }
        // A quote never closed: fall back to the first ':' after the name.
        line.unterminatedQuote = true
        i = nameEnd + 1
        while i < end, bytes[i] != .colon { i &+= 1 }
        guard i < end else { return nil }
        line.parameterSection = (nameEnd + 1)..<i
        line.value = (i + 1)..<end
        return line
    }
}
