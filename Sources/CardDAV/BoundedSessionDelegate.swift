import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each task's answer up to a size limit (a larger one is cancelled) and never follows
/// a redirect itself: ``DAVClient`` follows those within the origin.
final class BoundedSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A finished exchange: the response (`nil` after an error) and the body read.
    struct Outcome {
        var response: HTTPURLResponse?
        var body: [UInt8]
        var error: (any Error)?
        var exceededLimit: Bool
    }

    private struct Pending {
        var outcome = Outcome(response: nil, body: [], error: nil, exceededLimit: false)
        var continuation: CheckedContinuation<Outcome, Never>
        /// The 401 answer of an authentication challenge, which cancels the task.
        var challenge: HTTPURLResponse?
    }

    /// The largest body kept, in bytes.
    let limit: Int
    private let pending = Mutex<[Int: Pending]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Runs `task` to its end and returns what it got (also on failure: see `error`).
    func run(_ task: URLSessionDataTask) async -> Outcome {
        await withCheckedContinuation { continuation in
            pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        pending.withLock { $0[dataTask.taskIdentifier]?.outcome.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = pending.withLock { state -> Bool in
            guard var entry = state[dataTask.taskIdentifier], !entry.outcome.exceededLimit else { return false }
            if entry.outcome.body.count + data.count > limit {
                entry.outcome.exceededLimit = true
            } else {
                entry.outcome.body.append(contentsOf: data)
            }
            state[dataTask.taskIdentifier] = entry
            return entry.outcome.exceededLimit
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    /// A 401 ends the task with that answer instead of a retry (the client sends its credentials
    /// itself, with every request; FoundationNetworking's default handling never completes).
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        pending.withLock { $0[task.taskIdentifier]?.challenge = challenge.failureResponse as? HTTPURLResponse }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        var outcome = entry.outcome
        if let challenge = entry.challenge {
            outcome.response = challenge
        } else {
            outcome.error = error
            if outcome.response == nil { outcome.response = task.response as? HTTPURLResponse }
        }
        entry.continuation.resume(returning: outcome)
    }
}
