#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCardParser

/// A folder held open by its descriptor. Every operation names an entry relative to that
/// descriptor and never follows a symbolic link in the entry's own name, so someone who can write
/// the folder cannot redirect a read or a write by swapping a link in between two steps.
///
/// ```swift
/// let folder = try OpenDirectory("contacts")
/// try folder.withLock {
///     if try folder.createFile(named: "ada.vcf", containing: bytes) == false { print("taken") }
/// }
/// ```
package final class OpenDirectory {
    /// The folder's path as given, for messages.
    package let path: String
    let descriptor: Int32

    /// - Throws: ``FileWriteError/failed(path:reason:)`` when the folder cannot be opened.
    package init(_ path: String) throws(FileWriteError) {
        descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failedNow(path) }
        self.path = path
    }

    deinit { close(descriptor) }

    /// The path of an entry, for messages.
    package func pathOf(_ name: String) -> String {
        if path.isEmpty || path == "." { return name }
        return path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Runs `body` holding an exclusive lock on the folder (`flock`), which every writer of this
    /// package takes before it reads a file it will rewrite: concurrent rewrites run one at a time.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The entry's status without following a symbolic link; `nil` when there is no such entry.
    package func status(of name: String) -> stat? {
        var st = stat()
        return fstatat(descriptor, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? st : nil
    }

    /// Opens a regular file for reading. A symbolic link, a named pipe or a device is refused
    /// (the open does not block on a pipe).
    package func openForReading(_ name: String) throws(FileWriteError) -> Int32 {
        let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ELOOP { throw .refused(path: pathOf(name), reason: "it is a symbolic link") }
            throw .failedNow(pathOf(name))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .refused(path: pathOf(name), reason: "not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        return fd
    }

    /// Whether the entry is a regular file whose content is exactly `bytes`.
    package func holds(_ name: String, exactly bytes: [UInt8]) -> Bool {
        guard let st = status(of: name), (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == bytes.count,
            let fd = try? openForReading(name)
        else { return false }
        defer { close(fd) }
        var content: [UInt8] = []
        var source = ByteSource.fileDescriptor(fd)
        do {
            // One byte more than expected is enough to tell a longer file.
            while content.count <= bytes.count, try source.read(into: &content, chunk: bytes.count + 1 - content.count) > 0 {}
        } catch {
            return false
        }
        return content == bytes
    }

    /// Creates `name` holding `bytes`, unless the folder already has an entry of that name (a
    /// file, a link, anything): the content is written to a temporary file, synced, then linked
    /// under its name, which never replaces an entry. Returns `false` when the name was taken.
    /// Call ``sync()`` after the last one to make the new names durable.
    package func createFile(named name: String, containing bytes: [UInt8]) throws(FileWriteError) -> Bool {
        let temporary = try TemporaryFile(in: self, for: name)
        try temporary.write(bytes)
        try temporary.finish(mode: OpenDirectory.defaultMode(), owner: nil, attributesFrom: nil)
        return try temporary.link(as: name)
    }

    /// Removes the entry `name`.
    package func remove(_ name: String) throws(FileWriteError) {
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else { throw .failedNow(pathOf(name)) }
    }

    /// Makes the folder's entries (renames, new names, removals) durable.
    package func sync() {
        _ = fsync(descriptor)
    }

    /// The mode a new file gets: `0666` less the process's umask.
    package static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// The names in the folder, as raw bytes (a name need not be UTF-8).
    func entryNames() -> [[UInt8]] {
        let copy = dup(descriptor)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        rewinddir(dir)  // the copy shares the descriptor's position with earlier listings
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }
}
