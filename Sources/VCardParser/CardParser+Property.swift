extension CardParser {
    /// Builds the property of one logical line, reporting what is wrong with it.
    mutating func makeProperty(_ line: LogicalLine, version: VCardVersion, depth: Int) -> Property {
        if let unfolded = line.unfolded {
            return unfolded.withUnsafeBufferPointer { buffer in
                makeProperty(in: buffer, 0..<buffer.count, line: line, version: version, depth: depth)
            }
        }
        return makeProperty(in: bytes, line.content, line: line, version: version, depth: depth)
    }

    private mutating func makeProperty(
        in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: LogicalLine, version: VCardVersion, depth: Int
    ) -> Property {
        let lineNumber = line.line
        func string(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: text[r]), as: UTF8.self) }

        guard let parts = ContentLine.split(text, range) else {
            if !range.isEmpty, text[range.lowerBound] == UInt8(ascii: "#") {
                warn(.commentLine, line: lineNumber, "a line starting with '#' is not vCard; kept as it is and ignored")
            } else {
                warn(.malformedLine, line: lineNumber, "line has no ':' between name and value; kept as it is")
            }
            var property = Property(name: "", value: string(range), version: version)
            property.isMalformed = true
            return property
        }
        if parts.unterminatedQuote {
            warn(.unterminatedQuote, line: lineNumber, column: parts.name.upperBound - range.lowerBound + 1, "a '\"' in the parameters is never closed")
        }
        let name = string(parts.name)
        if !isValidName(text, parts.name) {
            warn(.invalidName, line: lineNumber, column: parts.name.lowerBound - range.lowerBound + 1, "property name '\(name)' has characters other than letters, digits and '-'")
        }
        var group: String?
        if let g = parts.group {
            group = string(g)
            if !isValidName(text, g) {
                warn(.invalidName, line: lineNumber, "group name '\(group!)' has characters other than letters, digits and '-'")
            }
        }
        var parameters: [Parameter] = []
        parameters.reserveCapacity(parts.parameters.count)
        for p in parts.parameters {
            if let parameter = makeParameter(text, p, version: version, line: lineNumber, column: p.lowerBound - range.lowerBound + 1) {
                parameters.append(parameter)
            }
        }
        var property = Property(group: group, name: name, parameters: parameters, value: "", version: version)
        property.value = decodeValue(text, parts.value, parameters: parameters, version: version, line: lineNumber,
                                     column: parts.value.lowerBound - range.lowerBound + 1)
        if line.marker == .nestedBegin {
            property.embedded = parseNested(line, depth: depth)
        }
        return property
    }

    private func isValidName(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for i in range {
            let b = text[i].asciiLowercased
            if !((b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F) { return false }
        }
        return true
    }

    private mutating func makeParameter(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion, line: Int, column: Int
    ) -> Parameter? {
        guard !range.isEmpty else {
            warn(.invalidParameter, line: line, column: column, "empty parameter")
            return nil
        }
        var equals: Int?
        for i in range where text[i] == .equals { equals = i; break }
        guard let equals else {
            // vCard 2.1 bare parameter: TEL;WORK;VOICE or PHOTO;BASE64.
            let value = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
            let name: String
            switch ASCII.lowercased(value) {
            case "quoted-printable", "base64", "b", "7bit", "8bit": name = "ENCODING"
            default: name = "TYPE"
            }
            if version != .v2_1, name == "TYPE" {
                warn(.invalidParameter, line: line, column: column, "bare parameter '\(value)' is vCard 2.1 syntax; read as TYPE=\(value)")
            }
            return Parameter(name: name, values: [value], isBare: true)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[range.lowerBound..<equals]), as: UTF8.self)
        if !isValidName(text, range.lowerBound..<equals) {
            warn(.invalidParameter, line: line, column: column, "parameter name '\(name)' is not a valid name")
        }
        var values: [String] = []
        var start = equals + 1
        var inQuotes = false
        var i = start
        while i <= range.upperBound {
            if i == range.upperBound || (!inQuotes && text[i] == .comma) {
                values.append(parameterValue(text, start..<i, version: version))
                start = i + 1
            } else if text[i] == .quote {
                inQuotes.toggle()
            }
            i += 1
        }
        return Parameter(name: name, values: values)
    }

    /// One parameter value without its quotes, with RFC 6868 caret escapes decoded (3.0 and 4.0).
    private func parameterValue(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion) -> String {
        var r = range
        if r.count >= 2, text[r.lowerBound] == .quote, text[r.upperBound - 1] == .quote {
            r = (r.lowerBound + 1)..<(r.upperBound - 1)
        }
        let slice = UnsafeBufferPointer(rebasing: text[r])
        guard version != .v2_1, slice.contains(.caret) else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < slice.count {
            if slice[i] == .caret, i + 1 < slice.count {
                switch slice[i + 1] {
                case UInt8(ascii: "n"): out.append(.lf); i += 2; continue
                case .caret: out.append(.caret); i += 2; continue
                case UInt8(ascii: "'"): out.append(.quote); i += 2; continue
                default: break
                }
            }
            out.append(slice[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the value bytes to text: quoted-printable first, then the charset.
    private mutating func decodeValue(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, parameters: [Parameter], version: VCardVersion, line: Int, column: Int
    ) -> String {
        let valueBytes = UnsafeBufferPointer(rebasing: text[range])
        if parameters.isEmpty || !parameters.contains(where: { $0.isTransferEncoding || $0.hasName("ENCODING") }) {
            // The common case: UTF-8 text, no transfer encoding.
            let value: String
            if let s = Charset.utf8(valueBytes) {
                value = s
            } else {
                value = Charset.windows1252(valueBytes)
                warn(.invalidUTF8, line: line, column: column, "bytes are not valid UTF-8 and no CHARSET is given; decoded as Windows-1252")
            }
            checkEscapes(value, version: version, line: line, column: column)
            return value
        }
        var encoding: String?
        var charset: String?
        for p in parameters {
            if p.hasName("ENCODING") { encoding = p.values.first.map(ASCII.lowercased) }
            if p.hasName("CHARSET") { charset = p.values.last }
        }
        var decodedBytes: [UInt8]?
        var isBinary = false
        switch encoding {
        case nil, "7bit", "8bit": break
        case "quoted-printable":
            var malformed = false
            decodedBytes = QuotedPrintable.decode(valueBytes, malformed: &malformed)
            if malformed { warn(.badQuotedPrintable, line: line, column: column, "'=' not followed by two hex digits; kept as it is") }
        case "b", "base64":
            isBinary = true
        case let other?:
            warn(.unknownEncoding, line: line, column: column, "unknown ENCODING '\(other)'; value kept as text")
        }
        let outcome: Charset.Outcome
        if let decodedBytes {
            outcome = Charset.decode(decodedBytes, charset: charset)
        } else {
            outcome = Charset.decode(valueBytes, charset: charset)
        }
        let value: String
        switch outcome {
        case .decoded(let s): value = s
        case .fellBack(let s):
            value = s
            warn(.invalidUTF8, line: line, column: column, charset.map { "bytes are not valid \($0); decoded as Windows-1252" } ?? "bytes are not valid UTF-8 and no CHARSET is given; decoded as Windows-1252")
        case .unknownCharset(let s):
            value = s
            warn(.unknownCharset, line: line, column: column, "unknown CHARSET '\(charset ?? "")'; decoded as UTF-8")
        }
        if !isBinary { checkEscapes(value, version: version, line: line, column: column) }
        return value
    }

    private mutating func checkEscapes(_ value: String, version: VCardVersion, line: Int, column: Int) {
        guard version != .v2_1, let first = Escaping.invalidEscapeOffsets(value).first else { return }
        warn(.badEscape, line: line, column: column + first, "backslash escape that vCard \(version.rawValue) does not define; kept as written")
    }

    private mutating func parseNested(_ line: LogicalLine, depth: Int) -> EmbeddedCard? {
        guard depth < options.limits.maxNestingDepth else {
            warn(.limitExceeded, line: line.line, "nested cards deeper than \(options.limits.maxNestingDepth) are kept as raw text")
            return nil
        }
        guard let agentLine = LineScanner.line(in: bytes, from: line.raw.lowerBound, limit: line.raw.upperBound, atEnd: true) else { return nil }
        let card = parseCard(agentLine.end..<line.raw.upperBound, firstLine: line.line + 1, depth: depth + 1)
        return EmbeddedCard(card)
    }
}
