/// The bytes of one card as ``CardFramer`` cuts them from the input (with any text before its
/// `BEGIN:VCARD`), not parsed yet. Chunks are independent, so they can be parsed on any thread.
@usableFromInline
struct CardChunk: Sendable {
    let bytes: [UInt8]
    /// The input line the chunk starts on.
    let firstLine: Int

    /// The card and what is wrong with it, parsed in `buffers`, which the caller keeps from
    /// card to card.
    @usableFromInline
    func parse(options: ParseOptions, buffers: inout ParseBuffers) -> (VCard, [Diagnostic]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = CardParser(storage: bytes, bytes: buffer, options: options, buffers: &buffers.lines)
            let card = parser.parseCard(0..<bytes.count, firstLine: firstLine)
            parser.giveBack(&buffers.lines)
            return (card, parser.diagnostics)
        }
    }

    /// The card read only to be checked: every line is checked as ``parse(options:buffers:)``
    /// checks it (in `buffers` too), with the same diagnostics, but only the properties called
    /// one of `names` (any case) are made. With `validating`, the card is also checked as
    /// ``CardValidator/findings(in:)`` checks it, on the bytes of each line as it is read
    /// (``CardChecker``), and the few properties those checks need are made too. With a
    /// `writer` (canonical or converting), the card is written as its lines are read
    /// (``CanonicalCardWriter``, ``CardAsRead/written``). `nil` for a card that only a parse in
    /// full reads right (``CardParser/needsFullParse``) or writes right (the writer gave it up),
    /// or whose lossless copy is not the chunk's bytes: one without its `BEGIN` line.
    @usableFromInline
    func asRead(
        options: ParseOptions, keeping names: KeptNames, validating: Bool, writing writer: VCardWriter? = nil, buffers: inout ParseBuffers
    ) -> (card: CardAsRead, warnings: [Diagnostic])? {
        if let writer {
            precondition(!validating, "a reader that writes cards as read does not validate them")
            if buffers.canonical.map({ $0.version != writer.version }) ?? true { buffers.canonical = CanonicalCardWriter(version: writer.version) }
            return withUnsafeMutablePointer(to: &buffers.canonical!) {
                asRead(options: options, keeping: names, checker: nil, canonical: $0, buffers: &buffers.lines)
            }
        }
        guard validating else { return asRead(options: options, keeping: names, checker: nil, canonical: nil, buffers: &buffers.lines) }
        // A line the checker needs becomes a property before its name is looked at: its value
        // would go unplaced (``VCardReader/AsRead`` never asks for both).
        precondition(!names.valuesOnly, "a reader that validates keeps no values by place")
        if buffers.checker == nil { buffers.checker = CardChecker() }
        buffers.checker!.startCard()
        return withUnsafeMutablePointer(to: &buffers.checker!) { asRead(options: options, keeping: names, checker: $0, canonical: nil, buffers: &buffers.lines) }
    }

    /// Inlined into each call: out of line, the card read was built and handed back through
    /// memory once more a card.
    @inline(__always)
    private func asRead(
        options: ParseOptions, keeping names: KeptNames, checker: UnsafeMutablePointer<CardChecker>?, canonical: UnsafeMutablePointer<CanonicalCardWriter>?,
        buffers: inout LineBuffers
    ) -> (card: CardAsRead, warnings: [Diagnostic])? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = CardParser(storage: bytes, bytes: buffer, options: options, buffers: &buffers, keeping: names, checker: checker, canonical: canonical)
            let card = parser.parseCard(0..<bytes.count, firstLine: firstLine)
            parser.giveBack(&buffers)
            guard parser.hasBegin, !parser.needsFullParse else { return nil }
            var outcome = CardAsRead.Outcome.none
            if let checker { outcome = .findings(checker.pointee.takeFindings()) }
            if let canonical {
                guard let written = canonical.pointee.finish() else { return nil }
                outcome = .written(written)
            }
            let read = CardAsRead(
                bytes: bytes[...], line: card.line, properties: card.properties, values: names.valuesOnly ? parser.keptValues : .notKept, outcome: outcome)
            return (read, parser.diagnostics)
        }
    }

    /// The card, parsed in `buffers`, its diagnostics added to `warnings`.
    /// - Throws: ``ParseError`` in strict mode: the card's first diagnostic.
    func parse(options: ParseOptions, buffers: inout ParseBuffers, warnings: inout [Diagnostic]) throws(ParseError) -> VCard {
        let (card, diagnostics) = parse(options: options, buffers: &buffers)
        try options.accept(diagnostics, into: &warnings)
        return card
    }
}
