/// Byte-level views of a property read from a file, for the validator: they look at the bytes
/// the parser kept and make no strings.
extension Property {
    /// Calls `body` with the value's bytes: the source bytes when the value needed no decoding,
    /// else the UTF-8 of ``value``.
    package func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // Through `source?`: binding the line to a name of its own would copy it.
        if edited == nil, source?.decodedValue == nil, let result = source?.withValue(body) { return result }
        var text = value
        return text.withUTF8(body)
    }

    /// ``withValueBytes(_:)`` for other modules, which would run the generic one unspecialized
    /// (a type-metadata look-up and a generic array access each call, several times the cost of
    /// reading an email address): `body` keeps what it needs from the bytes.
    ///
    /// ```swift
    /// var digest: UInt64 = 0
    /// property.readValueBytes { bytes in digest = bytes.reduce(digest) { $0 &* 31 &+ UInt64($1) } }
    /// ```
    package func readValueBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withValueBytes(body)
    }

    /// The 1-based column of the value's byte `offset` on the property's line, or 1 when the line
    /// was folded or decoded (the offset then no longer maps to one physical line).
    func column(ofValueOffset offset: Int = 0) -> Int {
        guard edited == nil, let source, !source.isFolded, source.decodedValue == nil else { return 1 }
        return source.value.lowerBound + offset - source.triviaCount + 1
    }

    /// The parameters for which the validator decodes a line's parameters, when the line names them.
    struct CheckedParameters: OptionSet {
        let rawValue: UInt8
        /// A parameter whose value has a type to check (``ParameterRules/valueType(of:)``, or
        /// a range such as `PREF`'s), unless its value was seen to be fine on its bytes.
        static let typed = CheckedParameters(rawValue: 1)
        static let value = CheckedParameters(rawValue: 4)
        static let altID = CheckedParameters(rawValue: 8)
        /// `ENCODING=`, or a bare 2.1 `BASE64` or `QUOTED-PRINTABLE`.
        static let encoding = CheckedParameters(rawValue: 16)
    }

    /// What one pass over the parameter bytes found, without decoding them.
    struct ParameterScan {
        /// Which of ``CheckedParameters`` are named (`;VALUE=`, any case).
        var mentioned: CheckedParameters = []
        /// The parameter names (as written) that the version does not define.
        var notInVersion: [String] = []
        /// Where the value of the last `VALUE` parameter lies, after its `=`.
        var lastValue: Range<Int>?
    }

    /// What the validator needs to know of a parameter name, looked up once from its bytes.
    struct ParameterFacts: Sendable {
        /// The versions that define it, one bit each in the order of `VCardVersion.allCases`.
        var versions: UInt8
        var mentions: CheckedParameters
        /// The values an integer parameter may take (`PREF`, `INDEX`).
        var range: ClosedRange<Int>?
        /// Whether its value is a language tag (`LANGUAGE`).
        var isLanguageTag = false
    }

    /// The facts of each parameter name that a version defines.
    static let parameterFacts = NameTable(
        ParameterRules.versionsByName.map { name, versions in
            var mentions: CheckedParameters = []
            switch name {
            case "VALUE": mentions = .value
            case "ALTID": mentions = .altID
            case "ENCODING": mentions = .encoding
            default: break
            }
            let range = ParameterRules.range(of: name), type = ParameterRules.valueType(of: name)
            if range != nil || type != "text" { mentions.insert(.typed) }
            let bits = VCardVersion.allCases.reduce(UInt8(0)) { versions.contains($1) ? $0 | $1.bit : $0 }
            return (name, ParameterFacts(versions: bits, mentions: mentions, range: range, isLanguageTag: type == "language-tag"))
        })

    /// Scans the parameters of a property read from a file (`NAME=` at the start and after each
    /// `;` outside quotes), looking each name up once; a property made in code reports every
    /// checked parameter, so that the validator decodes its parameters.
    func scanParameters(in version: VCardVersion) -> ParameterScan {
        guard edited == nil, let range = source?.parameterSection else { return ParameterScan(mentioned: [.typed, .value, .altID, .encoding]) }
        if source?.onlyTypeParameters == true { return ParameterScan() }  // the parser saw nothing else
        // Through `source?`: binding the line to a name of its own would copy it.
        return source!.withText { Self.scanParameters($0, range, in: version) }
    }

    /// ``scanParameters(in:)`` of the parameter section `range` of a line's `text`: what the
    /// checker reads of a line's parameters on its bytes, before a property is made.
    static func scanParameters(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in version: VCardVersion) -> ParameterScan {
        let table = parameterFacts  // the global's guard once, not at each parameter
        var scan = ParameterScan()
        let end = range.upperBound
        var start = range.lowerBound, i = range.lowerBound, quoted = false
        var equals: Int?
        if start < end, text[start] == .semicolon { start += 1; i += 1 }
        while i <= end {
            // Straight to the next byte that matters: a quote, `=` or `;` (or the end).
            i = ByteSearch.first(.quote, .equals, .semicolon, in: text, from: i, to: end) ?? end
            if i < end, text[i] == .quote { quoted.toggle() }
            if i < end, equals == nil, text[i] == .equals { equals = i }
            if i == end || (!quoted && text[i] == .semicolon) {
                // TYPE, the parameter most lines have, is in every version and untyped: no look-up.
                let isType = equals.map { ASCII.isType(UnsafeBufferPointer(rebasing: text[start..<$0])) } ?? false
                if !isType { scan.note(text, start..<i, equals: equals, in: version, facts: table) }
                start = i + 1
                equals = nil
            }
            i += 1
        }
        return scan
    }

    /// The number written by 1 to 9 ASCII digits and nothing else, or `nil`.
    fileprivate static func plainNumber(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count < 10 else { return nil }
        var value = 0
        for i in range {
            let digit = text[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// The last parameter called `name` (given lower-cased; a bare 2.1 parameter is called
    /// `encoding` or `type`); of a line read from a file, only that parameter is decoded.
    func lastParameter(named name: StaticString) -> Parameter? {
        if edited == nil, let source { return source.parameter(last: true, version: version) { ASCII.equals($0, lowercased: name) } }
        return parameters.last { ASCII.equals($0.name.utf8, lowercased: name) }
    }

    /// The offset in the value of the first control character (U+0000–U+001F but tab, and
    /// U+007F), or `nil`. Line breaks count in a value read plainly; in one that quoted-printable
    /// decoded they are the 2.1 way to write a line break (`=0D=0A`) and do not.
    func controlCharacterOffset() -> Int? {
        if edited == nil, source?.valueIsPlain == true { return nil }  // the parser saw none
        let breaksAllowed = edited == nil && source?.decodedValue != nil
        return withValueBytes { Self.controlCharacterOffset(in: $0, breaksAllowed: breaksAllowed) }
    }

    /// ``controlCharacterOffset()`` of a value's bytes; `breaksAllowed` for a decoded value.
    static func controlCharacterOffset(in bytes: UnsafeBufferPointer<UInt8>, breaksAllowed: Bool) -> Int? {
        let start = plainPrefixCount(bytes)
        return bytes[start...].firstIndex { b in
            (b < 0x20 && b != .tab && !(breaksAllowed && (b == .cr || b == .lf))) || b == 0x7F
        }
    }

    /// How many bytes at the start hold no byte below 0x20 and no 0x7F, in steps of eight (the
    /// rest is for the caller to look at): most values, photos included, have none, and testing
    /// eight at a time costs a few instructions per step instead of per byte.
    private static func plainPrefixCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.baseAddress != nil else { return 0 }
        var count = 0
        while count + 8 <= bytes.count, Word.controls(Word.load(bytes, at: count)) == 0 { count += 8 }
        return count
    }
}

extension Property.ParameterScan {
    /// Notes what one parameter other than `TYPE` says: the one in `segment` of `text`, with its
    /// `=` at `equals` (`nil` for a bare 2.1 one), its name looked up in `facts`
    /// (``Property/parameterFacts``). ``Property/scanParameters(_:_:in:)`` notes each parameter
    /// of a section so, and the parser each it reads for `validate` (``CardChecker/noteParameter(_:_:equals:)``).
    @inline(__always)
    mutating func note(
        _ text: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>, equals: Int?, in version: VCardVersion, facts table: NameTable<Property.ParameterFacts>
    ) {
        guard let equals else {
            if version == .v2_1, ParameterScanner.isEncodingKeyword(text, segment) { mentioned.insert(.encoding) }
            return
        }
        guard let facts = table.value(forNameAt: segment.lowerBound..<equals, in: text) else { return }
        if facts.versions & version.bit == 0 { notInVersion.append(String(decoding: UnsafeBufferPointer(rebasing: text[segment.lowerBound..<equals]), as: UTF8.self)) }
        var mentions = facts.mentions
        if let allowed = facts.range, let number = Property.plainNumber(text, equals + 1..<segment.upperBound), allowed.contains(number) {
            mentions.remove(.typed)
        } else if facts.isLanguageTag, ValueCheck.isLanguageTag(bytes: UnsafeBufferPointer(rebasing: text[(equals + 1)..<segment.upperBound])) {
            // As written, with no quote or caret: the value the validator would check.
            mentions.remove(.typed)
        }
        if mentions.contains(.value) { lastValue = equals + 1..<segment.upperBound }
        mentioned.formUnion(mentions)
    }
}
