#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file open for reading, closed when the last reference goes; a store keeps the file it
/// indexed open, so the bytes it reads later are the ones it indexed, whatever was renamed over
/// the path since.
final class OpenFile: Sendable {
    /// Why a file could not be opened.
    struct Failure: Error {
        var code: Int32
        var message: String { String(cString: strerror(code)) }
    }

    let descriptor: Int32
    let fingerprint: FileFingerprint

    /// Opens a regular file (a folder is refused with `EISDIR`).
    init(path: String) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw Failure(code: code)
        }
        guard (st.st_mode & S_IFMT) != S_IFDIR else {
            close(fd)
            throw Failure(code: EISDIR)
        }
        descriptor = fd
        fingerprint = FileFingerprint(st)
    }

    deinit { close(descriptor) }

    /// The bytes in `range`.
    func read(_ range: Range<Int>, name: String) throws(ContactStoreError) -> [UInt8] {
        try Self.read(range, from: descriptor, name: name)
    }

    /// The bytes in `range` of the file at `path` (opened for this read only).
    static func read(_ range: Range<Int>, atPath path: String) throws(ContactStoreError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try read(range, from: fd, name: path)
    }

    /// The bytes in `range` of the file open as `descriptor`.
    static func read(_ range: Range<Int>, from descriptor: Int32, name: String) throws(ContactStoreError) -> [UInt8] {
        var failure: Int32?
        let result = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            while count < range.count {
                let n = pread(descriptor, buffer.baseAddress! + count, range.count - count, off_t(range.lowerBound + count))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = n < 0 ? errno : EIO
                    return
                }
                count += n
            }
        }
        if let failure {
            throw .unreadable(path: name, reason: failure == EIO ? "the file is shorter than when it was read" : String(cString: strerror(failure)))
        }
        return result
    }
}
