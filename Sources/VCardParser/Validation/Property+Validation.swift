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

    /// The parameters the validator decodes the parameters for, when a line names them.
    struct CheckedParameters: OptionSet {
        let rawValue: UInt8
        static let pref = CheckedParameters(rawValue: 1)
        static let language = CheckedParameters(rawValue: 2)
        static let value = CheckedParameters(rawValue: 4)
        static let altID = CheckedParameters(rawValue: 8)
    }

    /// Which of ``CheckedParameters`` the parameter bytes name (`;PREF=`, any case), in one pass
    /// and without decoding them; all of them for a property made in code.
    var checkedParameters: CheckedParameters {
        guard edited == nil, let source else { return [.pref, .language, .value, .altID] }
        let range = source.parameterSection
        return source.withText { text in
            var found: CheckedParameters = []
            let end = range.upperBound
            var i = range.lowerBound
            while i < end {
                // A name starts the section (or follows its `;`) and each `;` after it.
                let start = text[i] == .semicolon ? i + 1 : i
                if start == i + 1 || i == range.lowerBound {
                    if ASCII.hasPrefix(text, from: start, end: end, lowercased: "pref=") { found.insert(.pref) }
                    if ASCII.hasPrefix(text, from: start, end: end, lowercased: "language=") { found.insert(.language) }
                    if ASCII.hasPrefix(text, from: start, end: end, lowercased: "value=") { found.insert(.value) }
                    if ASCII.hasPrefix(text, from: start, end: end, lowercased: "altid=") { found.insert(.altID) }
                }
                i += 1
            }
            return found
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
