#if canImport(Glibc)
import Glibc
#endif
import VCardParser

/// What both fuzz targets share: reporting a broken invariant so that libFuzzer keeps the input.
public enum Fuzz {
    /// Prints what broke, with the first differing bytes, and traps: libFuzzer reports a deadly
    /// signal and writes the input to its artifact file.
    public static func fail(_ invariant: String, expected: [UInt8] = [], actual: [UInt8] = []) -> Never {
        var message = "fuzz invariant broken: \(invariant)\n"
        if !expected.isEmpty || !actual.isEmpty {
            let common = zip(expected, actual).prefix { $0 == $1 }.count
            let from = max(0, common - 40)
            message += "  first difference at byte \(common) of \(expected.count) / \(actual.count)\n"
            message += "  expected: \(escaped(expected[from..<min(expected.count, common + 40)]))\n"
            message += "  actual:   \(escaped(actual[from..<min(actual.count, common + 40)]))\n"
        }
        var bytes = Array(message.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        fatalError(invariant)
    }

    /// Bytes as a Swift-like literal: printable ASCII as is, the rest as `\r`, `\n` or `\u{XX}`.
    public static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        var s = "\""
        for b in bytes {
            switch b {
            case 0x0D: s += "\\r"
            case 0x0A: s += "\\n"
            case 0x5C: s += "\\\\"
            case 0x22: s += "\\\""
            case 0x20...0x7E: s.unicodeScalars.append(Unicode.Scalar(b))
            default: s += "\\u{\(String(b, radix: 16, uppercase: true))}"
            }
        }
        return s + "\""
    }

    /// The card without what the canonical writer cannot write back the same, in nested cards
    /// too; the rest must be a fixed point.
    ///
    /// - Lines that are not vCard: lines the parser could not split (``Property/isMalformed``),
    ///   names and groups with characters other than letters, digits, `-` and `_` (the
    ///   `invalid-name` warning), and properties called `BEGIN` or `END` (only a folded
    ///   `BEGIN:VCARD` line gives one). The writer copies them as they are, and read again they
    ///   change meaning: a name starting with a space continues the line before it, and
    ///   `BEGIN:VCARD` starts a card.
    /// - Values that read as the start of a nested card (`X:BEGIN:VCARD`, folded in the input)
    ///   without being one: written on one line, they open a nested card.
    /// - Parameters whose names are not names (`;=x`, `;":="`, an `invalid-parameter` warning):
    ///   the writer copies them, or calls a missing name `TYPE`, and quotes or colons in them end
    ///   the parameters somewhere else when read again.
    /// - In 2.1, parameter values with a `"` or a line break: 2.1 has no way to write them, so
    ///   the writer leaves the quote out and makes the line break a space.
    /// - Lines whose name and parameters fill the first 75 octets, so that folding cuts them
    ///   before their `:` (as written, without the parameters above). Right after a quoted-printable or base64 value, the reader's rule for
    ///   exporters that wrap such values without a soft break or an indent (Gammu) takes that
    ///   first piece for more of the value.
    public static func withoutNonVCardLines(_ card: VCard) -> VCard {
        withoutNonVCardLines(card, writtenAs: card.version)
    }

    /// Nested cards are written in the version of the card that holds them.
    static func withoutNonVCardLines(_ card: VCard, writtenAs version: VCardVersion) -> VCard {
        var card = card
        card.properties.removeAll { !isVCardLine($0) }
        func unwritable(_ parameter: Parameter) -> Bool {
            !isName(parameter.name)
                || (version == .v2_1 && parameter.values.contains { $0.utf8.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D } })
        }
        for i in card.properties.indices {
            if card.properties[i].parameters.contains(where: unwritable) {
                card.properties[i].parameters.removeAll(where: unwritable)
            }
            if let nested = card.properties[i].embeddedCard {
                card.properties[i].embeddedCard = withoutNonVCardLines(nested, writtenAs: version)
            }
        }
        // On the lines as they are written: without the parameters above, a line can fold before
        // its `:` that did not (`R;":";TYPE=<69 octets>:`, whose quoted colon came first).
        card.properties.removeAll { foldsBeforeColon($0, version: version) }
        return card
    }

    static func isVCardLine(_ property: Property) -> Bool {
        if property.isMalformed || property.hasName("BEGIN") || property.hasName("END") { return false }
        if property.embeddedCard == nil && opensNestedCard(property.value) { return false }
        return isName(property.name) && (property.group.map(isName) ?? true)
    }

    /// Whether the first physical line the canonical writer makes of `property` has no `:`.
    static func foldsBeforeColon(_ property: Property, version: VCardVersion) -> Bool {
        if property.hasName("VERSION") { return false }
        let out = VCardWriter(style: .canonical).encode([VCard(version: version, properties: [property])])
        // BEGIN:VCARD, VERSION, then the property's first physical line.
        var lines = out.split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count > 2 else { return false }
        lines[2].removeLast(lines[2].last == 0x0D ? 1 : 0)
        return !lines[2].contains(0x3A)
    }

    /// Whether a value is `BEGIN:VCARD` (ignoring case and trailing spaces), the value of a line
    /// that opens a nested card.
    static func opensNestedCard(_ value: String) -> Bool {
        var bytes = Array(value.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self).uppercased() == "BEGIN:VCARD"
    }

    /// Fails unless `card`, and each card nested in it, was read in the version its own first
    /// VERSION property names (the value without the spaces and tabs around it; 3.0 when there
    /// is none or it names no version). A VERSION line with `ENCODING` or `CHARSET` is left out:
    /// the parser reads the version from the value as written, the property gives it decoded.
    public static func checkVersion(of card: VCard) {
        if let line = card.properties.first(where: { !$0.isMalformed && $0.hasName("VERSION") }),
            !line.parameters.contains(where: { $0.hasName("ENCODING") || $0.hasName("CHARSET") })
        {
            var value = Array(line.value.utf8)
            while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
            let named = VCardVersion(rawValue: String(decoding: value.drop { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)) ?? .v3
            if card.version != named {
                fail("a card read as \(card.version.rawValue) whose VERSION line names \(named.rawValue)", expected: Array(line.value.utf8))
            }
        } else if !card.properties.contains(where: { $0.hasName("VERSION") }), card.version != .v3 {
            fail("a card without VERSION read as \(card.version.rawValue)")
        }
        for nested in card.properties.compactMap(\.embeddedCard) { checkVersion(of: nested) }
    }

    /// Whether a line added at the end of `card` is read back as the card's last line. It is not
    /// when the card ends where the reader takes a following line as part of the last one: inside
    /// a nested card whose `END:VCARD` never comes (or whose `BEGIN:VCARD` lines do not pair up
    /// with its `END:VCARD` lines), or after a quoted-printable value that ends in a soft break.
    public static func keepsAppendedLine(_ card: VCard) -> Bool {
        var probe = card
        probe.append(Property(name: "X-FUZZ-PROBE", value: "1"))
        guard let back = decode(VCardWriter().encode([probe])), back.cards.count == 1 else { return false }
        return back.cards[0].properties.last?.hasName("X-FUZZ-PROBE") == true
    }

    static func isName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { b in
                (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
            }
    }

    /// Decodes in lenient mode; `nil` when a limit stopped it (the only error lenient mode throws).
    public static func decode(_ bytes: [UInt8]) -> VCardDecoder.Result? {
        try? VCardDecoder().decode(bytes)
    }
}
