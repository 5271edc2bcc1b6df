import Dispatch
import Synchronization

/// Runs the reader's parsing work on up to `limit` threads of the global queue at a time, in the
/// order it was submitted (the reader's own thread reads too, while it waits for a batch:
/// ``ParsingBatch/deliver(helping:ahead:preparing:_:)``). Each thread takes the next piece of
/// work as soon as it is done with one, whichever batch it belongs to, so the next batch's cards
/// are parsed while the last runs of the one before finish, and each thread keeps its
/// ``ParseBuffers`` across pieces.
///
/// (A `concurrentPerform` per batch, started while the one before still held the pool's
/// threads, found no width free and ran all its runs on its own thread: on two cores, cards
/// were parsed on about 1.4 threads.)
///
/// ```swift
/// let workers = ParsingWorkers(limit: 2)
/// let done = DispatchGroup()
/// done.enter()
/// workers.submit([{ buffers in parseSomeCards(&buffers); done.leave() }])
/// done.wait()
/// ```
@usableFromInline
final class ParsingWorkers: Sendable {
    @usableFromInline typealias Work = @Sendable (inout ParseBuffers) -> Void

    private struct State {
        /// Submitted pieces; a piece taken is set to `nil`, so that what it holds (its batch's
        /// cards) goes as soon as it has run.
        var pending: [Work?] = []
        /// The first piece in `pending` not taken yet.
        var next = 0
        /// Threads taking work now.
        var running = 0

        mutating func append(_ work: [Work]) {
            if next > 0, next * 2 >= pending.count {
                pending.removeFirst(next)
                next = 0
            }
            pending.append(contentsOf: work)
        }

        mutating func take() -> Work? {
            guard next < pending.count else { return nil }
            defer {
                pending[next] = nil
                next += 1
            }
            return pending[next]
        }
    }

    /// The most threads taking work at once.
    @usableFromInline let limit: Int
    private let state = Mutex(State())

    @usableFromInline init(limit: Int) { self.limit = max(limit, 1) }

    /// Queues `work` behind what was submitted before, and starts threads for it while fewer
    /// than `limit` are running.
    @usableFromInline func submit(_ work: [Work]) {
        let starting = state.withLock { state in
            state.append(work)
            let starting = min(limit - state.running, state.pending.count - state.next)
            state.running += starting
            return starting
        }
        for _ in 0..<starting {
            DispatchQueue.global().async { self.drain() }
        }
    }

    /// Takes and runs pieces of work until none is left.
    private func drain() {
        var buffers = ParseBuffers()
        while let work = state.withLock({ state in
            let work = state.take()
            if work == nil { state.running -= 1 }
            return work
        }) {
            work(&buffers)
        }
    }
}
