import Dispatch
import Synchronization

/// Runs the asynchronous `work` to its end and returns its result, for synchronous callers (the
/// tool's commands, ``CardDAVAddressBook``): a detached task (never the caller's actor, which is
/// blocked) does the work while the calling thread waits on a semaphore.
///
/// ```swift
/// let books = try waitFor { try await client.addressBooks(at: url) }
/// ```
package func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.set(.success(try await work())) } catch { box.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try box.get()
}

/// The result handed from the task to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) { result.withLock { $0 = value } }

    func get() throws -> T {
        guard let value = result.withLock({ $0 }) else { preconditionFailure("waited before the task finished") }
        return try value.get()
    }
}
