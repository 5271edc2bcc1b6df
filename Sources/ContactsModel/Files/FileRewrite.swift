import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way this package rewrites a file, used by ``ContactStore`` and by every `vcardtool`
/// command that changes files:
///
/// 1. the folder's lock is taken (`flock`), so rewrites by this package run one at a time;
/// 2. the file is checked: a read-only or hard-linked file, or one owned by another user, is
///    refused unless forced; anything but a regular file is refused;
/// 3. the file is opened (never through a symbolic link swapped in for its name) and handed to
///    `produce`, which writes the new content to a temporary file beside it, created with
///    `O_EXCL | O_NOFOLLOW` relative to the folder's descriptor;
/// 4. the temporary file gets the original's mode, owner and group (when run as root) and
///    extended attributes, and is synced;
/// 5. if the file changed meanwhile (a program that does not take the lock), all of it is done
///    again on the new content, up to five times, then ``FileWriteError/conflict(path:)``;
/// 6. it is renamed over the original (`renameat`), and the folder is synced.
///
/// A reader, or a crash at any point, sees the whole old content or the whole new content. A
/// path that is a symbolic link is resolved first: the file it points to is rewritten and the
/// link stays.
///
/// ```swift
/// try FileRewrite.rewrite("contacts.vcf") { source, output in
///     var reader = VCardReader(fileDescriptor: source!)
///     let writer = VCardWriter()
///     while let card = try reader.next() {
///         var bytes: [UInt8] = []
///         writer.write(card, to: &bytes)
///         try output.write(bytes)
///     }
///     return true   // false: nothing changed, the file is left alone
/// }
/// ```
package enum FileRewrite {
    /// What a rewrite may do beyond the safe default.
    package struct Options: Sendable {
        /// Rewrite a read-only file, a file with several hard links (this name then gets the new
        /// content, the other names keep the old one), or one owned by another user.
        package var force: Bool
        /// Keep the original as a hard link named NAME + suffix (replacing an older backup).
        package var backupSuffix: String?

        package init(force: Bool = false, backupSuffix: String? = nil) {
            self.force = force
            self.backupSuffix = backupSuffix
        }
    }

    /// What a rewrite did.
    package enum Outcome: Sendable, Equatable {
        /// `produce` said nothing changed: the file was not touched.
        case unchanged
        case rewritten
        /// There was no file; it was created.
        case created
    }

    /// How often a file that changed while it was rewritten is read and rewritten again.
    static let attempts = 5
    /// Temporary files of this package older than this are left over from a killed process.
    static let staleAge = 3600

    /// Rewrites the file at `path` with what `produce` writes, as described above.
    /// - Parameters:
    ///   - path: The file to rewrite (a symbolic link is followed: its target is rewritten).
    ///   - options: Whether to force the rewrite of a read-only or hard-linked file, and a backup.
    ///   - produce: Gets the open file (`nil` when it does not exist yet) and the temporary file
    ///     to write; returns whether to replace the file. It may run more than once.
    /// - Throws: ``FileWriteError``, or what `produce` throws; the file is then unchanged.
    @discardableResult
    package static func rewrite(
        _ path: String, options: Options = Options(),
        _ produce: (_ source: Int32?, _ output: TemporaryFile) throws -> Bool
    ) throws -> Outcome {
        let (folder, name) = locate(path)
        let directory = try OpenDirectory(folder)
        return try directory.withLock { () throws -> Outcome in
            try rewrite(name, in: directory, options: options, produce)
        }
    }

    /// Replaces the content of the file at `path` with `bytes`, as ``rewrite(_:options:_:)`` does.
    package static func replace(_ path: String, with bytes: [UInt8], options: Options = Options()) throws(FileWriteError) {
        do {
            try rewrite(path, options: options) { _, output in
                try output.write(bytes)
                return true
            }
        } catch {
            // `produce` above throws only what `output.write` throws.
            throw error as? FileWriteError ?? .failed(path: path, reason: "\(error)")
        }
    }

    /// The rewrite of `name` in `directory`, whose lock the caller holds.
    @discardableResult
    package static func rewrite(
        _ name: String, in directory: OpenDirectory, options: Options,
        _ produce: (_ source: Int32?, _ output: TemporaryFile) throws -> Bool
    ) throws -> Outcome {
        removeStaleTemporaryFiles(in: directory)
        let path = directory.pathOf(name)
        for _ in 0..<attempts {
            let existing = directory.status(of: name)
            var source: Int32?
            if let existing {
                try check(existing, name: name, in: directory, options: options)
                source = try directory.openForReading(name)
            }
            defer { if let source { close(source) } }
            var opened = stat()
            if let source, fstat(source, &opened) != 0 { throw FileWriteError.failedNow(path) }
            let output = try TemporaryFile(in: directory, for: name)
            guard try produce(source, output) else {
                output.discard()
                return .unchanged
            }
            let mode = existing.map { $0.st_mode & 0o7777 } ?? OpenDirectory.defaultMode()
            try output.finish(mode: mode, owner: existing.flatMap(ownerToKeep), attributesFrom: source)
            let now = directory.status(of: name)
            guard now.map(FileFingerprint.init) == (source == nil ? nil : FileFingerprint(opened)) else {
                output.discard()
                continue
            }
            if let suffix = options.backupSuffix, existing != nil {
                try directory.remove(name + suffix)
                guard linkat(directory.descriptor, name, directory.descriptor, name + suffix, 0) == 0 else {
                    throw FileWriteError.failedNow(directory.pathOf(name + suffix))
                }
            }
            try output.replace(name)
            directory.sync()
            return existing == nil ? .created : .rewritten
        }
        throw FileWriteError.conflict(path: path)
    }

    /// Throws what a rewrite of the entry `name` would be refused for (a symbolic link, a
    /// read-only file…, see ``Options/force``), writing nothing: a caller that rewrites several
    /// files checks them all first, so that a refusal leaves every one of them as it was.
    package static func checkRewritable(_ name: String, in directory: OpenDirectory, options: Options) throws(FileWriteError) {
        if let existing = directory.status(of: name) { try check(existing, name: name, in: directory, options: options) }
    }

    /// Refuses what rewriting would harm (see ``Options/force``).
    private static func check(_ st: stat, name: String, in directory: OpenDirectory, options: Options) throws(FileWriteError) {
        let path = directory.pathOf(name)
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .refused(path: path, reason: "it is a symbolic link")
        case S_IFDIR: throw .refused(path: path, reason: "it is a folder")
        default: throw .refused(path: path, reason: "not a regular file")
        }
        guard !options.force else { return }
        if st.st_nlink > 1 {
            throw .refused(path: path, reason: "it has \(st.st_nlink) hard links, and the others would keep the old content (use --force to rewrite this name anyway)")
        }
        if st.st_mode & 0o222 == 0 {
            throw .refused(path: path, reason: "it is read-only (use --force to rewrite it anyway)")
        }
        if faccessat(directory.descriptor, name, W_OK, AT_EACCESS) != 0 {
            throw .refused(path: path, reason: "you may not write it (use --force to replace it anyway, if you may write its folder)")
        }
        if geteuid() != 0, st.st_uid != geteuid() {
            throw .refused(path: path, reason: "it belongs to user \(st.st_uid), and the rewritten file would be yours (use --force to rewrite it anyway)")
        }
    }

    /// Root keeps the file's owner and group; another user can keep the group when a member of it.
    private static func ownerToKeep(_ st: stat) -> (uid_t, gid_t)? {
        if geteuid() == 0 { return (st.st_uid, st.st_gid) }
        return getgid() == st.st_gid || isMember(of: st.st_gid) ? (geteuid(), st.st_gid) : nil
    }

    private static func isMember(of group: gid_t) -> Bool {
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        return getgroups(count, &groups) > 0 && groups.contains(group)
    }

    /// The folder and name of the file that `path` is, through symbolic links.
    static func locate(_ path: String) -> (folder: String, name: String) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        guard let slash = target.lastIndex(of: "/") else { return (".", target) }
        let folder = slash == target.startIndex ? "/" : String(target[..<slash])
        return (folder, String(target[target.index(after: slash)...]))
    }

    private static let cleanedFolders = Mutex<Set<String>>([])

    /// Removes this package's temporary files older than an hour (left by a killed process),
    /// once per folder and process.
    private static func removeStaleTemporaryFiles(in directory: OpenDirectory) {
        guard cleanedFolders.withLock({ $0.insert(directory.path).inserted }) else { return }
        let cutoff = time(nil) - staleAge
        for name in directory.entryNames() where TemporaryFile.isTemporaryName(name) {
            let cName = name.map { CChar(bitPattern: $0) } + [0]
            var st = stat()
            guard fstatat(directory.descriptor, cName, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            #if canImport(Darwin)
            let modified = st.st_mtimespec.tv_sec
            #else
            let modified = st.st_mtim.tv_sec
            #endif
            if modified < cutoff { _ = unlinkat(directory.descriptor, cName, 0) }
        }
    }
}
