import ExtendedAttributes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file beside the one it will become: written in pieces, then given its final name by a
/// rename (replacing the old file) or a link (never replacing anything), or removed.
///
/// Its name, `.NAME.vcardtool-PID-RANDOM.tmp`, is hidden (folder readers skip it) and tells a
/// later run that it is one of this package's own, so ``FileRewrite`` removes those older than an
/// hour. While it exists it is registered with ``TemporaryFileCleanup``, which removes it on
/// SIGINT or SIGTERM. It is created with `O_EXCL | O_NOFOLLOW` relative to its folder's
/// descriptor and written only through its own descriptor.
///
/// ```swift
/// try FileRewrite.rewrite("contacts.vcf") { _, output in
///     try output.write(Array("BEGIN:VCARD\r\n…".utf8))
///     return true
/// }
/// ```
package final class TemporaryFile {
    let directory: OpenDirectory
    /// The temporary file's own name in ``directory``.
    let name: String
    /// The path of the file this one will become, for messages.
    let targetPath: String
    private var descriptor: Int32
    private var cleanupSlot: Int?
    /// Whether the file has been renamed or removed.
    private var isDone = false

    /// The marker between the target's name and the process id.
    static let marker = ".vcardtool-"
    static let suffix = ".tmp"

    init(in directory: OpenDirectory, for target: String) throws(FileWriteError) {
        self.directory = directory
        targetPath = directory.pathOf(target)
        // NAME_MAX is 255 bytes: keep the target's part of the name short enough.
        let stem = String(decoding: Array(target.utf8.prefix(180)), as: UTF8.self)
        var attempt = 0
        while true {
            let candidate = "." + stem + Self.marker + "\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16) + Self.suffix
            // Registered before it exists, so a signal right after the create still removes it.
            let slot = TemporaryFileCleanup.register(directory: directory.descriptor, name: candidate)
            let fd = openat(directory.descriptor, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                name = candidate
                descriptor = fd
                cleanupSlot = slot
                return
            }
            let code = errno
            if let slot { TemporaryFileCleanup.unregister(slot) }
            attempt += 1
            errno = code
            guard code == EEXIST, attempt < 100 else { throw .failedNow(targetPath) }
        }
    }

    deinit { discard() }

    /// Appends `bytes`.
    /// - Throws: ``FileWriteError/failed(path:reason:)`` (a full disk, a file-size limit).
    package func write(_ bytes: some Collection<UInt8>) throws(FileWriteError) {
        if let failed = Descriptor.writeAll(bytes, to: descriptor) {
            errno = failed
            throw .failedNow(targetPath)
        }
    }

    /// Gives the file its mode, owner and extended attributes, and syncs it to disk.
    /// - Parameters:
    ///   - owner: user and group to keep (only root can give a file away; others keep their own).
    ///   - attributesFrom: a descriptor of the file whose extended attributes to copy.
    func finish(mode: mode_t, owner: (uid_t, gid_t)?, attributesFrom source: Int32?) throws(FileWriteError) {
        let path = targetPath
        if let (uid, gid) = owner, fchown(descriptor, uid, gid) != 0 { throw .failedNow(path) }
        guard fchmod(descriptor, mode) == 0 else { throw .failedNow(path) }
        if let source { try copyExtendedAttributes(from: source) }
        guard fsync(descriptor) == 0 else { throw .failedNow(path) }
    }

    /// Copies every extended attribute of `source` (where the file system has them).
    private func copyExtendedAttributes(from source: Int32) throws(FileWriteError) {
        let size = xattr_list(source, nil, 0)
        guard size > 0 else { return }  // none, or not supported here
        var names = [CChar](repeating: 0, count: size)
        let listed = xattr_list(source, &names, size)
        guard listed > 0 else { return }
        for nameBytes in names[..<listed].split(separator: 0) {
            let attribute = Array(nameBytes) + [0]
            let length = xattr_get(source, attribute, nil, 0)
            guard length >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let read = xattr_get(source, attribute, &value, length)
            guard read >= 0 else { continue }
            if xattr_set(descriptor, attribute, value, read) != 0 && errno != ENOTSUP && errno != EPERM {
                throw .failedNow(targetPath)
            }
        }
    }

    /// Renames the file over `target` in the same folder (atomic); the file is then done.
    func replace(_ target: String) throws(FileWriteError) {
        closeDescriptor()
        guard renameat(directory.descriptor, name, directory.descriptor, target) == 0 else {
            throw .failedNow(directory.pathOf(target))
        }
        release()
    }

    /// Links the file as `target` unless that name is taken, then removes the temporary name.
    /// Returns `false` (and removes the file) when `target` already exists.
    func link(as target: String) throws(FileWriteError) -> Bool {
        closeDescriptor()
        let linked = linkat(directory.descriptor, name, directory.descriptor, target, 0) == 0
        let code = errno
        discard()
        if linked { return true }
        if code == EEXIST { return false }
        errno = code
        throw .failedNow(directory.pathOf(target))
    }

    /// Removes the file (nothing happens when it was already renamed or removed).
    func discard() {
        closeDescriptor()
        guard !isDone else { return }
        _ = unlinkat(directory.descriptor, name, 0)
        release()
    }

    private func closeDescriptor() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func release() {
        isDone = true
        if let slot = cleanupSlot { TemporaryFileCleanup.unregister(slot) }
        cleanupSlot = nil
    }

    /// Whether `name` has the shape of a temporary file of this package.
    static func isTemporaryName(_ name: [UInt8]) -> Bool {
        guard name.first == 0x2E, name.count > suffix.utf8.count, name.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) else { return false }
        let marker = Array(Self.marker.utf8)
        return name.indices.contains { name[$0...].starts(with: marker) }
    }
}
