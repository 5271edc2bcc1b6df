/// Byte-level views of a property read from a file, for the validator: they look at the bytes
/// the parser kept and make no strings.
extension Property {
    /// Calls `body` with the value's bytes: the source bytes when the value needed no decoding,
    /// else the UTF-8 of ``value``.
    func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if edited == nil, let source, source.decodedValue == nil {
            return source.withText { body(UnsafeBufferPointer(rebasing: $0[source.value])) }
        }
        var text = value
        return text.withUTF8(body)
    }

    /// The 1-based column of the value's byte `offset` on the property's line, or 1 when the line
    /// was folded or decoded (the offset then no longer maps to one physical line).
    func column(ofValueOffset offset: Int = 0) -> Int {
        guard edited == nil, let source, source.unfolded == nil, source.decodedValue == nil else { return 1 }
        return source.value.lowerBound + offset - source.triviaCount + 1
    }

    /// Whether the parameter bytes hold `needle` (lower case: `pref=`), ignoring ASCII case: a
    /// cheap test before the parameters are decoded. Always `true` for a property made in code.
    func parametersMention(_ needle: StaticString) -> Bool {
        guard edited == nil, let source else { return true }
        let range = source.parameterSection
        return source.withText { text in
            var i = range.lowerBound
            while i < range.upperBound {
                if ASCII.hasPrefix(text, from: i, end: range.upperBound, lowercased: needle) { return true }
                i += 1
            }
            return false
        }
    }

    /// The offset in the value of the first control character (U+0000–U+001F but tab, and
    /// U+007F), or `nil`. Line breaks count in a value read plainly; in one that quoted-printable
    /// decoded they are the 2.1 way to write a line break (`=0D=0A`) and do not.
    func controlCharacterOffset() -> Int? {
        let breaksAllowed = edited == nil && source?.decodedValue != nil
        return withValueBytes { bytes in
            bytes.firstIndex { b in
                (b < 0x20 && b != .tab && !(breaksAllowed && (b == .cr || b == .lf))) || b == 0x7F
            }
        }
    }
}
