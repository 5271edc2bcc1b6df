/// Where the parts of a content line lie in its text, found while checking it.
struct LineLayout: Sendable {
    var group: Range<Int>?
    var name: Range<Int>
    var parameterSection: Range<Int>
    var value: Range<Int>
    var unterminatedQuote = false
    /// A line that could not be parsed: its whole text is the value.
    var malformed = false
    /// Whether the group and name may be copied as they are: letters, digits and `-`, and the
    /// name not `BEGIN`, `END` or `VERSION` (``Property/writtenName(for:)``).
    var namesAreWritable = false
    /// The value after quoted-printable or charset decoding, when it needed any.
    var decodedValue: String?
}

/// Where a property was read from: its bytes, and where its parts lie in them. Properties
/// decode their fields from here only when asked, so reading and writing back an untouched card
/// makes no strings at all. A class, so that copying a property costs one reference count.
final class SourceLine: Sendable {
    /// Blank lines before the line, then the line itself with its line ends and folding.
    let raw: ArraySlice<UInt8>
    /// How many bytes at the start of `raw` are blank lines.
    let triviaCount: Int
    /// The joined text when the line spanned several physical lines; otherwise the text is in
    /// `raw`. The ranges of `layout` index this text, 0-based.
    let unfolded: [UInt8]?
    let layout: LineLayout

    init(raw: ArraySlice<UInt8>, triviaCount: Int, unfolded: [UInt8]?, layout: LineLayout) {
        self.raw = raw
        self.triviaCount = triviaCount
        self.unfolded = unfolded
        self.layout = layout
    }

    var group: Range<Int>? { layout.group }
    var name: Range<Int> { layout.name }
    var parameterSection: Range<Int> { layout.parameterSection }
    var value: Range<Int> { layout.value }
    var unterminatedQuote: Bool { layout.unterminatedQuote }
    var malformed: Bool { layout.malformed }
    var namesAreWritable: Bool { layout.namesAreWritable }
    var decodedValue: String? { layout.decodedValue }

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
        guard other.utf8.count == name.count else { return false }
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
