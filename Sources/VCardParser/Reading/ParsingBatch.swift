import Dispatch
import Synchronization

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
    /// How many results were moved out (``deliver(helping:ahead:preparing:_:)``); the others are
    /// still in `results`.
    @usableFromInline var delivered = 0
    /// The runs of a batch read on workers; `nil` when it was read on the calling thread.
    @usableFromInline let runs: Runs?

    /// Starts `read` on each chunk on `workers`' threads; without workers, reads right here
    /// instead (with `buffers`, the calling thread's), so that one thread is one thread in all.
    ///
    /// The chunks are dealt out in runs of consecutive cards, a few runs per thread, so that a
    /// thread that drew large cards (inline photos) does not hold the others up. A run goes to
    /// whichever thread claims it first: a worker, or the calling thread once it waits for the
    /// batch (``deliver(helping:ahead:preparing:_:)``).
    @inlinable
    init(
        _ chunks: [CardChunk], workers: ParsingWorkers?, buffers: inout ParseBuffers,
        read: @escaping @Sendable (CardChunk, inout ParseBuffers) -> (value: T, warnings: [Diagnostic])
    ) {
        count = chunks.count
        results = .allocate(capacity: chunks.count)
        guard let workers, chunks.count > 1 else {
            for i in chunks.indices { (results + i).initialize(to: read(chunks[i], &buffers)) }
            runs = nil
            return
        }
        let count = min(chunks.count, (workers.limit + 1) * 4)
        let results = UncheckedSendable(results)
        let runs = Runs(count: count) { run, buffers in
            for i in (chunks.count * run / count)..<(chunks.count * (run + 1) / count) {
                (results.value + i).initialize(to: read(chunks[i], &buffers))
            }
        }
        self.runs = runs
        for _ in 0..<count { done.enter() }
        workers.submit(
            (0..<count).map { _ in
                { [done] buffers in
                    if runs.runNext(&buffers) { done.leave() }
                }
            })
    }

    /// The runs of a batch read on several threads, each run by the first thread to claim it.
    @usableFromInline
    final class Runs: Sendable {
        @usableFromInline let count: Int
        @usableFromInline let next = Mutex(0)
        @usableFromInline let read: @Sendable (Int, inout ParseBuffers) -> Void

        @inlinable
        init(count: Int, read: @escaping @Sendable (Int, inout ParseBuffers) -> Void) {
            self.count = count
            self.read = read
        }

        /// Claims the next run not claimed yet and reads it; `false` when none was left.
        @inlinable
        func runNext(_ buffers: inout ParseBuffers) -> Bool {
            let run = next.withLock { next in
                defer { next += 1 }
                return next
            }
            guard run < count else { return false }
            read(run, &buffers)
            return true
        }
    }

    /// Once all are read, passes each result in chunk order to `preparing`, in place, and then
    /// to `body`, moved out of the batch: `body` owns it. A result that `body` did not get (it
    /// threw) is destroyed with the batch. While runs of the batch are left unclaimed, the
    /// calling thread reads them itself (with `buffers`) rather than wait for a worker; once
    /// none is left but workers are still reading some, it reads runs of the batch cut after
    /// this one (`ahead`), if any, rather than wait idle for them.
    ///
    /// (Waiting for the worker's last run of each batch left the calling thread idle for half a
    /// run on average: `validate`, whose calling thread has little else to do, kept two cores
    /// 1.77 busy instead of 1.86, and took 1.16× `cat`'s time on two threads instead of 1.09×.)
    @inlinable
    func deliver(
        helping buffers: inout ParseBuffers, ahead: ParsingBatch<T>?, preparing: (inout T) -> Void, _ body: (T, [Diagnostic]) throws -> Void
    ) rethrows {
        if let runs {
            while runs.runNext(&buffers) { done.leave() }
            if let ahead, let aheadRuns = ahead.runs {
                while done.wait(timeout: .now()) == .timedOut, aheadRuns.runNext(&buffers) { ahead.done.leave() }
            }
        }
        done.wait()
        for i in delivered..<count { preparing(&results[i].value) }
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
