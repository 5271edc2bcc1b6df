#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file was not written; in every case the file on disk is as it was.
///
/// ```swift
/// do { try FileRewrite.replace("contacts.vcf", with: bytes) }
/// catch .refused(let path, let reason) { print("\(path): \(reason)") }
/// catch { print(error) }
/// ```
package enum FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed: a full disk, a folder without write permission, a file too large.
    case failed(path: String, reason: String)
    /// The file kept changing on disk, by a program that does not take the folder's lock, while
    /// it was being rewritten.
    case conflict(path: String)
    /// Rewriting would harm the file or is not what its owner asked for: it is read-only,
    /// hard-linked, owned by someone else, or not a regular file. `force` overrides all but the last.
    case refused(path: String, reason: String)

    /// A message that says what happened and that the original is intact.
    package var description: String {
        switch self {
        case .failed(let path, let reason): return "\(path): cannot write: \(reason); the original is unchanged"
        case .conflict(let path):
            return "\(path): changed on disk by another program while it was being rewritten; nothing was written (run again)"
        case .refused(let path, let reason): return "\(path): not rewritten: \(reason)"
        }
    }

    /// What went wrong, without the path.
    package var reason: String {
        switch self {
        case .failed(_, let reason), .refused(_, let reason): return reason
        case .conflict: return "changed on disk while it was being rewritten"
        }
    }

    /// `.failed` with the text of the current `errno`.
    static func failedNow(_ path: String) -> FileWriteError {
        .failed(path: path, reason: String(cString: strerror(errno)))
    }
}
