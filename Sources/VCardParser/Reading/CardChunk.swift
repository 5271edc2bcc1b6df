import Dispatch

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
    /// (``CardChecker``), and the few properties those checks need are made too. `nil` for a
    /// card that only a parse in full reads right (``CardParser/needsFullParse``), or whose
    /// lossless copy is not the chunk's bytes: one without its `BEGIN` line.
    @usableFromInline
    func asRead(options: ParseOptions, keeping names: KeptNames, validating: Bool, buffers: inout ParseBuffers) -> (card: CardAsRead, warnings: [Diagnostic])? {
        guard validating else { return asRead(options: options, keeping: names, checker: nil, buffers: &buffers.lines) }
        if buffers.checker == nil { buffers.checker = CardChecker() }
        buffers.checker!.startCard()
        return withUnsafeMutablePointer(to: &buffers.checker!) { asRead(options: options, keeping: names, checker: $0, buffers: &buffers.lines) }
    }

    private func asRead(
        options: ParseOptions, keeping names: KeptNames, checker: UnsafeMutablePointer<CardChecker>?, buffers: inout LineBuffers
    ) -> (card: CardAsRead, warnings: [Diagnostic])? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = CardParser(storage: bytes, bytes: buffer, options: options, buffers: &buffers, keeping: names, checker: checker)
            let card = parser.parseCard(0..<bytes.count, firstLine: firstLine)
            parser.giveBack(&buffers)
            guard parser.hasBegin, !parser.needsFullParse else { return nil }
            let read = CardAsRead(bytes: bytes[...], line: card.line, properties: card.properties, findings: checker?.pointee.takeFindings())
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

    /// `work` applied to every chunk on up to `threads` threads, each result initializing its
    /// place in `results` (as many as there are chunks, in chunk order). `work` gets the
    /// ``ParseBuffers`` that each run of chunks keeps from card to card.
    ///
    /// The chunks are dealt out in runs of consecutive cards, a few runs per thread, so that a
    /// thread that drew large cards (inline photos) does not hold the others up.
    @inlinable
    static func parseAll<T>(_ chunks: [CardChunk], into results: UnsafeMutablePointer<T>, threads: Int, _ work: (CardChunk, inout ParseBuffers) -> T) {
        let runs = min(chunks.count, max(threads, 1) * 4)
        guard threads > 1, runs > 1 else {
            var buffers = ParseBuffers()
            for i in chunks.indices { (results + i).initialize(to: work(chunks[i], &buffers)) }
            return
        }
        withoutActuallyEscaping(work) { work in
            let shared = UncheckedSendable((work, results))
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                let (work, results) = shared.value
                var buffers = ParseBuffers()
                for i in (chunks.count * run / runs)..<(chunks.count * (run + 1) / runs) {
                    (results + i).initialize(to: work(chunks[i], &buffers))
                }
            }
        }
    }
}

/// A batch of chunks being read (parsed and transformed, or only checked) in the background
/// while the reader cuts the next one.
///
/// The results are kept in a buffer of its own rather than an array, and moved out of it one
/// by one as they are delivered: each is destroyed by the caller's specialized code once its
/// card is handled. An array of them would be destroyed by the runtime's generic code, a
/// value-witness call for each field of each card's result.
@usableFromInline
final class ParsingBatch<T>: @unchecked Sendable {
    @usableFromInline let done = DispatchGroup()
    /// Written by the background work before `done` is left, read only after waiting for it.
    @usableFromInline let results: UnsafeMutablePointer<(value: T, warnings: [Diagnostic])>
    @usableFromInline let count: Int
    /// How many results were moved out (``deliver(_:)``); the others are still in `results`.
    @usableFromInline var delivered = 0

    /// Starts `read` on each chunk in the background; with one thread, reads right here instead,
    /// so that `threads: 1` uses one thread in all.
    @inlinable
    init(_ chunks: [CardChunk], threads: Int, read: @escaping @Sendable (CardChunk, inout ParseBuffers) -> (value: T, warnings: [Diagnostic])) {
        count = chunks.count
        results = .allocate(capacity: chunks.count)
        guard threads > 1 else {
            CardChunk.parseAll(chunks, into: results, threads: threads, read)
            return
        }
        let results = UncheckedSendable(results)
        done.enter()
        DispatchQueue.global().async { [done] in
            CardChunk.parseAll(chunks, into: results.value, threads: threads, read)
            done.leave()
        }
    }

    /// Once all are read, passes each result in chunk order to `body`, moved out of the batch:
    /// `body` owns it. A result that `body` did not get (it threw) is destroyed with the batch.
    @inlinable
    func deliver(_ body: (T, [Diagnostic]) throws -> Void) rethrows {
        done.wait()
        while delivered < count {
            let (value, warnings) = (results + delivered).move()
            delivered += 1
            try body(value, warnings)
        }
    }

    /// Waits for the background work first: a batch dropped early (the body threw, the input
    /// stopped) leaves no parse running.
    deinit {
        done.wait()
        (results + delivered).deinitialize(count: count - delivered)
        results.deallocate()
    }
}

/// Hands values to `concurrentPerform`'s threads that are safe there by construction: each thread
/// writes its own elements of a buffer, and `work` touches nothing shared but its argument.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
