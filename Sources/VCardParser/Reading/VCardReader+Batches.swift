/// The parallel driver: cards cut on the calling thread, parsed in batches on others (and on
/// the calling thread while it waits for a batch), delivered in input order.
extension VCardReader {
    /// Reads every card, parsing on up to `threads` threads (the calling thread and `threads - 1`
    /// others) and applying `transform` there, and calls `body` with the results in input order
    /// on the calling thread. `diagnostics` gets
    /// every warning in input order (each card's before `body` sees the card, and the reader's
    /// own: UTF-16 input, text after the last card).
    ///
    /// Cards are independent once cut from the input, so this is how a pipe gets the speed of
    /// several cores: the next batch of about `batchBytes` is cut and parsed while `body`
    /// handles the one before, and `transform` can write each card out, too.
    ///
    /// ```swift
    /// var reader = try VCardReader(path: "contacts.vcf")
    /// let writer = VCardWriter(style: .canonical)
    /// var output: [UInt8] = []
    /// try reader.forEachCard(threads: 2, transform: { writer.encode([$0]) },
    ///                        diagnostics: { print("contacts.vcf:\($0)") }) { bytes in
    ///     output.append(contentsOf: bytes)
    /// }
    /// ```
    ///
    /// With `asRead`, a card is first read only to be checked: its lines are checked, with the
    /// same diagnostics, but only the properties `asRead` names are made, and `asRead` gets
    /// them with the bytes the card was read from (what the lossless writer writes for it). When
    /// it returns `nil`, the card is parsed in full and `transform` gets it after all, as does a
    /// card that only a full parse reads right, without `asRead` seeing it: one without its
    /// `BEGIN` line or a known VERSION, with a nested card, or with a line long enough to hold
    /// more inline data than allowed. A pipe that passes cards through, or a search that parses
    /// only the cards that can match, then costs about a read:
    ///
    /// ```swift
    /// let byEmail = VCardReader.AsRead<ArraySlice<UInt8>>(keeping: ["EMAIL"]) { card in
    ///     card.properties.contains { $0.text == "ann@example.com" } ? nil : card.bytes
    /// }
    /// try reader.forEachCard(threads: 2, transform: { writer.encode([edited($0)])[...] }, asRead: byEmail,
    ///                        diagnostics: { print("contacts.vcf:\($0)") }) { bytes in
    ///     output.append(contentsOf: bytes)
    /// }
    /// ```
    /// `preparing`, when given, gets each result of a batch in turn, on the calling thread, before
    /// `body` gets the first of them: a chance to start what `body` will need of each (loading
    /// memory that `body` reads, as `vcardtool validate` does for its table of UIDs). What it
    /// changes in a result is what `body` gets.
    ///
    /// - Throws: what ``next()`` throws, or what `body` throws, once the cards before the problem
    ///   went through `body`.
    @inlinable
    public mutating func forEachCard<T>(
        threads: Int, batchBytes: Int = 1 << 19, transform: @escaping @Sendable (VCard) -> T, asRead: AsRead<T>? = nil,
        preparing: (inout T) -> Void = { _ in }, diagnostics: (Diagnostic) -> Void, _ body: (T) throws -> Void
    ) throws {
        let options = self.options
        let parse: @Sendable (CardChunk, inout ParseBuffers) -> (value: T, warnings: [Diagnostic]) = { chunk, buffers in
            let (card, warnings) = chunk.parse(options: options, buffers: &buffers)
            return (transform(card), warnings)
        }
        // Two closures rather than one that unwraps `asRead` for each card: the unwrapped copy
        // cost two reference counts a card.
        let read: @Sendable (CardChunk, inout ParseBuffers) -> (value: T, warnings: [Diagnostic])
        if let asRead {
            let keptNames = KeptNames(asRead.names, valuesOnly: asRead.keepsValuesOnly)
            read = { chunk, buffers in
                if let (card, warnings) = chunk.asRead(
                    options: options, keeping: keptNames, validating: asRead.validates, writing: asRead.writer, buffers: &buffers),
                    let value = asRead.read(card)
                {
                    return (value, warnings)
                }
                return parse(chunk, &buffers)
            }
        } else {
            read = parse
        }
        // The calling thread reads too, while it waits for a batch (or all of it, on one
        // thread), keeping its buffers from batch to batch: one thread fewer started.
        let workers = threads > 1 ? ParsingWorkers(limit: threads - 1) : nil
        var buffers = ParseBuffers()
        var parsing: ParsingBatch<T>?  // when it is dropped, it waits for its parse to end
        while true {
            let chunks: [CardChunk]
            do {
                chunks = try cutBatch(upTo: batchBytes)
            } catch {
                if let batch = parsing { try deliver(batch, helping: &buffers, ahead: nil, preparing: preparing, diagnostics, body) }
                parsing = nil
                throw error
            }
            let next = chunks.isEmpty ? nil : ParsingBatch(chunks, workers: workers, buffers: &buffers, read: read)
            if let batch = parsing {
                parsing = next
                try deliver(batch, helping: &buffers, ahead: next, preparing: preparing, diagnostics, body)
            } else {
                parsing = next
            }
            guard parsing != nil else { break }
            // The first batch: the reader's warnings so far (UTF-16 input) come before its cards.
            for d in takeWarnings() { diagnostics(d) }
        }
        try finishInput()
        for d in takeWarnings() { diagnostics(d) }
    }

    /// Up to about `size` bytes of cards, at least one unless the input has ended. A limit hit
    /// after some cards were cut returns those; the next call throws it.
    @usableFromInline
    mutating func cutBatch(upTo size: Int) throws -> [CardChunk] {
        var chunks: [CardChunk] = []
        var total = 0
        do {
            while total < size, let chunk = try nextChunk() {
                total += chunk.bytes.count
                chunks.append(chunk)
            }
        } catch let error as ParseError where stoppedByLimit {
            if chunks.isEmpty { throw error }
        }
        return chunks
    }

    @inlinable
    func deliver<T>(
        _ batch: ParsingBatch<T>, helping buffers: inout ParseBuffers, ahead: ParsingBatch<T>?, preparing: (inout T) -> Void, _ diagnostics: (Diagnostic) -> Void,
        _ body: (T) throws -> Void
    ) throws {
        try batch.deliver(helping: &buffers, ahead: ahead, preparing: preparing) { value, warnings in
            try options.accept(warnings)
            for d in warnings { diagnostics(d) }
            try body(value)
        }
    }
}
