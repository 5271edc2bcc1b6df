import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Testing

@testable import VCardParser

/// The threads that parse cards for `VCardReader.forEachCard(threads:…)`: never more at once
/// than asked for, every piece of work run once, and what a piece holds let go once it has run.
@Suite struct ParsingWorkersTests {
    /// `VCARDTOOL_THREADS=1` or `2` on a machine with more cores means that many threads parse,
    /// however much work is queued and whichever batch it belongs to.
    @Test(arguments: [1, 2, 3])
    func noMoreThreadsRunAtOnceThanTheLimit(limit: Int) {
        let workers = ParsingWorkers(limit: limit)
        let running = Atomic(0), most = Atomic(0), ran = Mutex<[Int]>([])
        let done = DispatchGroup()
        for batch in 0..<4 {
            workers.submit(
                (0..<8).map { piece in
                    done.enter()
                    return { _ in
                        let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                        most.max(now, ordering: .sequentiallyConsistent)
                        usleep(2_000)
                        ran.withLock { $0.append(batch * 8 + piece) }
                        running.subtract(1, ordering: .sequentiallyConsistent)
                        done.leave()
                    }
                })
        }
        done.wait()
        #expect(most.load(ordering: .sequentiallyConsistent) <= limit)
        #expect(ran.withLock { $0.sorted() } == Array(0..<32), "every piece ran, once")
        if limit == 1 { #expect(ran.withLock { $0 } == Array(0..<32), "one thread takes them in order") }
    }

    /// A piece of work holds its batch's cards: they go when it has run, not when the queue
    /// next runs dry (which, on a long input read faster than it is parsed, may be never).
    @Test func whatAPieceHoldsGoesOnceItHasRun() {
        final class Cards: Sendable {}
        let workers = ParsingWorkers(limit: 1)
        let firstRan = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchGroup()
        weak var held: Cards?
        do {
            let cards = Cards()
            held = cards
            done.enter()
            done.enter()
            workers.submit([
                { _ in
                    withExtendedLifetime(cards) {}
                    done.leave()
                },
                { _ in
                    firstRan.signal()
                    release.wait()  // the queue is not empty until this returns
                    done.leave()
                },
            ])
        }
        firstRan.wait()
        #expect(held == nil, "the first piece's cards were let go while the second runs")
        release.signal()
        done.wait()
    }

    /// The reading thread reads a batch's runs itself while it waits for the batch: with the
    /// only worker busy elsewhere, every run is read on the calling thread, and the batch is
    /// delivered at once (without the help it waits for the worker, freed two seconds later).
    @Test func theCallingThreadReadsTheRunsNoWorkerHasTaken() {
        let workers = ParsingWorkers(limit: 1)
        let busy = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), done = DispatchGroup()
        done.enter()
        workers.submit([
            { _ in
                started.signal()
                _ = busy.wait(timeout: .now() + 2)
                done.leave()
            }
        ])
        started.wait()
        let caller = pthread_self()
        let chunks = (0..<12).map { CardChunk(bytes: Array("BEGIN:VCARD\r\nFN:\($0)\r\nEND:VCARD\r\n".utf8), firstLine: 1 + 3 * $0) }
        var buffers = ParseBuffers()
        let batch = ParsingBatch(chunks, workers: workers, buffers: &buffers) { chunk, _ in ((chunk.firstLine, pthread_equal(pthread_self(), caller) != 0), []) }
        var delivered: [(line: Int, onCaller: Bool)] = []
        batch.deliver(helping: &buffers, ahead: nil, preparing: { _ in }) { value, _ in delivered.append(value) }
        busy.signal()
        done.wait()
        #expect(delivered.map(\.line) == chunks.map(\.firstLine), "in input order")
        #expect(delivered.filter { !$0.onCaller }.isEmpty, "read on the calling thread while the worker was busy")
    }

    /// Once no run of a batch is left to claim but a worker is still reading one, the calling
    /// thread reads runs of the next batch rather than wait idle: here the worker's run of the
    /// first batch is let go only by a run of the second read on the calling thread (without
    /// that, it is freed by its five-second timeout, and the calling thread waits for it).
    @Test func theCallingThreadReadsTheNextBatchWhileAWorkerFinishesThisOne() {
        let workers = ParsingWorkers(limit: 1)
        let caller = pthread_self()
        let workerIn = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let workerWait = Mutex<DispatchTimeoutResult?>(nil)
        func chunks(from first: Int) -> [CardChunk] {
            (first..<(first + 12)).map { CardChunk(bytes: Array("BEGIN:VCARD\r\nFN:\($0)\r\nEND:VCARD\r\n".utf8), firstLine: 1 + 3 * $0) }
        }
        var buffers = ParseBuffers()
        let first = ParsingBatch(chunks(from: 0), workers: workers, buffers: &buffers) { chunk, _ in
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            if !onCaller, workerWait.withLock({ $0 == nil }) {
                workerIn.signal()
                let result = release.wait(timeout: .now() + 5)
                workerWait.withLock { $0 = result }
            }
            return ((chunk.firstLine, onCaller), [])
        }
        workerIn.wait()  // the worker holds a run of the first batch
        let second = ParsingBatch(chunks(from: 12), workers: workers, buffers: &buffers) { chunk, _ in
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            if onCaller { release.signal() }
            return ((chunk.firstLine, onCaller), [])
        }
        var delivered: [(line: Int, onCaller: Bool)] = []
        first.deliver(helping: &buffers, ahead: second, preparing: { _ in }) { value, _ in delivered.append(value) }
        #expect(workerWait.withLock { $0 } == .success, "the worker was let go by a run of the next batch read on the calling thread")
        second.deliver(helping: &buffers, ahead: nil, preparing: { _ in }) { value, _ in delivered.append(value) }
        #expect(delivered.map(\.line) == (chunks(from: 0) + chunks(from: 12)).map(\.firstLine), "in input order")
        #expect(delivered[12...].contains { $0.onCaller }, "the calling thread read runs of the second batch")
    }
}
