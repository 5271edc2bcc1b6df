/// Where a property was read from: its bytes, and where its parts lie in them. Properties
/// decode their fields from here only when asked, so reading and writing back an untouched card
/// makes no strings at all.
struct SourceLine: Sendable {
    /// Blank lines before the line, then the line itself with its line ends and folding.
    var raw: ArraySlice<UInt8>
    /// How many bytes at the start of `raw` are blank lines.
    var triviaCount: Int
    /// The joined text when the line spanned several physical lines; otherwise the text is in
    /// `raw`. The ranges below index this text, 0-based.
    var unfolded: [UInt8]?
    var group: Range<Int>?
    var name: Range<Int>
    var parameterSection: Range<Int>
    var value: Range<Int>
    var unterminatedQuote = false
    /// A line that could not be parsed: its whole text is the value.
    var malformed = false
    /// The value after quoted-printable or charset decoding, when it needed any.
    var decodedValue: String?

    @inline(__always)
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let unfolded { return unfolded.withUnsafeBufferPointer(body) }
        return raw.withUnsafeBufferPointer(body)
    }

    func string(_ range: Range<Int>) -> String {
        withText { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    var valueText: String { decodedValue ?? string(value) }

    func parameters(version: VCardVersion) -> [Parameter] {
        guard !parameterSection.isEmpty else { return [] }
        return withText { text in
            var result: [Parameter] = []
            ParameterScanner.forEach(text, parameterSection, quotesAreLiteral: unterminatedQuote) { range in
                if let p = ParameterScanner.parameter(text, range, version: version) { result.append(p) }
            }
            return result
        }
    }

    /// Whether the name equals `other`, ignoring ASCII case, without making a string.
    func nameEquals(_ other: String) -> Bool {
        var other = other
        return withText { text in
            other.withUTF8 { o in
                guard o.count == name.count else { return false }
                var j = 0
                for i in name {
                    if text[i] != o[j] && text[i].asciiLowercased != o[j].asciiLowercased { return false }
                    j += 1
                }
                return true
            }
        }
    }
}
