/// Writes one property as a canonical content line of `version`.
///
/// Whatever a property's fields hold, the line written is one content line with the same number
/// of cards around it: names follow ``Property/writtenName(for:)``, ``Property/writtenGroup(for:)``
/// and ``Parameter/writtenName(for:)``; a line break in a value is escaped (`\n` in 3.0 and 4.0,
/// quoted-printable in 2.1, removed from base64); parameter values follow
/// ``appendParameterValue(_:to:)``; and ``Folding`` never lets a physical line read as
/// `BEGIN:VCARD` or `END:VCARD`.
struct LineWriter {
    let version: VCardVersion
    /// The version the property's value is escaped for.
    let sourceVersion: VCardVersion
    let lineEnding: [UInt8]
    /// Keep names and parameter names as spelled (a changed line in lossless output), rather than
    /// upper-casing them (normalized output).
    var keepsSpelling = false

    /// Appends the line of `property`; `isVersionLine` lets it be called `VERSION` (the card's
    /// first VERSION property, in lossless output).
    @inline(__always)
    func write(_ property: Property, isVersionLine: Bool = false, to out: inout [UInt8]) {
        if !writeFromSource(property, to: &out) { writeDecoded(property, isVersionLine: isVersionLine, to: &out) }
    }

    /// The general path of ``write(_:isVersionLine:to:)``: from the property's decoded fields.
    func writeDecoded(_ property: Property, isVersionLine: Bool, to out: inout [UInt8]) {
        if property.isMalformed {
            // Only a line read from a file is malformed (an edit clears it), so it has no line break.
            Folding.appendUnfolded(Array(property.value.utf8), to: &out, lineEnding: lineEnding)
            return
        }
        // Each field is decoded once here: a property read from a file decodes on every access.
        let name = property.name
        let nested = property.embeddedCard
        let allParameters = property.parameters
        // Binary by the decoder's rule (the last ENCODING counts): a value that a later ENCODING
        // made text is written as text, without the BASE64 it overrode. Line breaks mean nothing
        // in base64 data, so they are left out rather than escaped (a value as read has none).
        let isBinary = Parameter.isInlineBase64(allParameters)
        let rawValue = isBinary && !property.isUnchanged ? property.value.removingLineBreaks() : property.value
        let value = nested.map(nestedValue) ?? PropertyRules.Shape(name: name).reescape(rawValue, from: property.version, to: version)
        var line: [UInt8] = []
        line.reserveCapacity(value.utf8.count + 32)
        if let group = Property.writtenGroup(for: property.group) {
            line.append(contentsOf: group.utf8)
            line.append(.period)
        }
        let writtenName = Property.writtenName(for: name, isVersionLine: isVersionLine)
        line.append(contentsOf: (keepsSpelling ? writtenName : ASCII.uppercased(writtenName)).utf8)

        var parameters = mergingBareTypes(allParameters.filter { !$0.isTransferEncoding(inlineBase64: isBinary) })
        // A nested 2.1 card is written as lines of its own, not as one quoted-printable value.
        let needsQuotedPrintable =
            version == .v2_1 && !isBinary && nested == nil
            && value.utf8.contains { $0 >= 0x80 || $0 == .lf || $0 == .cr }
        if needsQuotedPrintable {
            parameters.append(Parameter(name: "CHARSET", values: ["UTF-8"]))
            parameters.append(Parameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"]))
        }
        for parameter in parameters { appendParameter(parameter, to: &line) }
        line.append(.colon)
        if needsQuotedPrintable {
            out.append(contentsOf: line)
            var text = value
            text.withUTF8 { QuotedPrintable.encode($0, firstLineUsed: line.count, lineEnding: lineEnding, appendingTo: &out) }
            out.append(contentsOf: lineEnding)
            return
        }
        if nested != nil && version == .v2_1 {
            // An agent in the 2.1 specification's form (§2.4.4): `AGENT:`, then the card on the
            // lines after it, which other 2.1 readers take as the agent too; a card nested in
            // another property stays on its line (`NOTE:BEGIN:VCARD`). Android's bare nested card
            // has no line of its own (``Property/nestedCardName``), unless the line before it is
            // `AGENT:`, whose card it would become: then it starts on an `X-NESTED-VCARD:` line.
            if property.hasName("AGENT") {
                out.append(contentsOf: line)
                out.append(contentsOf: lineEnding)
            } else if !property.hasName(Property.nestedCardName) || endsWithEmptyAgent(out) {
                out.append(contentsOf: line)
            }
            out.append(contentsOf: value.utf8)
            return
        }
        line.append(contentsOf: value.utf8)
        line.withUnsafeBufferPointer { Folding.appendFolded($0, to: &out, lineEnding: lineEnding) }
        if isBinary && version == .v2_1 { out.append(contentsOf: lineEnding) }  // 2.1 ends base64 with a blank line
    }

    /// 2.1 bare types (`;WORK;VOICE`) become one `TYPE=WORK,VOICE` in 3.0 and 4.0.
    private func mergingBareTypes(_ parameters: [Parameter]) -> [Parameter] {
        guard version != .v2_1, parameters.contains(where: { $0.isBare }) else { return parameters }
        var result: [Parameter] = []
        var typeIndex: Int?
        for p in parameters {
            guard p.isBare, p.hasName("TYPE") else { result.append(p); continue }
            if let typeIndex {
                result[typeIndex].values += p.values
            } else {
                typeIndex = result.count
                result.append(Parameter(name: "TYPE", values: p.values))
            }
        }
        return result
    }

    private func isBase64(_ parameter: Parameter) -> Bool {
        parameter.values.contains { ASCII.lowercased($0) == "b" || ASCII.lowercased($0) == "base64" }
    }

    private func appendParameter(_ parameter: Parameter, to line: inout [UInt8]) {
        line.append(.semicolon)
        if version == .v2_1 && (parameter.isBare || parameter.hasName("TYPE")) {
            // A bare type is a word; anything else (`BOTH WORK AND HOME`, `image/png`) is written
            // as TYPE=…, and an empty value not at all. So is a type spelled like an encoding
            // (`TYPE=B`, `TYPE=QUOTED-PRINTABLE`), which bare would read back as an ENCODING.
            // A value holding a list (a quoted 4.0 `TYPE="work,voice"`) is one type per item.
            var written = 0
            for v in parameter.values.flatMap({ $0.split(separator: ",").map(String.init) }) where !v.isEmpty {
                if written > 0 { line.append(.semicolon) }
                written += 1
                if v.utf8.allSatisfy(\.isNameByte),
                    !parameter.hasName("TYPE") || !Array(v.utf8).withUnsafeBufferPointer({ ParameterScanner.isEncodingKeyword($0, 0..<$0.count) })
                {
                    line.append(contentsOf: ASCII.uppercased(v).utf8)
                } else {
                    line.append(contentsOf: "TYPE=".utf8)
                    appendParameterValue(v, to: &line)
                }
            }
            if written == 0 { line.removeLast() }
            return
        }
        let name = Parameter.writtenName(for: parameter.name)
        var values = parameter.values
        if parameter.hasName("ENCODING"), isBase64(parameter) {
            values = [version == .v2_1 ? "BASE64" : "b"]
        }
        line.append(contentsOf: (keepsSpelling ? name : ASCII.uppercased(name)).utf8)
        line.append(.equals)
        for (i, v) in values.enumerated() {
            if i > 0 { line.append(.comma) }
            appendParameterValue(v, to: &line)
        }
    }

    /// Appends one parameter value so that it reads back as one value of this parameter.
    ///
    /// 3.0 and 4.0: in quotes when it holds `:` `;` `,`, a space or a line break, with RFC 6868
    /// caret escapes: `^^` for `^`, `^'` for `"`, `^n` for a line break (CR, LF or CRLF, read
    /// back as LF). RFC 6868 updates RFC 6350 only, but RFC 2426 has no way at all to write a `"`
    /// or a line break in a parameter value, so 3.0 uses it too (``VCardReader`` decodes it in
    /// both); a 3.0 reader that does not know it keeps `^'` and `^n` as text.
    ///
    /// 2.1 has neither quotes nor escapes in parameter values: each `"` `;` `:` `,` CR and LF
    /// (and each CRLF) becomes a space, the one form that cannot end the value, the parameter or
    /// the line.
    private func appendParameterValue(_ value: String, to line: inout [UInt8]) {
        let utf8 = value.utf8
        var previousWasCR = false
        guard version != .v2_1 else {
            for b in utf8 {
                defer { previousWasCR = b == .cr }
                switch b {
                case .quote, .semicolon, .colon, .comma, .cr: line.append(.space)
                case .lf: if !previousWasCR { line.append(.space) }
                default: line.append(b)
                }
            }
            return
        }
        let needsQuotes = utf8.contains { $0 == .colon || $0 == .semicolon || $0 == .comma || $0 == .space || $0 == .lf || $0 == .cr }
        if needsQuotes { line.append(.quote) }
        for b in utf8 {
            defer { previousWasCR = b == .cr }
            switch b {
            case .caret: line += [.caret, .caret]
            case .quote: line += [.caret, UInt8(ascii: "'")]
            case .cr: line += [.caret, UInt8(ascii: "n")]
            case .lf: if !previousWasCR { line += [.caret, UInt8(ascii: "n")] }
            default: line.append(b)
            }
        }
        if needsQuotes { line.append(.quote) }
    }

    /// A nested card: 2.1 writes its lines after `AGENT:`; 3.0 and 4.0 carry it as escaped text.
    private func nestedValue(_ card: VCard) -> String {
        guard version == .v2_1 else { return card.nestedText(in: version) }
        return String(decoding: VCardWriter(style: .canonical, version: version).encode([card]), as: UTF8.self)
    }
}
