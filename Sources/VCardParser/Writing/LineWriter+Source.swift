extension LineWriter {
    /// Writes the canonical line of an unchanged property straight from the bytes it was read
    /// from, with the output of ``write(_:to:)``'s general path but without decoding the
    /// parameters into strings. Names are upper-cased; everything else is copied, or for 2.1
    /// re-encoded as quoted-printable. Returns `false` when the general path is needed, which is
    /// also the one that maps names (``Property/writtenName(for:)``): the group and name were
    /// checked when the line was read (``SourceLine/namesAreWritable``), parameter names are
    /// checked here on the bytes they are copied from.
    func writeFromSource(_ property: Property, to out: inout [UInt8]) -> Bool {
        guard canWriteFromSource(property) else { return false }
        // Called through `source?`: a line bound to a name of its own is copied (a retain and a
        // release of the card's bytes).
        return property.source?.write(with: self, to: &out) ?? false
    }

    /// The text and layout of the property at `index` when ``writeFromSource(_:to:)`` may write
    /// it and its line lies unfolded and undecoded in the bytes at `storage` (the card's), read
    /// where it lies; `nil` otherwise. The text is the line as read, its blank lines and line end
    /// included.
    @inline(__always)
    func lineInStorage(
        _ properties: UnsafeBufferPointer<Property>, _ index: Int, at storage: UnsafePointer<UInt8>?
    ) -> (text: UnsafeBufferPointer<UInt8>, layout: LineLayout)? {
        // The checks of `canWriteFromSource(_:)`, each on a field in place: even an inlined call
        // that is passed the element copies it.
        guard let storage, !keepsSpelling, properties[index].edited == nil, !properties[index].isMalformed,
            properties[index].embedded == nil, properties[index].version == version,
            let text = properties[index].source?.text(inStorageAt: storage), let layout = properties[index].source?.layout
        else { return nil }
        return (text, layout)
    }

    /// Whether the canonical line of a line read unfolded and undecoded
    /// (``lineInStorage(_:_:at:)``) is that line as read, its CRLF included, byte for byte, so
    /// that it can be copied whole: no blank line before it, a CRLF after it, the name and every
    /// parameter name in upper case, every parameter written as it is
    /// (``parameterIsCanonical(_:_:)``; in 2.1 ``parameter21IsCanonicalAsRead(_:_:)`` and an
    /// ASCII value, which needs no quoted-printable), no fold needed, and what
    /// ``writeLine(_:_:decodedValue:to:)`` asks of the line it copies.
    func isCanonicalAsRead(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout) -> Bool {
        let end = layout.value.upperBound
        guard text.count == end &+ 2, text[end] == .cr, text[end &+ 1] == .lf,
            (layout.group?.lowerBound ?? layout.name.lowerBound) == 0, !layout.unterminatedQuote, layout.namesAreWritable,
            !ASCII.hasLowercase(UnsafeBufferPointer(rebasing: text[layout.name])),
            Folding.fitsOnOneLine(UnsafeBufferPointer(rebasing: text[..<end])),
            version != .v2_1 || Charset.isASCII(UnsafeBufferPointer(rebasing: text[layout.value]))
        else { return false }
        // `NAME;:value`: the canonical line has no `;` before the colon.
        guard !layout.parameterSection.isEmpty else { return layout.value.lowerBound == layout.name.upperBound &+ 1 }
        guard parametersAreUTF8(text, layout) else { return false }
        var canonical = true
        if version == .v2_1 {
            ParameterScanner.forEach(text, layout.parameterSection, quotesAreLiteral: false) { range in
                if canonical { canonical = parameter21IsCanonicalAsRead(text, range) }
            }
            return canonical
        }
        ParameterScanner.forEach(text, layout.parameterSection, quotesAreLiteral: false) { range in
            if canonical { canonical = parameterIsCanonicalAsRead(text, range) }
        }
        return canonical
    }

    /// Whether the property is one ``writeFromSource(_:to:)`` may write: unchanged, well formed,
    /// in the output's version, with no card nested in it, and not to be written as spelled.
    @inline(__always)
    private func canWriteFromSource(_ property: Property) -> Bool {
        guard !keepsSpelling, property.edited == nil, property.source != nil, !property.isMalformed, property.embedded == nil,
            property.version == version
        else { return false }
        return true
    }

    /// Writes the line whose text is `text`, its parts where `layout` says, and its value
    /// `decodedValue` (UTF-8) when quoted-printable or a charset was decoded: the work of
    /// ``writeFromSource(_:to:)``. `false` (and nothing written) when the general path is needed.
    func writeLine(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, decodedValue: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]) -> Bool {
        guard !layout.unterminatedQuote, layout.namesAreWritable, version == .v2_1 || decodedValue == nil, parametersAreUTF8(text, layout)
        else { return false }
        let start = out.count
        guard version == .v2_1 else {
            guard appendAsRead(text, layout, to: &out) else { return false }
            endLine(startingAt: start, in: &out)
            return true
        }
        startLine(text, layout, in: &out)
        var written = true
        ParameterScanner.forEach(text, layout.parameterSection, quotesAreLiteral: false) { range in
            guard written else { return }
            written = appendParameter21(text, range, to: &out)
        }
        guard written else {
            out.removeSubrange(start...)
            return false
        }
        appendValue21(text, layout, decodedValue: decodedValue, lineStart: start, to: &out)
        return true
    }

    /// 3.0 and 4.0: appends the line as read, from its group or name to the end of its value,
    /// with the name and the parameter names upper-cased: the canonical line when every parameter
    /// is canonical (``parameterIsCanonical(_:_:)``). One copy, then the case changed in place.
    /// `false` (and nothing appended) when the general path has to write it.
    private func appendAsRead(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, to out: inout [UInt8]) -> Bool {
        // `NAME;:value`: the general path writes no `;` before the colon.
        guard !layout.parameterSection.isEmpty || layout.value.lowerBound == layout.name.upperBound + 1 else { return false }
        let head = layout.group?.lowerBound ?? layout.name.lowerBound
        let start = out.count
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[head..<layout.value.upperBound]))
        let canonical = out.withUnsafeMutableBufferPointer { written in
            let shift = start - head
            Self.uppercase(written, (layout.name.lowerBound + shift)..<(layout.name.upperBound + shift))
            var canonical = true
            ParameterScanner.forEach(text, layout.parameterSection, quotesAreLiteral: false) { range in
                guard canonical else { return }
                guard let equals = parameterIsCanonical(text, range) else {
                    canonical = false
                    return
                }
                Self.uppercase(written, (range.lowerBound + shift)..<(equals + shift))
            }
            return canonical
        }
        if !canonical { out.removeSubrange(start...) }
        return canonical
    }

    /// Upper-cases the ASCII letters among `bytes[range]` in place.
    private static func uppercase(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
        for i in range where bytes[i] &- 0x61 < 26 { bytes[i] -= 0x20 }
    }
    /// Whether the parameters are valid UTF-8, as the group and name of a line whose names are
    /// writable (letters, digits and `-`) are. The general path writes them from strings, where
    /// a byte that is not UTF-8 became U+FFFD. Copied as they are, such bytes would make output
    /// that is not UTF-8; in a nested 2.1 card, whose text becomes a string after it is written,
    /// they would also become U+FFFD there, after the quoted-printable soft breaks were placed
    /// for the shorter line.
    private func parametersAreUTF8(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout) -> Bool {
        Charset.isValidUTF8(UnsafeBufferPointer(rebasing: text[layout.parameterSection]))
    }

    /// The index of the `=` of a 3.0 or 4.0 parameter that is canonical as read but for the case
    /// of its name: it has a valid name and `=`, is not `CHARSET`, and each of its values is
    /// written the way the canonical form writes it (``valuesAreCanonical(_:_:)``); an
    /// `ENCODING` only as `ENCODING=b`, inline base64 as the canonical form writes it (a line
    /// whose every `ENCODING` is that one holds base64 data, which keeps them all and its value
    /// as it is). `nil` when the general path has to write it.
    private func parameterIsCanonical(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let equals = ParameterScanner.equalsSign(text, range) else { return nil }
        let name = UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals])
        guard Property.isValidName(name), !ASCII.equals(name, lowercased: "charset") else { return nil }
        if ASCII.equals(name, lowercased: "encoding") {
            return range.upperBound == equals + 2 && text[equals + 1] == UInt8(ascii: "b") ? equals : nil
        }
        return valuesAreCanonical(text, (equals + 1)..<range.upperBound) ? equals : nil
    }

    /// Whether a 3.0 or 4.0 parameter is canonical as read: ``parameterIsCanonical(_:_:)`` of a
    /// name already in upper case, which one pass over the name tells.
    private func parameterIsCanonicalAsRead(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var equals = range.lowerBound
        while equals < range.upperBound, text[equals].isUppercaseNameByte { equals &+= 1 }
        guard equals > range.lowerBound, equals < range.upperBound, text[equals] == .equals else { return false }
        let name = UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals])
        if ASCII.equals(name, lowercased: "charset") { return false }
        if ASCII.equals(name, lowercased: "encoding") { return range.upperBound == equals &+ 2 && text[equals &+ 1] == UInt8(ascii: "b") }
        return valuesAreCanonical(text, (equals &+ 1)..<range.upperBound)
    }

    /// Whether each value is without quotes and has no quote, caret, space or tab, or is in
    /// quotes that it needs (a `:`, `;`, `,` or space in it) and has no caret to escape.
    private func valuesAreCanonical(_ text: UnsafeBufferPointer<UInt8>, _ values: Range<Int>) -> Bool {
        var start = values.lowerBound
        while start < values.upperBound {
            if text[start] == .quote {
                // A whole quoted value: "…" followed by a comma or the end.
                var close = start + 1
                var needsQuotes = false
                while close < values.upperBound, text[close] != .quote {
                    let b = text[close]
                    if b == .caret || b == .tab { return false }
                    if b == .colon || b == .semicolon || b == .comma || b == .space { needsQuotes = true }
                    close += 1
                }
                guard needsQuotes, close < values.upperBound,
                    close + 1 == values.upperBound || text[close + 1] == .comma
                else { return false }
                start = close + 2
            } else {
                var end = start
                while end < values.upperBound, text[end] != .comma {
                    let b = text[end]
                    if b == .quote || b == .caret || b == .space || b == .tab { return false }
                    end += 1
                }
                start = end + 1
            }
        }
        return true
    }

    /// The value of a 2.1 line whose name and parameters are written from `lineStart` on: as it
    /// is, or, with non-ASCII text or line breaks, as UTF-8 quoted-printable (the general path
    /// decides on inline base64 before this).
    private func appendValue21(
        _ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, decodedValue: UnsafeBufferPointer<UInt8>?, lineStart start: Int, to out: inout [UInt8]
    ) {
        let value = decodedValue ?? UnsafeBufferPointer(rebasing: text[layout.value])
        // A decoded value may hold line breaks; one as written has none.
        let needsQuotedPrintable = !Charset.isASCII(value) || (decodedValue != nil && ByteSearch.firstLineBreak(in: value, from: 0, to: value.count) != nil)
        if needsQuotedPrintable {
            out.append(";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" as StaticString)
            let used = out.count - start
            QuotedPrintable.encode(value, firstLineUsed: used, lineEnding: lineEnding, appendingTo: &out)
            out.append(contentsOf: lineEnding)
            return
        }
        out.append(.colon)
        out.append(contentsOf: value)
        endLine(startingAt: start, in: &out)
    }

    /// What the canonical 2.1 line makes of a parameter as read.
    private enum Parameter21 {
        /// Nothing: an empty parameter (`;;`), `CHARSET`, a transfer encoding other than base64.
        case dropped
        /// A bare parameter: the word `;WORD` in upper case.
        case word
        /// `TYPE=`: each of the comma-separated words in the range `;WORD` in upper case.
        case types(Range<Int>)
        /// `;NAME=values`, the name (before the `=` at this index) in upper case.
        case named(equals: Int)
        /// One the general path has to decide on: base64, quotes, a value that is not a plain word.
        case general
    }

    /// What the canonical 2.1 line makes of the parameter `text[range]` as read: types as bare
    /// words (`;WORK;VOICE`), `CHARSET` and the transfer encodings dropped.
    private func parameter21(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Parameter21 {
        guard !range.isEmpty else { return .dropped }
        guard let equals = ParameterScanner.equalsSign(text, range) else {
            guard ParameterScanner.isEncodingKeyword(text, range) else { return .word }
            return isBase64Word(text, range) ? .general : .dropped
        }
        let name = UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals])
        guard Property.isValidName(name) else { return .general }
        let values = (equals + 1)..<range.upperBound
        if ASCII.equals(name, lowercased: "charset") { return .dropped }
        if ASCII.equals(name, lowercased: "encoding") {
            var start = values.lowerBound
            for i in values where text[i] == .comma || text[i] == .quote {
                if text[i] == .quote || isBase64Word(text, start..<i) { return .general }
                start = i + 1
            }
            return isBase64Word(text, start..<values.upperBound) ? .general : .dropped
        }
        if ASCII.equals(name, lowercased: "type") { return .types(values) }
        for i in values {
            let b = text[i]
            if b == .quote || b == .caret || b == .colon || b == .comma { return .general }
        }
        return .named(equals: equals)
    }

    /// Appends one 2.1 parameter the way the general path writes it (``parameter21(_:_:)``).
    /// `false` when the general path has to write it.
    private func appendParameter21(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) -> Bool {
        switch parameter21(text, range) {
        case .dropped:
            return true
        case .word:
            return appendTypeWord(text, range, to: &out)
        case .types(let values):
            var start = values.lowerBound
            for i in values.lowerBound...values.upperBound where i == values.upperBound || text[i] == .comma {
                if start < i, !appendTypeWord(text, start..<i, to: &out) { return false }
                start = i + 1
            }
            return true
        case .named(let equals):
            out.append(.semicolon)
            appendUppercased(text, range.lowerBound..<equals, to: &out)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[equals..<range.upperBound]))
            return true
        case .general:
            return false
        }
    }

    /// Whether the canonical 2.1 line writes the parameter `text[range]` as read, its `;` before
    /// it: a bare type word, or a parameter other than `TYPE`, `CHARSET` and `ENCODING` with a
    /// plain value, its name in upper case.
    private func parameter21IsCanonicalAsRead(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        switch parameter21(text, range) {
        case .word:
            let word = UnsafeBufferPointer(rebasing: text[range])
            return Property.isValidName(word) && !ASCII.hasLowercase(word)
        case .named(let equals):
            return !ASCII.hasLowercase(UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals]))
        case .dropped, .types, .general:
            return false
        }
    }

    /// `;WORD` in upper case, when the word has only letters, digits and `-` and is not one that
    /// a bare parameter would read as an encoding (`B`, `BASE64`, `QUOTED-PRINTABLE`, `7BIT`, `8BIT`).
    private func appendTypeWord(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) -> Bool {
        guard !ParameterScanner.isEncodingKeyword(text, range), Property.isValidName(UnsafeBufferPointer(rebasing: text[range]))
        else { return false }
        out.append(.semicolon)
        appendUppercased(text, range, to: &out)
        return true
    }

    private func isBase64Word(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let word = UnsafeBufferPointer(rebasing: text[range])
        return ASCII.equals(word, lowercased: "b") || ASCII.equals(word, lowercased: "base64")
    }

    /// The group, the `.`, and the name in upper case.
    private func startLine(_ text: UnsafeBufferPointer<UInt8>, _ layout: LineLayout, in out: inout [UInt8]) {
        if let group = layout.group {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[group]))
            out.append(.period)
        }
        appendUppercased(text, layout.name, to: &out)
    }

    /// Ends the line written from `start` on: folds it if it is longer than 75 octets (rare, so
    /// it is written first and folded after) or would read as a card boundary, then the line end.
    private func endLine(startingAt start: Int, in out: inout [UInt8]) {
        let fits = out.withUnsafeBufferPointer { Folding.fitsOnOneLine(UnsafeBufferPointer(rebasing: $0[start...])) }
        guard !fits else {
            // Byte by byte: appending the array took a reference count on it for every line.
            for byte in lineEnding { out.append(byte) }
            return
        }
        Folding.fold(&out, from: start, lineEnding: lineEnding)
    }

    /// Appends the bytes, then upper-cases the ASCII letters among them in place.
    private func appendUppercased(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        out.withUnsafeMutableBufferPointer { Self.uppercase($0, start..<$0.count) }
    }
}

extension SourceLine {
    /// ``LineWriter/writeFromSource(_:to:)`` for the line of an unchanged property.
    fileprivate func write(with writer: LineWriter, to out: inout [UInt8]) -> Bool {
        guard var decodedValue else { return withText { writer.writeLine($0, layout, decodedValue: nil, to: &out) } }
        return decodedValue.withUTF8 { decoded in withText { writer.writeLine($0, layout, decodedValue: decoded, to: &out) } }
    }
}
