/// The parts of one unfolded content line, as byte ranges into its bytes.
struct ContentLine {
    var group: Range<Int>?
    var name: Range<Int>
    /// Each `;`-separated parameter, without the `;`.
    var parameters: [Range<Int>]
    var value: Range<Int>
    /// Whether a `"` opened in the parameters was never closed.
    var unterminatedQuote = false

    /// Splits `[group.]name;params:value`; `nil` if there is no `:` at all.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ContentLine? {
        var i = range.lowerBound
        let end = range.upperBound
        var nameEnd = -1
        var groupEnd = -1
        // Name (with group): up to the first ';' or ':'.
        while i < end {
            let b = bytes[i]
            if b == .colon || b == .semicolon { nameEnd = i; break }
            if b == .period { groupEnd = i }
            i &+= 1
        }
        guard nameEnd >= 0 else { return nil }
        var line = ContentLine(
            group: groupEnd >= 0 ? range.lowerBound..<groupEnd : nil,
            name: (groupEnd >= 0 ? groupEnd + 1 : range.lowerBound)..<nameEnd,
            parameters: [], value: end..<end)
        if bytes[nameEnd] == .colon {
            line.value = (nameEnd + 1)..<end
            return line
        }
        // Parameters: ';'-separated up to the first ':' outside double quotes.
        var paramStart = nameEnd + 1
        var inQuotes = false
        i = paramStart
        while i < end {
            let b = bytes[i]
            if b == .quote {
                inQuotes.toggle()
            } else if !inQuotes {
                if b == .semicolon {
                    line.parameters.append(paramStart..<i)
                    paramStart = i + 1
                } else if b == .colon {
                    line.parameters.append(paramStart..<i)
                    line.value = (i + 1)..<end
                    return line
                }
            }
            i &+= 1
        }
        // A quote never closed: fall back to the first ':' after the name.
        line.unterminatedQuote = true
        line.parameters = []
        paramStart = nameEnd + 1
        i = paramStart
        while i < end {
            if bytes[i] == .semicolon { line.parameters.append(paramStart..<i); paramStart = i + 1 }
            if bytes[i] == .colon {
                line.parameters.append(paramStart..<i)
                line.value = (i + 1)..<end
                return line
            }
            i &+= 1
        }
        return nil
    }
}
