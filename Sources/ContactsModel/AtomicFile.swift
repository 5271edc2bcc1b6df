#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Writes files so that a reader (or a crash) sees either the whole old content or the whole new
/// one: a temporary file in the same folder, fsync, rename over the original, fsync of the folder.
/// The original's permissions are kept, and a symbolic link is written through, not replaced.
///
/// ```swift
/// try AtomicFile.write(Array("BEGIN:VCARD\r\n…".utf8), to: "contacts.vcf")
/// ```
public enum AtomicFile {
    /// - Throws: ``ContactStoreError/writeFailed(path:reason:)``; the original is then untouched.
    public static func write(_ bytes: [UInt8], to path: String, backupSuffix: String? = nil) throws(ContactStoreError) {
        let target = resolvedPath(path)
        var st = stat()
        let existingMode: mode_t? = stat(target, &st) == 0 ? st.st_mode & 0o7777 : nil
        var template = Array((target + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer { if !done { unlink(tempPath) } }
        if fchmod(fd, existingMode ?? defaultMode()) != 0 { let e = failure(path); close(fd); throw e }
        var offset = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        guard ok, fsync(fd) == 0 else { let e = failure(path); close(fd); throw e }
        guard close(fd) == 0 else { throw failure(path) }
        if let backupSuffix, existingMode != nil {
            let backup = target + backupSuffix
            unlink(backup)
            guard link(target, backup) == 0 else { throw failure(backup) }
        }
        guard rename(tempPath, target) == 0 else { throw failure(path) }
        done = true
        syncDirectory(of: target)
    }

    /// Removes a file and makes the removal durable.
    static func remove(_ path: String) throws(ContactStoreError) {
        guard unlink(path) == 0 else { throw failure(path) }
        syncDirectory(of: path)
    }

    private static func failure(_ path: String) -> ContactStoreError {
        .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }

    private static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// The file a symbolic link points to, so writing keeps the link.
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func syncDirectory(of path: String) {
        let dfd = open(directory(of: path), O_RDONLY | O_DIRECTORY)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }
}
