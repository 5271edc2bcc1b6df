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
    /// Whether every parameter is a type (`TYPE=`, or a bare 2.1 one but `BASE64` and the like)
    /// or empty, with no unterminated quote: nothing for the validator to look up.
    var onlyTypeParameters = false
    /// Whether the value, kept as written, is UTF-8 with no control character but tab.
    var valueIsPlain = false
    /// Whether the value is valid base64 (``Base64/isValid(_:breaksAllowed:)``) of a line whose
    /// `ENCODING` names it: found only while a ``CardParser/checker`` is looking.
    var valueIsValidBase64 = false
    /// Whether the name is one the parser looks for in each card.
    var cardWideName = CardWideName.other
    /// Whether the parser's ``CardParser/checker`` needs the line's property (``CardChecker/needsProperty(_:_:decoded:line:)``).
    var isChecked = false

    /// The names whose lines the parser counts across a card (in any case).
    enum CardWideName { case fn, version, other }
}

/// Where a property was read from: its bytes, and where its parts lie in them. Properties
/// decode their fields from here only when asked, so reading and writing back an untouched card
/// makes no strings at all.
///
/// Flat: the line is offsets into the card's bytes, which all lines of a card share, so reading
/// a line allocates nothing. Only a line that was folded or whose value needed decoding carries
/// a box (``Extras``) with its joined text or decoded value: one allocation for both.
struct SourceLine: Sendable {
    /// What only some lines have, boxed so that the others stay small and allocation-free: the
    /// joined text of a line that spanned several physical lines, in the box's own tail (no array
    /// of its own to allocate), and the value after quoted-printable or charset decoding.
    /// Immutable once made (``ManagedBuffer`` is not `Sendable`: see ``extras``).
    final class Extras: ManagedBuffer<Extras.Header, UInt8> {
        struct Header {
            /// How many bytes of joined text the tail holds (0 for a line that was not folded).
            let unfoldedCount: Int
            let decodedValue: String?
        }

        /// A box holding a copy of `unfolded` and `decodedValue`.
        static func make(unfolded: UnsafeBufferPointer<UInt8>, decodedValue: String?) -> Extras {
            let box = create(minimumCapacity: unfolded.count) { _ in Header(unfoldedCount: unfolded.count, decodedValue: decodedValue) }
            if let base = unfolded.baseAddress {
                box.withUnsafeMutablePointerToElements { $0.initialize(from: base, count: unfolded.count) }
            }
            return unsafeDowncast(box, to: Extras.self)
        }

        var decodedValue: String? { header.decodedValue }

        /// Calls `body` with the joined text.
        @inline(__always)
        func withUnfolded<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let count = header.unfoldedCount
            return withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0, count: count)) }
        }
    }

    /// The bytes of the card the line was read from.
    private let storage: [UInt8]
    /// `storage[rawStart..<rawEnd]` is the line as read: blank lines, then the line itself with
    /// its line ends and folding. Offsets fit 32 bits: ``CardFramer`` cuts no larger card.
    private let rawStart: UInt32
    private let rawEnd: UInt32
    /// How many bytes at the start of ``raw`` are blank lines.
    private let trivia: UInt32
    /// The parts' bounds in the line's text (``withText(_:)``), 0-based.
    private let groupStart: UInt32, groupEnd: UInt32
    private let nameStart: UInt32, nameEnd: UInt32
    private let parametersStart: UInt32, parametersEnd: UInt32
    private let valueStart: UInt32, valueEnd: UInt32
    private let flags: Flags
    /// Shared between threads once the line is made, and never written to again.
    nonisolated(unsafe) private let extras: Extras?

    private struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let hasGroup = Flags(rawValue: 1)
        static let unterminatedQuote = Flags(rawValue: 2)
        static let malformed = Flags(rawValue: 4)
        static let namesAreWritable = Flags(rawValue: 8)
        static let onlyTypeParameters = Flags(rawValue: 16)
        static let valueIsPlain = Flags(rawValue: 32)
        static let folded = Flags(rawValue: 64)
    }

    /// The largest card whose lines fit these offsets.
    static let maxCardBytes = Int(UInt32.max)

    /// The line `storage[raw]`, whose first `triviaCount` bytes are blank lines; `layout`'s
    /// ranges index `unfolded` when the line was folded, else `raw` (from its start, 0-based).
    /// `decodedValue` is the value after quoted-printable or charset decoding, when it needed any.
    init(storage: [UInt8], raw: Range<Int>, triviaCount: Int, unfolded: [UInt8]?, decodedValue: String?, layout: LineLayout) {
        // Every offset is within the card (or within its joined text, which is no longer), and
        // CardFramer cuts no card longer than UInt32.max: the conversions cannot lose bits.
        assert(raw.upperBound <= Self.maxCardBytes && (unfolded?.count ?? 0) <= Self.maxCardBytes)
        self.storage = storage
        rawStart = UInt32(truncatingIfNeeded: raw.lowerBound)
        rawEnd = UInt32(truncatingIfNeeded: raw.upperBound)
        trivia = UInt32(truncatingIfNeeded: triviaCount)
        groupStart = UInt32(truncatingIfNeeded: layout.group?.lowerBound ?? 0)
        groupEnd = UInt32(truncatingIfNeeded: layout.group?.upperBound ?? 0)
        nameStart = UInt32(truncatingIfNeeded: layout.name.lowerBound)
        nameEnd = UInt32(truncatingIfNeeded: layout.name.upperBound)
        parametersStart = UInt32(truncatingIfNeeded: layout.parameterSection.lowerBound)
        parametersEnd = UInt32(truncatingIfNeeded: layout.parameterSection.upperBound)
        valueStart = UInt32(truncatingIfNeeded: layout.value.lowerBound)
        valueEnd = UInt32(truncatingIfNeeded: layout.value.upperBound)
        var flags: Flags = []
        if layout.group != nil { flags.insert(.hasGroup) }
        if layout.unterminatedQuote { flags.insert(.unterminatedQuote) }
        if layout.malformed { flags.insert(.malformed) }
        if layout.namesAreWritable { flags.insert(.namesAreWritable) }
        if layout.onlyTypeParameters { flags.insert(.onlyTypeParameters) }
        if layout.valueIsPlain { flags.insert(.valueIsPlain) }
        if unfolded != nil { flags.insert(.folded) }
        self.flags = flags
        extras =
            unfolded == nil && decodedValue == nil
            ? nil : (unfolded ?? []).withUnsafeBufferPointer { Extras.make(unfolded: $0, decodedValue: decodedValue) }
    }

    /// Blank lines before the line, then the line itself with its line ends and folding.
    var raw: ArraySlice<UInt8> { storage[Int(rawStart)..<Int(rawEnd)] }

    /// Where the line ends in the card's bytes, when it starts at `offset` of the bytes that
    /// start at `base`; `nil` when it starts elsewhere or was read from other bytes.
    func end(ifStartingAt offset: Int, of base: UnsafePointer<UInt8>) -> Int? {
        guard Int(rawStart) == offset, storage.withUnsafeBufferPointer({ $0.baseAddress == base }) else { return nil }
        return Int(rawEnd)
    }

    /// How many bytes at the start of `raw` are blank lines.
    var triviaCount: Int { Int(trivia) }
    /// Whether the line spanned several physical lines: its text is then their joined text, not `raw`.
    var isFolded: Bool { flags.contains(.folded) }
    var group: Range<Int>? { flags.contains(.hasGroup) ? Int(groupStart)..<Int(groupEnd) : nil }
    var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
    var parameterSection: Range<Int> { Int(parametersStart)..<Int(parametersEnd) }
    var value: Range<Int> { Int(valueStart)..<Int(valueEnd) }
    var unterminatedQuote: Bool { flags.contains(.unterminatedQuote) }
    var malformed: Bool { flags.contains(.malformed) }
    var namesAreWritable: Bool { flags.contains(.namesAreWritable) }
    /// See ``LineLayout/onlyTypeParameters``.
    var onlyTypeParameters: Bool { flags.contains(.onlyTypeParameters) }
    /// See ``LineLayout/valueIsPlain``.
    var valueIsPlain: Bool { flags.contains(.valueIsPlain) }
    var decodedValue: String? { extras?.decodedValue }
    /// Whether the value is plain and every parameter a `TYPE=` one: what the validator would
    /// look for in the line's value and parameters, the parser has already seen is not there.
    var isPlain: Bool { flags.isSuperset(of: [.valueIsPlain, .onlyTypeParameters]) }

    /// The bytes of the name when the line lies unfolded in the bytes whose first byte is at
    /// `base` (a card's storage), else `nil`. Inlined and free of calls and reference counting,
    /// so that a loop over a card's properties in place copies none of them.
    @inline(__always)
    func name(inStorageAt base: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        text(inStorageAt: base).map { UnsafeBufferPointer(rebasing: $0[Int(nameStart)..<Int(nameEnd)]) }
    }

    /// The line's text (``withText(_:)``) when the line lies unfolded and undecoded in the bytes
    /// whose first byte is at `base` (a card's storage), else `nil`; like
    /// ``name(inStorageAt:)``, free of calls and reference counting.
    @inline(__always)
    func text(inStorageAt base: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard extras == nil, storage.withUnsafeBufferPointer({ $0.baseAddress == base }) else { return nil }
        return UnsafeBufferPointer(start: base + Int(rawStart), count: Int(rawEnd &- rawStart))
    }

    /// Where the parts of the line are in its text, and what the parser saw of them.
    var layout: LineLayout {
        LineLayout(
            group: group, name: name, parameterSection: parameterSection, value: value, unterminatedQuote: unterminatedQuote,
            malformed: malformed, namesAreWritable: namesAreWritable, onlyTypeParameters: onlyTypeParameters, valueIsPlain: valueIsPlain)
    }

    /// Calls `body` with the line's text: the joined text of a folded line, else `raw`.
    @inline(__always)
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if isFolded, let extras { return extras.withUnfolded(body) }
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(rawStart)..<Int(rawEnd)])) }
    }

    /// Calls `body` with the bytes of the name.
    @inline(__always)
    func withName<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let name = self.name
        return withText { body(UnsafeBufferPointer(rebasing: $0[name])) }
    }

    /// Calls `body` with the bytes of the value as written (not decoded).
    @inline(__always)
    func withValue<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let value = self.value
        return withText { body(UnsafeBufferPointer(rebasing: $0[value])) }
    }

    func string(_ range: Range<Int>) -> String {
        withText { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    var valueText: String { decodedValue ?? string(value) }

    func parameters(version: VCardVersion) -> [Parameter] {
        guard parametersStart < parametersEnd else { return [] }
        return withText { text in
            var result: [Parameter] = []
            ParameterScanner.forEach(text, parameterSection, quotesAreLiteral: unterminatedQuote) { range in
                if let p = ParameterScanner.parameter(text, range, version: version) { result.append(p) }
            }
            return result
        }
    }

    /// The values of the `TYPE` parameters (a bare parameter that is no transfer encoding
    /// included), split at commas, without the empty ones, ASCII letters lower-cased: what
    /// ``Property/types`` makes of ``parameters(version:)``, read from the bytes without
    /// decoding a parameter. `nil` when the general decoding is needed (``forEachTypeValue(_:)``).
    func typeValues() -> [String]? {
        var result: [String] = []
        return forEachTypeValue { result.append(ASCII.lowercasedString($0)) } ? result : nil
    }

    /// Calls `body` with the bytes of each value of ``typeValues()``, in the case written;
    /// `false`, having called it for none, when the general decoding is needed: a caret (RFC
    /// 6868), an unterminated quote, or a comma that a character beyond ASCII may join into one
    /// character with it (an accent after it), where the decoded text is not split.
    ///
    /// Each value is what ``ParameterScanner/parameter(_:_:version:)`` reads, by the same scanner
    /// (split at the commas outside quotes, without the quotes around it), then split at the commas inside them (a
    /// quoted 4.0 list, `TYPE="voice,home"`), as ``Property/types`` splits the decoded values.
    func forEachTypeValue(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard parametersStart < parametersEnd else { return true }
        guard !unterminatedQuote else { return false }
        return withText { text -> Bool in
            let section = parameterSection
            guard !Self.needsDecoding(text, section) else { return false }
            ParameterScanner.forEach(text, section, quotesAreLiteral: false) { range in
                guard !range.isEmpty else { return }
                guard let equals = ParameterScanner.equalsSign(text, range) else {
                    // A 2.1 bare type, quotes and all.
                    if !ParameterScanner.isEncodingKeyword(text, range) { Self.forEachPart(text, range, body) }
                    return
                }
                guard ASCII.isType(UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals])) else { return }
                ParameterScanner.forEachValue(text, (equals + 1)..<range.upperBound) {
                    Self.forEachPart(text, ParameterScanner.unquoted(text, $0), body)
                }
            }
            return true
        }
    }

    /// Whether the parameters in `section` hold a caret or a comma beside a byte beyond ASCII.
    private static func needsDecoding(_ text: UnsafeBufferPointer<UInt8>, _ section: Range<Int>) -> Bool {
        if ByteSearch.first(.caret, .caret, .caret, in: text, from: section.lowerBound, to: section.upperBound) != nil { return true }
        var from = section.lowerBound
        while let comma = ByteSearch.first(.comma, .comma, .comma, in: text, from: from, to: section.upperBound) {
            if (comma > section.lowerBound && text[comma - 1] >= 0x80) || (comma + 1 < section.upperBound && text[comma + 1] >= 0x80) { return true }
            from = comma + 1
        }
        return false
    }

    /// Calls `body` with each part of `range` between commas that is not empty.
    private static func forEachPart(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = range.lowerBound
        while start <= range.upperBound {
            let end = ByteSearch.first(.comma, .comma, .comma, in: text, from: start, to: range.upperBound) ?? range.upperBound
            if end > start { body(UnsafeBufferPointer(rebasing: text[start..<end])) }
            start = end + 1
        }
    }

    /// The first parameter, or with `last` the last, whose name `isNamed` accepts (a bare 2.1
    /// parameter is called `ENCODING` or `TYPE`), decoded alone: the others are only scanned.
    func parameter(last: Bool, version: VCardVersion, where isNamed: (UnsafeBufferPointer<UInt8>) -> Bool) -> Parameter? {
        guard parametersStart < parametersEnd else { return nil }
        return withText { text in
            var found: Range<Int>?
            ParameterScanner.forEach(text, parameterSection, quotesAreLiteral: unterminatedQuote) { range in
                guard !range.isEmpty, last || found == nil else { return }
                let named =
                    if let equals = ParameterScanner.equalsSign(text, range) {
                        isNamed(UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals]))
                    } else {
                        ParameterScanner.bareName(text, range).withUTF8Buffer(isNamed)
                    }
                if named { found = range }
            }
            return found.flatMap { ParameterScanner.parameter(text, $0, version: version) }
        }
    }

    /// Whether the name is `other`, ignoring the case of ASCII letters. Inlined and free of
    /// calls, so that a loop over a card's properties in place copies none of them (a call made
    /// on an element of an array copies it first).
    @inline(__always)
    func nameIs(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = self.name
        guard name.count == other.count else { return false }
        return withText { ASCII.caseInsensitiveEquals(UnsafeBufferPointer(rebasing: $0[name]), other) }
    }

    /// Whether the name equals `other`, ignoring ASCII case, without making a string: the test
    /// of ``nameIs(_:)`` on the string's bytes.
    func nameEquals(_ other: String) -> Bool {
        guard other.utf8.count == name.count else { return false }
        // Not `var other` and `withUTF8`: a copy of the argument made the caller copy the property.
        return other.utf8.withContiguousStorageIfAvailable(nameIs) ?? Array(other.utf8).withUnsafeBufferPointer(nameIs)
    }
}
