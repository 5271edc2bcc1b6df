#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a version of a file on disk: any write (in place or by rename) changes it.
struct FileFingerprint: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The fingerprint of the file at `path`, or `nil` when there is none.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modifiedSeconds = Int(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int(st.st_mtim.tv_nsec)
    }
}

/// An exclusive advisory lock on a folder, held while a store checks for conflicts and writes.
final class DirectoryLock {
    private let fd: Int32

    init(_ directory: String) {
        fd = open(directory, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
    }

    deinit {
        if fd >= 0 {
            _ = flock(fd, LOCK_UN)
            close(fd)
        }
    }
}
