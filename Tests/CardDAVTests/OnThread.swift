import Foundation

/// Runs `body` on a thread of its own and awaits its result: for the store's calls, which block
/// until the server answers and so must not run on the tests' shared pool.
///
/// ```swift
/// let contacts = try await onThread { try store.unifiedContacts() }
/// ```
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
