/// Parses the bytes of one card (as cut by ``CardFramer``) into a ``VCard``.
struct CardParser {
    let storage: [UInt8]
    let bytes: UnsafeBufferPointer<UInt8>
    let options: ParseOptions
    /// The names of the only properties made, or `nil` to make all. With names, each line is
    /// still checked (every diagnostic is the same), and the others are not made.
    let keptNames: KeptNames?
    /// ``KeptNames/lengths``, tested on each line before the names are bound (a reference counted).
    let keptLengths: UInt64
    /// With ``keptNames`` that keep values only: where the values of the lines so named lie.
    var keptValues = KeptValues()
    /// With ``keptNames``: whether the card read is one that only a parse in full reads right,
    /// so the properties made are not just those named: its VERSION is not known (it keeps all,
    /// for the warning that quotes it), a line is long enough to hold too much inline data (kept
    /// to be measured), or it has a nested card (read as its own names say).
    var needsFullParse = false
    /// Whether the card read had its `BEGIN` line: its lossless copy is then the bytes it was read
    /// from. With ``keptNames`` the card does not hold those bytes (each slice of them kept counts
    /// a reference), and this says what they would have said.
    private(set) var hasBegin = false
    var diagnostics: [Diagnostic] = []
    /// The joined text of the last folded line read (``LogicalLine/read(_:from:end:line:unfolded:)``),
    /// in the buffers the caller lends (``LineBuffers``).
    var unfolded: [UInt8] = []
    /// The last value decoded from quoted-printable (or copied to be read in a named charset),
    /// when ``DecodedValue/inBuffer`` says it is there.
    var decoded: [UInt8] = []
    /// The last value decoded to a string, when ``DecodedValue/text`` says it is there: one in
    /// another charset than UTF-8, or one made a string at once for a property that is kept.
    var decodedText = ""
    /// With `validate`: the checks of ``CardValidator``, run on each line as it is read. A
    /// property is made only for the lines they ask for (``CardChecker/needsProperty(_:_:decoded:line:)``),
    /// and checked as soon as it is made. The caller's, lent for the parse: a checker of the
    /// parser's own made the parser too big to stay in registers, and every reader paid.
    let checker: UnsafeMutablePointer<CardChecker>?
    /// With `cat --normalize`: the card written canonically as its lines are read, with no
    /// property made (``CanonicalCardWriter``). The caller's, lent for the parse, as ``checker`` is.
    let canonical: UnsafeMutablePointer<CanonicalCardWriter>?

    /// A parser that works in `buffers`' storage, taken from them (they are left empty until
    /// ``giveBack(_:)``).
    init(
        storage: [UInt8], bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions, buffers: inout LineBuffers, keeping keptNames: KeptNames? = nil,
        checker: UnsafeMutablePointer<CardChecker>? = nil, canonical: UnsafeMutablePointer<CanonicalCardWriter>? = nil
    ) {
        self.storage = storage
        self.bytes = bytes
        self.options = options
        self.keptNames = keptNames
        self.checker = checker
        self.canonical = canonical
        keptLengths = keptNames?.lengths ?? 0
        swap(&unfolded, &buffers.joined)
        swap(&decoded, &buffers.decoded)
    }

    /// Hands the buffers back to the caller, for the next card.
    mutating func giveBack(_ buffers: inout LineBuffers) {
        swap(&unfolded, &buffers.joined)
        swap(&decoded, &buffers.decoded)
    }

    mutating func warn(_ code: DiagnosticCode, line: Int, column: Int = 1, _ message: String) {
        diagnostics.append(Diagnostic(code.defaultSeverity, code, at: SourcePosition(line: line, column: column), message))
    }

    /// Parses `range`, which holds anything before `BEGIN:VCARD` (at depth 0), the card, and its
    /// `END:VCARD` line if it has one. A nested card (depth above 0) opens with its `BEGIN:VCARD`
    /// line when `opensWithBegin`, and right after its `AGENT:BEGIN:VCARD` line otherwise.
    mutating func parseCard(_ range: Range<Int>, firstLine: Int, depth: Int = 0, opensWithBegin: Bool = false) -> VCard {
        var card = VCard(parsedVersion: .v3, properties: [])
        read(range, into: &card, firstLine: firstLine, depth: depth, opensWithBegin: opensWithBegin)
        return card
    }

    /// The work of ``parseCard(_:firstLine:depth:opensWithBegin:)``, on a card of the caller's:
    /// a card made and returned here was copied on the way out (a reference count up and down
    /// on each of its fields, once a card).
    private mutating func read(_ range: Range<Int>, into card: inout VCard, firstLine: Int, depth: Int, opensWithBegin: Bool) {
        var offset = range.lowerBound
        var lineNumber = firstLine
        var beginLine: LogicalLine?
        // Before BEGIN:VCARD (a nested card starts at its BEGIN line, or right after its AGENT line).
        if depth > 0 {
            card.line = firstLine - 1  // AGENT:BEGIN:VCARD, unless it has a BEGIN line of its own
            if opensWithBegin, let line = LogicalLine.read(bytes, from: offset, end: range.upperBound, line: lineNumber, unfolded: &unfolded) {
                offset = line.raw.upperBound
                lineNumber += line.physicalLineCount
                beginLine = line
            }
        } else {
            while let line = LogicalLine.read(bytes, from: offset, end: range.upperBound, line: lineNumber, unfolded: &unfolded) {
                offset = line.raw.upperBound
                lineNumber += line.physicalLineCount
                if line.marker == .begin { beginLine = line; break }
                if !line.isBlank && !isByteOrderMark(line.content) {
                    warn(.junkOutsideCard, line: line.line, "text outside BEGIN:VCARD … END:VCARD is kept but ignored")
                }
            }
            if keptNames == nil { card.rawPrefix = storage[range.lowerBound..<(beginLine?.raw.lowerBound ?? offset)] }
        }
        if let beginLine {
            if keptNames == nil { card.rawBegin = storage[beginLine.raw] }
            if depth == 0 { hasBegin = true }
            card.line = beginLine.line
            // CRLF, the default, is not copied out: an array of its own per card is an allocation.
            let ending = UnsafeBufferPointer(rebasing: bytes[beginLine.content.upperBound..<beginLine.raw.upperBound])
            if !ending.isEmpty && !(ending.count == 2 && ending[0] == .cr && ending[1] == .lf) { card.lineEnding = Array(ending) }
            var t = beginLine.content.upperBound
            while t > beginLine.content.lowerBound, bytes[t - 1].isFoldingWhitespace { t -= 1 }
            let hasBOM = beginLine.content.count > 3 && bytes[beginLine.content.lowerBound] == 0xEF
            if t - beginLine.content.lowerBound != (hasBOM ? 14 : 11) {
                if bytes[t - 12] == .period {
                    warn(.malformedBegin, line: beginLine.line, "BEGIN:VCARD with a group before it; read as BEGIN:VCARD")
                } else {
                    warn(.malformedBegin, line: beginLine.line, column: 12, "unexpected text after BEGIN:VCARD")
                }
            } else if t != beginLine.content.upperBound {
                warn(.malformedBegin, line: beginLine.line, column: 12, "white space after BEGIN:VCARD; read as BEGIN:VCARD")
            }
        }
        // The body, up to END:VCARD, in one pass.
        let named = namedVersion(from: offset, end: range.upperBound)
        let version = named.version
        card.version = version ?? .v3
        if depth == 0 {
            checker?.pointee.start(version: card.version, cardBytes: bytes)
            if let canonical {
                canonical.pointee.start(version: card.version, sizeAsRead: bytes.count)
                // A card in another version is converted from its parse in full: read no further.
                if canonical.pointee.gaveUp {
                    needsFullParse = true
                    return
                }
            }
        }
        // A card with no known version keeps its properties: the warning quotes its VERSION line.
        let keeping = keptNames == nil || version == nil
        if keeping { card.properties.reserveCapacity(24) }
        if keptNames != nil && version == nil { needsFullParse = true }
        var endLine: LogicalLine?
        var pendingTrivia: Int?
        var propertyCount = 0
        var sawVersion = false
        var versionIndex: Int?
        var hasFN = false
        while true {
            // Most lines have the common shape, read in one pass (``PlainLine``); the others in full.
            let plain = PlainLine.read(bytes, from: offset, end: range.upperBound)
            var line: LogicalLine
            if let plain {
                line = LogicalLine(
                    raw: plain.physical.start..<plain.physical.end, content: plain.physical.start..<plain.physical.contentEnd, line: lineNumber,
                    physicalLineCount: 1, marker: .none)
            } else {
                guard let read = LogicalLine.read(bytes, from: offset, end: range.upperBound, line: lineNumber, unfolded: &unfolded) else { break }
                line = read
            }
            offset = line.raw.upperBound
            lineNumber += line.physicalLineCount
            if line.marker == .end {
                endLine = line
                break
            }
            // A nested card: on the lines after AGENT:BEGIN:VCARD, from the BEGIN:VCARD line after
            // `AGENT:` (vCard 2.1 §2.4.4), or from a bare BEGIN:VCARD (Android). The reader cut the
            // input so that any BEGIN:VCARD in the card's bytes is a nested one.
            var nested: NestedCard?
            if line.marker == .nestedBegin {
                nested = NestedCard(start: offset, firstLine: lineNumber, opensWithBegin: false)
            } else if line.marker == .begin {
                nested = NestedCard(start: line.raw.lowerBound, firstLine: line.line, opensWithBegin: true)
            } else if !line.isFolded, isEmptyAgent(line), let next = LineScanner.line(in: bytes, from: offset, limit: range.upperBound, atEnd: true),
                LineScanner.marker(of: next, in: bytes) == .begin
            {
                nested = NestedCard(start: offset, firstLine: lineNumber, opensWithBegin: true)
                offset = next.end
                lineNumber += 1
            }
            if nested != nil {
                let nestedEnd = endOfNestedCard(from: offset, end: range.upperBound, lineNumber: &lineNumber)
                line.raw = line.raw.lowerBound..<nestedEnd
                offset = nestedEnd
            }
            if line.isBlank {
                if pendingTrivia == nil { pendingTrivia = line.raw.lowerBound }
                warn(.blankLine, line: line.line, "blank line inside a card")
                continue
            }
            let rawStart = pendingTrivia ?? line.raw.lowerBound
            pendingTrivia = nil
            propertyCount += 1
            if propertyCount > options.limits.maxPropertiesPerCard {
                if propertyCount == options.limits.maxPropertiesPerCard + 1 {  // once per card, not once per line
                    warn(.limitExceeded, line: line.line, "more than \(options.limits.maxPropertiesPerCard) properties in one card; the rest are kept as raw text")
                }
                if keeping { card.properties.append(malformedProperty(line, rawStart: rawStart, version: card.version)) }
                canonical?.pointee.giveUp()
                continue
            }
            let length = line.isFolded ? unfolded.count : line.content.count
            if length > options.limits.maxUnfoldedLineBytes {
                warn(.limitExceeded, line: line.line, "line of \(length) bytes is longer than the limit of \(options.limits.maxUnfoldedLineBytes) bytes; kept as raw text")
                if keeping { card.properties.append(malformedProperty(line, rawStart: rawStart, version: card.version)) }
                canonical?.pointee.giveUp()
                continue
            }
            // A line long enough to hold too much inline data is kept to be measured.
            let mayHoldTooMuchData = length / 4 * 3 > options.limits.maxBinaryBytes
            if mayHoldTooMuchData && !keeping { needsFullParse = true }
            // Appended as returned (a property passed on through a variable of its own was
            // copied: a retain and a release of the card's bytes per line; this form is not).
            var name = LineLayout.CardWideName.other
            // Only a property this line made is checked or measured: a line that holds a nested
            // card may be pending while the nested card's lines are read, and a nested line that
            // made none is not the pending one (the card is then read in full anyway).
            var made = false
            if let property = readProperty(
                line, plain: plain, nested: nested, rawStart: rawStart, version: card.version, depth: depth, keeping: keeping || mayHoldTooMuchData, name: &name)
            {
                // Kept only by name, a few lines a card: room for four at once, not one and then two.
                if card.properties.capacity == 0 { card.properties.reserveCapacity(4) }
                card.properties.append(property)
                made = true
            }
            if made, let checker, checker.pointee.isPending {
                checker.pointee.check(card.properties[card.properties.count - 1], storage: bytes.baseAddress)
            }
            if made, mayHoldTooMuchData, let size = Self.inlineBinarySize(card.properties[card.properties.count - 1]), size > options.limits.maxBinaryBytes {
                warn(.limitExceeded, line: line.line, "inline binary data of about \(size) bytes is larger than the limit of \(options.limits.maxBinaryBytes) bytes; kept as raw text")
                card.properties[card.properties.count - 1] = malformedProperty(line, rawStart: rawStart, version: card.version)
                continue
            }
            if name == .fn { hasFN = true }
            if !sawVersion, name == .version {
                sawVersion = true
                if keeping { versionIndex = card.properties.count - 1 }
            }
        }
        if let endLine {
            if keptNames == nil { card.rawEnd = storage[(pendingTrivia ?? endLine.raw.lowerBound)..<endLine.raw.upperBound] }
            var t = endLine.content.upperBound
            while t > endLine.content.lowerBound, bytes[t - 1].isFoldingWhitespace { t -= 1 }
            if t - endLine.content.lowerBound != 9 {
                warn(.malformedEnd, line: endLine.line, column: 10, "unexpected text after END:VCARD")
            } else if t != endLine.content.upperBound {
                warn(.malformedEnd, line: endLine.line, column: 10, "white space after END:VCARD; read as END:VCARD")
            }
        } else if beginLine != nil || depth > 0 {
            if keptNames == nil { card.rawEnd = storage[(pendingTrivia ?? offset)..<offset] }
            // Where END:VCARD was expected: the next line, or the last one if the input ends inside it.
            let endsInsideLine = offset > range.lowerBound && bytes[offset - 1] != .lf && bytes[offset - 1] != .cr
            warn(.missingEnd, line: endsInsideLine ? lineNumber - 1 : lineNumber, "card that begins on line \(card.line) has no END:VCARD")
        }
        // No closure may capture `card` (a captured variable lives in a box), and it is not passed
        // to a method of this parser: passed beside a mutable `self`, it was copied whole (ten
        // reference counts) on the way in.
        if !sawVersion {
            warn(.missingVersion, line: card.line, "card has no VERSION; read as 3.0")
        } else if case .unknown(let spelled) = named, let versionIndex {  // kept: see `keeping`
            warn(.unknownVersion, line: card.properties[versionIndex].line, "VERSION \(spelled) is not 2.1, 3.0 or 4.0; read as 3.0")
        }
        if !hasFN { checkFN(in: card.version, line: card.line) }
        if depth == 0 { checker?.pointee.finish(cardLine: card.line) }
        if depth == 0 && keptNames == nil { card.sourceBytes = storage[range] }
    }

    /// About how many bytes the inline base64 data of `property` decodes to; `nil` when it has none.
    static func inlineBinarySize(_ property: Property) -> Int? {
        let value = property.value.utf8
        if Parameter.isInlineBase64(property.parameters) {
            return value.count / 4 * 3
        }
        guard value.count > 5, ASCII.equals(value.prefix(5), lowercased: "data:"),
            let comma = value.firstIndex(of: .comma),
            ASCII.equals(value[..<comma].suffix(7), lowercased: ";base64")
        else { return nil }
        return value[value.index(after: comma)...].count / 4 * 3
    }

    private func isByteOrderMark(_ range: Range<Int>) -> Bool {
        range.count == 3 && bytes[range.lowerBound] == 0xEF && bytes[range.lowerBound + 1] == 0xBB && bytes[range.lowerBound + 2] == 0xBF
    }

    private func isEmptyAgent(_ line: LogicalLine) -> Bool {
        LineScanner.isEmptyAgent(PhysicalLine(start: line.content.lowerBound, contentEnd: line.content.upperBound, end: line.raw.upperBound), in: bytes)
    }

    /// The offset just past the `END:VCARD` that closes a nested card whose lines after its
    /// opening line start at `offset`; counted as ``CardFramer`` counts them.
    private func endOfNestedCard(from offset: Int, end: Int, lineNumber: inout Int) -> Int {
        var depth = 1
        var position = offset
        while depth > 0, let line = LineScanner.line(in: bytes, from: position, limit: end, atEnd: true) {
            depth += nestingStep(of: line, end: end)
            position = line.end
            lineNumber += 1
        }
        return position
    }

    /// 1 for a physical line that opens a nested card (BEGIN:VCARD, or a property whose value is
    /// BEGIN:VCARD and is not continued by folded lines, which make it one value), -1 for an
    /// END:VCARD, 0 for any other line.
    private func nestingStep(of line: PhysicalLine, end: Int) -> Int {
        switch LineScanner.marker(of: line, in: bytes) {
        case .begin: 1
        case .nestedBegin: line.end < end && bytes[line.end].isFoldingWhitespace ? 0 : 1
        case .end: -1
        case .none: 0
        }
    }

    /// What a card's own VERSION line names (``namedVersion(from:end:)``).
    private enum NamedVersion {
        case none
        case known(VCardVersion)
        /// A value that names no version, as written.
        case unknown(String)

        var version: VCardVersion? {
            if case .known(let version) = self { version } else { nil }
        }
    }

    /// What the card's own VERSION line names: the first line called VERSION (in any group, with
    /// any parameters) before END:VCARD, read as the body's loop reads its lines (unfolded, soft
    /// breaks joined, nested cards passed over, whose VERSION is their own), so that the version
    /// is the one the line read says; its value as written (not transfer-decoded), without the
    /// spaces and tabs around it. The VERSION line is almost always the card's first.
    private mutating func namedVersion(from offset: Int, end: Int) -> NamedVersion {
        var position = offset
        while position < end {
            // The common line, `VERSION:4.0` with no line after it that continues it, read in place
            // (its end is looked for only when it starts so: any other line is read once, below).
            if ASCII.hasPrefix(bytes, from: position, end: end, lowercased: "version:"),
                let line = LineScanner.line(in: bytes, from: position, limit: end, atEnd: true),
                line.contentEnd - line.start > 8, bytes[line.contentEnd - 1].isASCIIDigit,
                !(line.end < end && bytes[line.end].isFoldingWhitespace)
            {
                return Self.namedVersion(spelledBy: UnsafeBufferPointer(rebasing: bytes[(line.start + 8)..<line.contentEnd]))
            }
            guard let line = LogicalLine.read(bytes, from: position, end: end, line: 0, unfolded: &unfolded) else { break }
            position = line.raw.upperBound
            switch line.marker {
            case .end: return .none
            case .nestedBegin:
                // `VERSION:BEGIN:VCARD` is still the first line called VERSION: it names none.
                if let found = Self.namedVersion(ofLine: bytes, line.content) { return found }
                fallthrough
            case .begin:
                var lineNumber = 0
                position = endOfNestedCard(from: position, end: end, lineNumber: &lineNumber)
                continue
            case .none: break
            }
            let found: NamedVersion? =
                if line.isFolded {
                    unfolded.withUnsafeBufferPointer { Self.namedVersion(ofLine: $0, 0..<$0.count) }
                } else {
                    Self.namedVersion(ofLine: bytes, line.content)
                }
            if let found { return found }
        }
        return .none
    }

    /// What the content line in `range` of `text` names, when it is called VERSION.
    private static func namedVersion(ofLine text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> NamedVersion? {
        guard let parts = ContentLine.split(text, range), parts.name.count == 7,
            ASCII.hasPrefix(text, from: parts.name.lowerBound, end: parts.name.upperBound, lowercased: "version")
        else { return nil }
        return namedVersion(spelledBy: UnsafeBufferPointer(rebasing: text[parts.value]))
    }

    /// The version a VERSION value as written names, spaces and tabs around it left out.
    private static func namedVersion(spelledBy value: UnsafeBufferPointer<UInt8>) -> NamedVersion {
        var s = 0, e = value.count
        while s < e, value[s].isFoldingWhitespace { s += 1 }
        while e > s, value[e - 1].isFoldingWhitespace { e -= 1 }
        let spelled = UnsafeBufferPointer(rebasing: value[s..<e])
        return VCardVersion(spelledBy: spelled).map { .known($0) } ?? .unknown(String(decoding: spelled, as: UTF8.self))
    }

    /// Reports a card of `version` without FN, beginning on `line`, if the version requires FN.
    private mutating func checkFN(in version: VCardVersion, line: Int) {
        if PropertyRules.of("FN")?.cardinality(in: version)?.isRequired == true {
            warn(.missingFN, line: line, "vCard \(version.rawValue) requires FN")
        }
    }
}

/// The names of the properties a parser makes when it only checks a card (``CardParser/keptNames``).
@usableFromInline
struct KeptNames: Sendable {
    let names: [[UInt8]]
    /// One bit for the length of each name (the bit of 63 for any longer): a line whose name has
    /// another length is not compared.
    let lengths: UInt64
    /// Whether a line so named is kept as the place of its value (``CardParser/keptValues``),
    /// not as a property.
    let valuesOnly: Bool

    @usableFromInline
    init(_ names: [String], valuesOnly: Bool = false) {
        self.names = names.map { Array($0.utf8) }
        lengths = self.names.reduce(0) { $0 | Self.bit($1.count) }
        self.valuesOnly = valuesOnly
    }

    @inline(__always)
    static func bit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// Whether `name` is one of the names, ignoring case.
    func contain(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for kept in names where kept.count == name.count {
            if kept.withUnsafeBufferPointer({ ASCII.caseInsensitiveEquals(name, $0) }) { return true }
        }
        return false
    }
}
