extension CardParser {
    /// Checks one logical line on bytes, reporting what is wrong, and makes its property (with
    /// the blank lines from `rawStart` before it) with `keeping` or when ``keptNames`` names it;
    /// no field is decoded unless it has to be. `name` tells whether it is FN or VERSION.
    /// `plain` is the line as ``PlainLine`` read it, when it has the common shape; `nested` is
    /// the card nested in the line's value, where the parser found one (the line's raw bytes then
    /// run on over it).
    ///
    /// Otherwise nothing is kept, not even a reference to the card's bytes: a card read only to
    /// be checked and copied as it is costs no allocation and no reference count a line.
    mutating func readProperty(
        _ line: LogicalLine, plain: PlainLine?, nested: NestedCard?, rawStart: Int, version: VCardVersion, depth: Int, keeping: Bool, name: inout LineLayout.CardWideName
    ) -> Property? {
        if line.marker == .begin, let nested {
            return bareNestedCard(line, nested, rawStart: rawStart, version: version, depth: depth, keeping: keeping)
        }
        guard line.isFolded || nested != nil else {
            // Most lines: with no joined text and no nested card to hold, this copy of the work
            // holds no reference that a line would release.
            return readProperty(line, plain: plain, folded: nil, nested: nil, rawStart: rawStart, version: version, depth: depth, keeping: keeping, name: &name)
        }
        return readFoldedOrNestedProperty(line, plain: plain, nested: nested, rawStart: rawStart, version: version, depth: depth, keeping: keeping, name: &name)
    }

    /// ``readProperty(_:plain:nested:rawStart:version:depth:keeping:name:)`` for a folded line
    /// (its joined text, ``unfolded``, is copied: the checks below take the parser whole) or one
    /// that holds a nested card. Out of line: few lines are.
    @inline(never)
    private mutating func readFoldedOrNestedProperty(
        _ line: LogicalLine, plain: PlainLine?, nested: NestedCard?, rawStart: Int, version: VCardVersion, depth: Int, keeping: Bool, name: inout LineLayout.CardWideName
    ) -> Property? {
        readProperty(
            line, plain: plain, folded: line.isFolded ? unfolded : nil, nested: nested, rawStart: rawStart, version: version, depth: depth, keeping: keeping,
            name: &name)
    }

    /// The work of ``readProperty(_:plain:nested:rawStart:version:depth:keeping:name:)``, with
    /// the line's joined text `folded` when it was folded.
    @inline(__always)
    private mutating func readProperty(
        _ line: LogicalLine, plain: PlainLine?, folded: [UInt8]?, nested: NestedCard?, rawStart: Int, version: VCardVersion, depth: Int, keeping: Bool,
        name: inout LineLayout.CardWideName
    ) -> Property? {
        // Ranges in SourceLine are relative to the unfolded text, or to the start of `raw`.
        var layout: LineLayout
        var decodedValue: DecodedValue?
        if let folded {
            layout = folded.withUnsafeBufferPointer {
                check(in: $0, 0..<$0.count, plain: nil, line: line.line, version: version, shift: 0, keeping: keeping, decodedValue: &decodedValue)
            }
        } else {
            layout = check(
                in: bytes, line.content, plain: plain, line: line.line, version: version, shift: rawStart, keeping: keeping, decodedValue: &decodedValue)
        }
        if nested != nil && !keeping { needsFullParse = true }
        // The nested card's lines decode values of their own, into the same buffers: this
        // line's decoded value is taken first.
        var decodedBeforeNested: String?
        if nested != nil, let decodedValue { decodedBeforeNested = text(of: decodedValue) }
        let embedded = nested.flatMap { parseNested($0, in: line, depth: depth) }
        if embedded != nil {
            layout.value = layout.value.upperBound..<layout.value.upperBound  // the card is the value, `BEGIN:VCARD` its first line
        }
        name = layout.cardWideName
        if !keeping && !layout.isChecked {
            let range = layout.name
            guard keptLengths & KeptNames.bit(range.count) != 0, let keptNames else { return nil }
            let isKept =
                if let folded {
                    folded.withUnsafeBufferPointer { keptNames.contain(UnsafeBufferPointer(rebasing: $0[range])) }
                } else {
                    keptNames.contain(UnsafeBufferPointer(rebasing: bytes[(rawStart + range.lowerBound)..<(rawStart + range.upperBound)]))
                }
            guard isKept else { return nil }
            if keptNames.valuesOnly {
                keepValue(layout, rawStart: rawStart, asWritten: folded == nil && decodedValue == nil)
                return nil
            }
        }
        let source = SourceLine(
            storage: storage, raw: rawStart..<line.raw.upperBound, triviaCount: line.raw.lowerBound - rawStart,
            unfolded: folded, decodedValue: decodedBeforeNested ?? decodedValue.map { text(of: $0) }, layout: layout)
        return Property(source: source, version: version, line: line.line, isMalformed: layout.malformed, embedded: embedded)
    }

    /// The value ``DecodedValue`` says the parser decoded last, as a string.
    private func text(of decodedValue: DecodedValue) -> String {
        decodedValue == .inBuffer ? String(decoding: decoded, as: UTF8.self) : decodedText
    }

    /// Notes where the value of a line kept by name lies in the card's bytes (``keptValues``),
    /// or that it does not lie there `asWritten` (folded, decoded) or the line is malformed.
    /// Kept out of line: it is for a few lines a card.
    @inline(never)
    private mutating func keepValue(_ layout: LineLayout, rawStart: Int, asWritten: Bool) {
        guard asWritten, !layout.malformed else {
            keptValues.markIncomplete()
            return
        }
        keptValues.append((rawStart + layout.value.lowerBound)..<(rawStart + layout.value.upperBound))
    }

    /// The property that holds a card nested with no property line before it, as Android
    /// writes it: named ``Property/nestedCardName``, with an empty value.
    private mutating func bareNestedCard(
        _ line: LogicalLine, _ nested: NestedCard, rawStart: Int, version: VCardVersion, depth: Int, keeping: Bool
    ) -> Property? {
        let text = Array((Property.nestedCardName + ":").utf8)
        var layout = LineLayout(name: 0..<(text.count - 1), parameterSection: (text.count - 1)..<(text.count - 1), value: text.count..<text.count)
        layout.namesAreWritable = true
        if !keeping { needsFullParse = true }
        let embedded = parseNested(nested, in: line, depth: depth)
        guard keeping else { return nil }
        let source = SourceLine(
            storage: storage, raw: rawStart..<line.raw.upperBound, triviaCount: line.raw.lowerBound - rawStart,
            unfolded: text, decodedValue: nil, layout: layout)
        return Property(source: source, version: version, line: line.line, embedded: embedded)
    }

    /// A line kept only as raw text (past a limit).
    func malformedProperty(_ line: LogicalLine, rawStart: Int, version: VCardVersion) -> Property {
        let folded = line.isFolded ? unfolded : nil
        let content = folded.map { 0..<$0.count } ?? (line.content.lowerBound - rawStart)..<(line.content.upperBound - rawStart)
        var layout = LineLayout(name: content.lowerBound..<content.lowerBound, parameterSection: content.lowerBound..<content.lowerBound, value: content)
        layout.malformed = true
        let source = SourceLine(
            storage: storage, raw: rawStart..<line.raw.upperBound, triviaCount: line.raw.lowerBound - rawStart,
            unfolded: folded, decodedValue: nil, layout: layout)
        return Property(source: source, version: version, line: line.line, isMalformed: true)
    }

    /// Checks one content line on bytes and records where its parts are (as `plain` found them
    /// already, if given); `keeping` says that its property will be made (a decoded value is
    /// then made a string at once). Then the parser's ``checker`` sees the line
    /// (``LineLayout/isChecked``), unless it is malformed; and the writer of a card written as it
    /// is read (``canonical``) gets every line, and gives the card up on a malformed one.
    @inline(__always)
    private mutating func check(
        in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: PlainLine?, line lineNumber: Int, version: VCardVersion, shift: Int, keeping: Bool,
        decodedValue: inout DecodedValue?
    ) -> LineLayout {
        let laid = lay(in: text, range, plain: plain, line: lineNumber, version: version, shift: shift, keeping: keeping, decodedValue: &decodedValue)
        var isChecked = false
        if let checker, !laid.malformed {
            let line = UnsafeBufferPointer(rebasing: text[shift...])
            isChecked =
                if case .inBuffer = decodedValue {
                    decoded.withUnsafeBufferPointer { checker.pointee.needsProperty(line, laid, decoded: $0, line: lineNumber) }
                } else {
                    checker.pointee.needsProperty(line, laid, decoded: nil, line: lineNumber)
                }
        }
        if let canonical { writeCanonically(canonical, text, range, laid, shift: shift, decodedValue: decodedValue) }
        var layout = laid
        layout.isChecked = isChecked
        return layout
    }

    /// Hands the line read from `text` (its content in `range`, its blank lines from `shift`) to
    /// the writer of the card as it is read: the line to its CRLF when one ends it, as a card's
    /// lines are copied, or the joined text of a folded line. A malformed line gives the card
    /// up. Out of line: it is for `cat --normalize` alone.
    @inline(never)
    private mutating func writeCanonically(
        _ canonical: UnsafeMutablePointer<CanonicalCardWriter>, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ layout: LineLayout, shift: Int,
        decodedValue: DecodedValue?
    ) {
        guard !layout.malformed else { return canonical.pointee.giveUp() }
        let end = range.upperBound &+ 1 < text.count && text[range.upperBound] == .cr && text[range.upperBound &+ 1] == .lf ? range.upperBound &+ 2 : range.upperBound
        let line = UnsafeBufferPointer(rebasing: text[shift..<end])
        switch decodedValue {
        case nil: canonical.pointee.write(line, layout, decodedValue: nil)
        case .inBuffer: decoded.withUnsafeBufferPointer { canonical.pointee.write(line, layout, decodedValue: $0) }
        case .text: decodedText.withUTF8 { canonical.pointee.write(line, layout, decodedValue: $0) }
        }
    }

    /// What ``check(in:_:plain:line:version:shift:keeping:decodedValue:)`` does before the ``checker``
    /// sees the line: kept apart, the reading of a line compiles as it did before there was one.
    private mutating func lay(
        in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: PlainLine?, line lineNumber: Int, version: VCardVersion, shift: Int, keeping: Bool,
        decodedValue: inout DecodedValue?
    ) -> LineLayout {
        func relative(_ r: Range<Int>) -> Range<Int> { (r.lowerBound - shift)..<(r.upperBound - shift) }
        func string(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: text[r]), as: UTF8.self) }

        guard let parts = plain?.parts ?? ContentLine.split(text, range) else {
            if !range.isEmpty, text[range.lowerBound] == UInt8(ascii: "#") {
                warn(.commentLine, line: lineNumber, "a line starting with '#' is not vCard; kept as it is and ignored")
            } else {
                warn(.malformedLine, line: lineNumber, "line has no ':' between name and value; kept as it is")
            }
            let start = relative(range).lowerBound
            var layout = LineLayout(name: start..<start, parameterSection: start..<start, value: relative(range))
            layout.malformed = true
            return layout
        }
        if parts.unterminatedQuote {
            warn(.unterminatedQuote, line: lineNumber, column: parts.name.upperBound - range.lowerBound + 1, "a '\"' in the parameters is never closed")
        }
        // A plain line's names are letters, digits and `-`.
        let nameSpelling = plain != nil ? .writable : spelling(text, parts.name)
        if nameSpelling == .invalid {
            warn(.invalidName, line: lineNumber, column: parts.name.lowerBound - range.lowerBound + 1, "property name '\(string(parts.name))' has characters other than letters, digits and '-'")
        }
        let groupSpelling = plain != nil ? .writable : parts.group.map { spelling(text, $0) } ?? .writable
        if groupSpelling == .invalid, let g = parts.group {
            warn(.invalidName, line: lineNumber, "group name '\(string(g))' has characters other than letters, digits and '-'")
        }
        var encoding: Range<Int>?
        var charset: Range<Int>?
        var onlyType = !parts.unterminatedQuote
        ParameterScanner.forEach(text, parts.parameterSection, quotesAreLiteral: parts.unterminatedQuote) { p in
            checkParameter(
                text, p, version: version, line: lineNumber, column: p.lowerBound - range.lowerBound + 1, shift: shift,
                encoding: &encoding, charset: &charset, onlyType: &onlyType)
        }
        var layout = LineLayout(
            group: parts.group.map(relative), name: relative(parts.name),
            parameterSection: relative(parts.parameterSection), value: relative(parts.value),
            unterminatedQuote: parts.unterminatedQuote)
        layout.onlyTypeParameters = onlyType
        let name = UnsafeBufferPointer(rebasing: text[parts.name])
        let isReserved = Property.isReservedName(name, isVersionLine: false)  // BEGIN, END, VERSION
        if isReserved && name.count == 7 {
            layout.cardWideName = .version
        } else if name.count == 2 && name[0] | 0x20 == UInt8(ascii: "f") && name[1] | 0x20 == UInt8(ascii: "n") {
            layout.cardWideName = .fn
        }
        layout.namesAreWritable = nameSpelling == .writable && groupSpelling == .writable && !isReserved
        let column = parts.value.lowerBound - range.lowerBound + 1
        let valueBytes = UnsafeBufferPointer(rebasing: text[parts.value])
        let transfer = encoding.map { TransferEncoding.named(text, $0, version: version) }
        // The common case: no CHARSET and nothing to undo, and UTF-8 bytes (without ENCODING,
        // bytes that are not UTF-8 are read as Windows-1252 here too). Nothing is decoded now.
        if charset == nil, transfer?.keepsBytes ?? true {
            // Inline data being validated: the base64 test, which the checker needs anyway,
            // also tells what the scan would (printable ASCII), in one pass over a photo.
            if transfer == .base64, checker != nil, Base64.isValid(valueBytes, breaksAllowed: false) {
                layout.valueIsPlain = true
                layout.valueIsValidBase64 = true
                return layout
            }
            let scan = plain?.value ?? ValueScan(valueBytes)
            layout.valueIsPlain = scan.isUTF8 && !scan.mayHoldControl
            if scan.isUTF8 || transfer == nil {
                if !scan.isUTF8 {
                    decodedText = Charset.windows1252(valueBytes)
                    decodedValue = .text
                    warn(.invalidUTF8, line: lineNumber, column: column, "bytes are not valid UTF-8 and no CHARSET is given; decoded as Windows-1252")
                }
                if version != .v2_1, transfer != .base64, scan.hasBackslash, let first = Escaping.firstInvalidEscapeOffset(valueBytes) {
                    warnBadEscape(version: version, line: lineNumber, column: column + first)
                }
                return layout
            }
        }
        let charsetName = charset.map { ParameterScanner.value(text, $0, version: version) }
        decodedValue = decodeValue(
            valueBytes, encoding: transfer, charset: charsetName, version: version, line: lineNumber, column: column, asString: keeping,
            encodingName: { encoding.map { TransferEncoding.name(text, $0, version: version) } ?? "" })
        return layout
    }

    /// Checks one parameter and notes where `ENCODING` and `CHARSET` values are; `onlyType`
    /// turns false for a parameter that is neither a type (`TYPE=`, or bare as in 2.1) nor empty,
    /// and the ``checker`` is told of it (``CardChecker/noteParameter(_:_:equals:)``, with ranges
    /// from `shift`, where the line starts).
    private mutating func checkParameter(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion, line: Int, column: Int, shift: Int,
        encoding: inout Range<Int>?, charset: inout Range<Int>?, onlyType: inout Bool
    ) {
        guard !range.isEmpty else {
            warn(.invalidParameter, line: line, column: column, "empty parameter")
            return
        }
        guard let equals = ParameterScanner.equalsSign(text, range) else {
            // vCard 2.1 bare parameter: TEL;WORK;VOICE (a type) or PHOTO;BASE64.
            if ParameterScanner.isEncodingKeyword(text, range) {
                encoding = range
                onlyType = false
                noteParameter(text, range, equals: nil, shift: shift)
            } else if version != .v2_1 {
                let value = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
                warn(.invalidParameter, line: line, column: column, "bare parameter '\(value)' is vCard 2.1 syntax; read as TYPE=\(value)")
            }
            return
        }
        let nameRange = range.lowerBound..<equals
        if spelling(text, nameRange) == .invalid {
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameRange]), as: UTF8.self)
            warn(.invalidParameter, line: line, column: column, "parameter name '\(name)' is not a valid name")
        }
        let name = UnsafeBufferPointer(rebasing: text[nameRange])
        if ASCII.isType(name) { return }  // most parameters
        onlyType = false
        noteParameter(text, range, equals: equals, shift: shift)
        if ASCII.equals(name, lowercased: "encoding") {
            // The first value counts.
            var end = equals + 1
            while end < range.upperBound, text[end] != .comma { end += 1 }
            encoding = (equals + 1)..<end
        } else if ASCII.equals(name, lowercased: "charset") {
            // The last value counts (CHARSET=INVALID-ENCODING,UTF-8).
            var start = range.upperBound
            while start > equals + 1, text[start - 1] != .comma { start -= 1 }
            charset = start..<range.upperBound
        }
    }

    /// Tells the ``checker``, if any, of a parameter other than `TYPE` in `range` of `text` (its
    /// `=` at `equals`), in the coordinates of the line, which starts at `shift`.
    @inline(__always)
    private func noteParameter(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, equals: Int?, shift: Int) {
        checker?.pointee.noteParameter(
            UnsafeBufferPointer(rebasing: text[shift...]), (range.lowerBound - shift)..<(range.upperBound - shift), equals: equals.map { $0 - shift })
    }

    /// How a name is spelled, on its bytes.
    enum Spelling {
        /// Letters, digits and `-`: written as it is (``Property/isValidName(_:)``).
        case writable
        /// With `_` as well: read without a warning, as exporters write it, but mapped when written.
        case withUnderscore
        case invalid
    }

    private func spelling(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Spelling {
        guard !range.isEmpty else { return .invalid }
        var result = Spelling.writable
        for i in range where !text[i].isNameByte {
            guard text[i] == UInt8(ascii: "_") else { return .invalid }
            result = .withUnderscore
        }
        return result
    }

    /// Where a value after transfer and charset decoding is. Most are UTF-8 left in
    /// ``decoded``, made into a string only for a property that is kept; a value in another
    /// charset is a string, in ``decodedText``. No payload: a line whose value was not decoded
    /// has nothing to release.
    enum DecodedValue {
        case inBuffer
        case text
    }

    /// Decodes transfer-encoded value bytes to text: quoted-printable first, then the charset.
    /// UTF-8 is left in the buffer unless `asString` (the string is needed anyway: making it
    /// checks the bytes, which the buffer's way checks first and again when the string is made).
    /// `encodingName` spells an encoding that is `.other`, for the warning.
    private mutating func decodeValue(
        _ valueBytes: UnsafeBufferPointer<UInt8>, encoding: TransferEncoding?, charset: String?, version: VCardVersion, line: Int, column: Int,
        asString: Bool, encodingName: () -> String
    ) -> DecodedValue {
        var isDecoded = false
        var isBinary = false
        switch encoding {
        case nil, .sevenBit, .eightBit: break
        case .quotedPrintable:
            var malformed = false
            QuotedPrintable.decode(valueBytes, into: &decoded, malformed: &malformed)
            isDecoded = true
            if malformed { warn(.badQuotedPrintable, line: line, column: column, "'=' not followed by two hex digits; kept as it is") }
        case .base64:
            isBinary = true
        case .other:
            warn(.unknownEncoding, line: line, column: column, "unknown ENCODING '\(encodingName())'; value kept as text")
        }
        // Valid UTF-8 read as UTF-8 (or ASCII) is taken as it is: it stays in the buffer, or with
        // `asString` is made a string at once, without the look-up of the charset's name that a
        // decode in general makes.
        if Charset.keepsValidUTF8(charset) {
            let fromBuffer = isDecoded || !asString
            if !isDecoded && !asString {
                decoded.removeAll(keepingCapacity: true)
                decoded.append(contentsOf: valueBytes)
            }
            if fromBuffer ? decoded.withUnsafeBufferPointer(Charset.isValidUTF8) : Charset.isValidUTF8(valueBytes) {
                if asString {
                    decodedText = fromBuffer ? String(decoding: decoded, as: UTF8.self) : String(decoding: valueBytes, as: UTF8.self)
                }
                if !isBinary, version != .v2_1,
                    let first = fromBuffer ? decoded.withUnsafeBufferPointer(Escaping.firstInvalidEscapeOffset) : Escaping.firstInvalidEscapeOffset(valueBytes)
                {
                    warnBadEscape(version: version, line: line, column: column + first)
                }
                return asString ? .text : .inBuffer
            }
        }
        let value: String
        switch isDecoded ? Charset.decode(decoded, charset: charset) : Charset.decode(valueBytes, charset: charset) {
        case .decoded(let s): value = s
        case .fellBack(let s):
            value = s
            warn(.invalidUTF8, line: line, column: column, charset.map { "bytes are not valid \($0); decoded as Windows-1252" } ?? "bytes are not valid UTF-8 and no CHARSET is given; decoded as Windows-1252")
        case .repaired(let s):
            value = s
            warn(.invalidUTF8, line: line, column: column, "bytes are not valid UTF-8 as CHARSET says; each invalid sequence is replaced with U+FFFD")
        case .unknownCharset(let s):
            value = s
            warn(.unknownCharset, line: line, column: column, "unknown CHARSET '\(charset ?? "")'; decoded as UTF-8")
        }
        if !isBinary { checkEscapes(value, version: version, line: line, column: column) }
        decodedText = value
        return .text
    }

    private mutating func checkEscapes(_ value: String, version: VCardVersion, line: Int, column: Int) {
        guard version != .v2_1, let first = Escaping.firstInvalidEscapeOffset(value) else { return }
        warnBadEscape(version: version, line: line, column: column + first)
    }

    private mutating func warnBadEscape(version: VCardVersion, line: Int, column: Int) {
        warn(.badEscape, line: line, column: column, "backslash escape that vCard \(version.rawValue) does not define; kept as written")
    }

    private mutating func parseNested(_ nested: NestedCard, in line: LogicalLine, depth: Int) -> EmbeddedCard? {
        guard depth < options.limits.maxNestingDepth else {
            warn(.limitExceeded, line: line.line, "nested cards deeper than \(options.limits.maxNestingDepth) are kept as raw text")
            return nil
        }
        let card = parseCard(
            nested.start..<line.raw.upperBound, firstLine: nested.firstLine, depth: depth + 1,
            opensWithBegin: nested.opensWithBegin)
        return EmbeddedCard(card)
    }
}
