/// A nested card as the text of a property, the form vCard 3.0 and 4.0 give it (RFC 2426
/// §3.5.4: `AGENT:BEGIN:VCARD\nFN:Susan Thomas\n…END:VCARD`), and back.
///
/// ```swift
/// let text = agent.nestedText(in: .v3)   // #"BEGIN:VCARD\nVERSION:3.0\nFN:Jo\nEND:VCARD"#
/// let card = VCard.nested(inText: Escaping.unescape(text, for: .v3))
/// ```
extension VCard {
    /// The names of the properties whose text is read back as a nested card in 2.1.
    static let nestingNames = ["AGENT", Property.nestedCardName]

    /// The card written canonically in `version`, without the line end after its `END:VCARD`,
    /// escaped as a text value of `version` (its CRLFs become `\n`).
    func nestedText(in version: VCardVersion) -> String {
        var bytes = VCardWriter(style: .canonical, version: version).encode([self])
        while let last = bytes.last, last == .lf || last == .cr { bytes.removeLast() }
        return Escaping.escape(String(decoding: bytes, as: UTF8.self), for: version)
    }

    /// The one card that unescaped `text` holds, when it is a whole vCard (from a clean
    /// `BEGIN:VCARD` line to its `END:VCARD`) and nothing else.
    static func nested(inText text: String) -> VCard? {
        let structural: [DiagnosticCode] = [.malformedBegin, .malformedEnd, .missingEnd, .junkOutsideCard]
        guard ASCII.equals(text.utf8.prefix(11), lowercased: "begin:vcard"),
            let result = try? VCardDecoder().decode(text), result.cards.count == 1,
            !result.warnings.contains(where: { structural.contains($0.code) })
        else { return nil }
        return result.cards[0]
    }
}

extension VersionConversion {
    /// Nested cards become text in 3.0 and 4.0, and the text of an `AGENT` or
    /// ``Property/nestedCardName`` property that is a whole vCard becomes a nested card in 2.1.
    static func carryNestedCards(_ properties: inout [Property], to target: VCardVersion) {
        for i in properties.indices {
            var p = properties[i]
            if target != .v2_1, let nested = p.embeddedCard {
                p.embeddedCard = nil
                p.version = target
                p.value = nested.nestedText(in: target)
            } else if target == .v2_1, p.embeddedCard == nil, VCard.nestingNames.contains(where: p.hasName),
                let nested = VCard.nested(inText: p.text)
            {
                p.value = ""
                p.embeddedCard = nested
                p.parameters.removeAll { $0.hasName("VALUE") }
            } else {
                continue
            }
            properties[i] = p
        }
    }
}

extension LineWriter {
    /// Whether the last line of `out` is `AGENT:` with an empty value: a bare `BEGIN:VCARD` right
    /// after it would read as the agent's card (vCard 2.1 §2.4.4).
    func endsWithEmptyAgent(_ out: [UInt8]) -> Bool {
        guard out.count > lineEnding.count, out.suffix(lineEnding.count).elementsEqual(lineEnding) else { return false }
        let end = out.count - lineEnding.count
        // A quick look first: the line ends in `:`, but for spaces and tabs (`AGENT:` then a tab
        // is empty too, as the reader has it).
        var last = end - 1
        while last > 0, out[last].isFoldingWhitespace { last -= 1 }
        guard out[last] == .colon else { return false }
        var start = end
        while start > 0, out[start - 1] != .lf, out[start - 1] != .cr { start -= 1 }
        return out.withUnsafeBufferPointer { LineScanner.isEmptyAgent(PhysicalLine(start: start, contentEnd: end, end: end), in: $0) }
    }
}
