/// Writes cards as vCard text.
///
/// The lossless style copies every unchanged card and property byte for byte and writes only
/// changed properties canonically; the canonical style writes everything afresh (CRLF, names in
/// upper case, folding at 75 octets), optionally in another version.
///
/// No card given can make more or fewer cards in the output, whatever its fields hold: a group,
/// property or parameter name that is not letters, digits and `-`, or a property called `BEGIN`,
/// `END` or a second `VERSION`, is written under the name ``Property/writtenName(for:)`` gives;
/// line breaks in values are escaped; a 2.1 parameter value loses the characters 2.1 cannot
/// quote; and no line reads as `BEGIN:VCARD` or `END:VCARD` unless it is one. Lines copied
/// unchanged from the input (lossless style) were read as they are.
///
/// ```swift
/// let writer = VCardWriter()                        // lossless
/// var out: [UInt8] = []
/// writer.write(card, to: &out)
/// let v3 = VCardWriter(style: .canonical, version: .v3).encode([card])
/// ```
public struct VCardWriter: Sendable {
    /// How much of the input is kept.
    public enum Style: Sendable {
        /// Bytes as read wherever nothing changed.
        case lossless
        /// Everything rewritten canonically.
        case canonical
    }

    /// Lossless or canonical.
    public var style: Style
    /// The version to write; `nil` keeps each card's own. Setting it implies canonical output.
    public var version: VCardVersion?

    /// A writer; giving a `version` converts every card to it, canonically.
    public init(style: Style = .lossless, version: VCardVersion? = nil) {
        self.style = style
        self.version = version
    }

    /// All cards, one after the other.
    public func encode(_ cards: [VCard]) -> [UInt8] {
        var out: [UInt8] = []
        for card in cards { write(card, to: &out) }
        return out
    }

    /// Appends one card to `out`.
    public func write(_ card: VCard, to out: inout [UInt8]) {
        var notices: [Diagnostic] = []
        write(card, to: &out, notices: &notices)
    }

    /// Appends one card to `out`, with a notice for each property a version conversion had to
    /// derive (``VCard/converted(to:notices:)``).
    ///
    /// ```swift
    /// var notices: [Diagnostic] = []
    /// VCardWriter(version: .v3).write(card, to: &out, notices: &notices)
    /// for notice in notices { print("contacts.vcf:\(notice)") }
    /// ```
    public func write(_ card: VCard, to out: inout [UInt8], notices: inout [Diagnostic]) {
        if style == .lossless && version == nil {
            writeLossless(card, to: &out)
        } else {
            writeCanonical(card, version: version ?? card.version, to: &out, notices: &notices)
        }
    }

    /// What this writer writes for `card` when it copies the card whole (lossless style, every
    /// property as read): the bytes the card was read from, shared rather than copied; `nil`
    /// when the card is written line by line.
    ///
    /// ```swift
    /// if let bytes = writer.wholeCopy(of: card) { output.append(contentsOf: bytes) }
    /// ```
    package func wholeCopy(of card: VCard) -> ArraySlice<UInt8>? {
        copiesWhole ? card.bytesAsRead : nil
    }

    /// Whether this writer writes a card read and not changed as the bytes it was read from
    /// (lossless style, no version to convert to).
    package var copiesWhole: Bool { style == .lossless && version == nil }

    /// What this writer writes for `card`: its ``wholeCopy(of:)`` when it has one, else the card
    /// written afresh.
    package func written(_ card: VCard) -> ArraySlice<UInt8> {
        wholeCopy(of: card) ?? encode([card])[...]
    }

    private func writeLossless(_ card: VCard, to out: inout [UInt8]) {
        guard let begin = card.rawBegin else {
            var notices: [Diagnostic] = []
            writeCanonical(card, version: card.version, to: &out, notices: &notices)
            return
        }
        if let bytes = card.bytesAsRead {
            out.append(contentsOf: bytes)
            return
        }
        makeRoom(for: card, in: &out)
        out.append(contentsOf: card.rawPrefix)
        out.append(contentsOf: begin)
        let lineWriter = LineWriter(version: card.version, sourceVersion: card.version, lineEnding: card.lineEnding, keepsSpelling: true)
        let versionIndex = card.properties.firstIndex { $0.hasName("VERSION") }
        var separation = LineSeparation()
        for index in card.properties.indices {
            var start = out.count  // its blank lines, then its line
            if let raw = card.properties[index].rawWithTrivia {
                out.append(contentsOf: raw)
            } else {
                out.append(contentsOf: card.properties[index].leadingTrivia)
                endLine(&out, card.lineEnding)
                start = out.count
                lineWriter.write(card.properties[index], isVersionLine: index == versionIndex, to: &out)
            }
            separation.wrote(isMalformed: card.properties[index].isMalformed, from: start, in: &out, lineEnding: card.lineEnding)
        }
        if let end = card.rawEnd, !end.isEmpty {
            endLine(&out, card.lineEnding)
            out.append(contentsOf: end)
        } else if card.rawEnd == nil {
            endLine(&out, card.lineEnding)
            out.append(contentsOf: Array("END:VCARD".utf8) + card.lineEnding)
        }
    }

    /// Makes room in `out` for about the size of the card as read, at once: growing line by line
    /// made a card's output move several times. Doubling when the buffer is full keeps many cards
    /// written into one buffer linear.
    private func makeRoom(for card: VCard, in out: inout [UInt8]) {
        let room = card.sourceBytes.count + 128
        if out.capacity - out.count < room { out.reserveCapacity(Swift.max(out.count + room, out.capacity * 2)) }
    }

    /// Starts a new line if the bytes so far end in the middle of one (input without a final line end).
    private func endLine(_ out: inout [UInt8], _ lineEnding: [UInt8]) {
        if let last = out.last, last != .lf, last != .cr { out.append(contentsOf: lineEnding) }
    }

    private func writeCanonical(_ original: VCard, version: VCardVersion, to out: inout [UInt8], notices: inout [Diagnostic]) {
        // A card already in `version` is written as it is: `converted(to:)` would return a copy
        // (a reference count on each of its fields).
        if original.version == version {
            writeCanonical(original, readAs: original, to: &out)
        } else {
            writeCanonical(original.converted(to: version, notices: &notices), readAs: original, to: &out)
        }
    }

    /// Writes `card`, already in the version to write, whose unchanged lines may lie in the bytes
    /// `original` (the card as read) was read from.
    private func writeCanonical(_ card: VCard, readAs original: VCard, to out: inout [UInt8]) {
        makeRoom(for: original, in: &out)
        CanonicalLines.appendBegin(card.version, to: &out)
        // The card's first VERSION property is the line above; another one is not dropped but
        // written as X-VERSION by the line writer.
        let versionIndex = card.firstIndex(named: "VERSION")
        var lines = CanonicalLines(version: card.version)
        // The properties are lent from the array's buffer and the unchanged lines written from
        // the card's bytes in place: passing an element to a call copies it.
        original.sourceBytes.withUnsafeBufferPointer { cardBytes in
            let storage = cardBytes.baseAddress.map { $0 - original.sourceBytes.startIndex }
            card.properties.withUnsafeBufferPointer { properties in
                for index in properties.indices where index != versionIndex {
                    let line = lines.writer.lineInStorage(properties, index, at: storage)
                    if let line, lines.write(line.text, line.layout, decodedValue: nil, to: &out) { continue }
                    lines.flush(to: &out)
                    let start = out.count
                    if line != nil {
                        // Not written from its bytes: the general path, without trying them again.
                        lines.writer.writeDecoded(properties[index], isVersionLine: false, to: &out)
                    } else {
                        lines.writer.write(properties[index], to: &out)
                    }
                    lines.wrote(isMalformed: properties[index].isMalformed, from: start, in: &out)
                }
                lines.flush(to: &out)
            }
        }
        CanonicalLines.appendEnd(to: &out)
    }
}
