import Dispatch

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

    /// Starts `read` on each chunk on `workers`' threads; without workers, reads right here
    /// instead, so that one thread is one thread in all.
    ///
    /// The chunks are dealt out in runs of consecutive cards, a few runs per thread, so that a
    /// thread that drew large cards (inline photos) does not hold the others up.
    @inlinable
    init(
        _ chunks: [CardChunk], workers: ParsingWorkers?,
        read: @escaping @Sendable (CardChunk, inout ParseBuffers) -> (value: T, warnings: [Diagnostic])
    ) {
        count = chunks.count
        results = .allocate(capacity: chunks.count)
        guard let workers, chunks.count > 1 else {
            var buffers = ParseBuffers()
            for i in chunks.indices { (results + i).initialize(to: read(chunks[i], &buffers)) }
            return
        }
        let runs = min(chunks.count, workers.limit * 4)
        let results = UncheckedSendable(results)
        workers.submit(
            (0..<runs).map { run in
                done.enter()
                return { [done] buffers in
                    for i in (chunks.count * run / runs)..<(chunks.count * (run + 1) / runs) {
                        (results.value + i).initialize(to: read(chunks[i], &buffers))
                    }
                    done.leave()
                }
            })
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

/// Hands values to the parsing threads that are safe there by construction: each piece of work
/// writes its own elements of a buffer, and `read` touches nothing shared but its argument.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
