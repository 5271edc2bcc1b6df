import Dispatch

/// The bytes of one card as ``CardFramer`` cuts them from the input (with any text before its
/// `BEGIN:VCARD`), not parsed yet. Chunks are independent, so they can be parsed on any thread.
@usableFromInline
struct CardChunk: Sendable {
    let bytes: [UInt8]
    /// The input line the chunk starts on.
    let firstLine: Int

    /// The card and what is wrong with it.
    @usableFromInline
    func parse(options: ParseOptions) -> (VCard, [Diagnostic]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = CardParser(storage: bytes, bytes: buffer, options: options)
            let card = parser.parseCard(0..<bytes.count, firstLine: firstLine)
            return (card, parser.diagnostics)
        }
    }

    /// The card read only to be checked: every line is checked as ``parse(options:)`` checks it,
    /// with the same diagnostics, but only the properties called one of `names` (any case)
    /// are made. `nil` for a card that only a parse in full reads right (``CardParser/needsFullParse``),
    /// or whose lossless copy is not the chunk's bytes: one without its `BEGIN` line.
    @usableFromInline
    func asRead(options: ParseOptions, keeping names: KeptNames) -> (card: CardAsRead, warnings: [Diagnostic])? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = CardParser(storage: bytes, bytes: buffer, options: options, keeping: names)
            let card = parser.parseCard(0..<bytes.count, firstLine: firstLine)
            guard parser.hasBegin, !parser.needsFullParse else { return nil }
            return (CardAsRead(bytes: bytes[...], properties: card.properties), parser.diagnostics)
        }
    }

    /// The card, its diagnostics added to `warnings`.
    /// - Throws: ``ParseError`` in strict mode: the card's first diagnostic.
    func parse(options: ParseOptions, warnings: inout [Diagnostic]) throws(ParseError) -> VCard {
        let (card, diagnostics) = parse(options: options)
        try options.accept(diagnostics, into: &warnings)
        return card
    }

    /// `work` applied to every chunk on up to `threads` threads, the results in chunk order.
    ///
    /// The chunks are dealt out in runs of consecutive cards, a few runs per thread, so that a
    /// thread that drew large cards (inline photos) does not hold the others up.
    @inlinable
    static func parseAll<T>(_ chunks: [CardChunk], threads: Int, _ work: (CardChunk) -> T) -> [T] {
        let runs = min(chunks.count, max(threads, 1) * 4)
        guard threads > 1, runs > 1 else { return chunks.map(work) }
        return Array(unsafeUninitializedCapacity: chunks.count) { buffer, count in
            withoutActuallyEscaping(work) { work in
                let shared = UncheckedSendable((work, buffer.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: runs) { run in
                    let (work, results) = shared.value
                    for i in (chunks.count * run / runs)..<(chunks.count * (run + 1) / runs) {
                        (results + i).initialize(to: work(chunks[i]))
                    }
                }
            }
            count = chunks.count
        }
    }
}

/// A batch of chunks being read (parsed and transformed, or only checked) in the background
/// while the reader cuts the next one.
@usableFromInline
final class ParsingBatch<T>: @unchecked Sendable {
    @usableFromInline let done = DispatchGroup()
    /// Written by the background work before `done` is left, read only after waiting for it.
    @usableFromInline var parsed: [(value: T, warnings: [Diagnostic])] = []

    /// Starts `read` on each chunk in the background; with one thread, reads right here instead,
    /// so that `threads: 1` uses one thread in all.
    @inlinable
    init(_ chunks: [CardChunk], threads: Int, read: @escaping @Sendable (CardChunk) -> (value: T, warnings: [Diagnostic])) {
        let work = { @Sendable in CardChunk.parseAll(chunks, threads: threads, read) }
        guard threads > 1 else {
            parsed = work()
            return
        }
        done.enter()
        DispatchQueue.global().async { [self] in
            parsed = work()
            done.leave()
        }
    }

    /// The cards in chunk order, once all are parsed.
    @inlinable
    func results() -> [(value: T, warnings: [Diagnostic])] {
        done.wait()
        return parsed
    }
}

/// Hands values to `concurrentPerform`'s threads that are safe there by construction: each thread
/// writes its own elements of a buffer, and `work` touches nothing shared but its argument.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
