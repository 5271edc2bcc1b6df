#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `.vcf` (and `.vcard`) files of a folder, in name order; hidden files are skipped.
///
/// ```swift
/// for name in try VCardFolder.fileNames(in: "contacts") { print(name) }
/// for entry in try VCardFolder.entries(in: "contacts") where !entry.isRegularFile {
///     print("\(entry.name): skipped: not a regular file")
/// }
/// ```
public enum VCardFolder {
    /// One `.vcf` or `.vcard` name in a folder.
    public struct Entry: Sendable, Equatable {
        /// The name as the file system has it: bytes, not necessarily UTF-8 (use it to open the file).
        public var rawName: [UInt8]
        /// The name to show: invalid UTF-8 replaced by U+FFFD.
        public var name: String { String(decoding: rawName, as: UTF8.self) }
        /// Whether the name is valid UTF-8, so that ``name`` opens the same file.
        public var isUTF8: Bool { String(validating: rawName, as: UTF8.self) != nil }
        /// Whether it is a regular file (or a link to one), not a folder, pipe, socket or device.
        public var isRegularFile: Bool
    }

    /// The regular files with UTF-8 names (see ``entries(in:)`` for the others), by name.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public static func fileNames(in directory: String) throws(ContactStoreError) -> [String] {
        try entries(in: directory).filter { $0.isRegularFile && $0.isUTF8 }.map(\.name)
    }

    /// Every `.vcf` and `.vcard` entry that is not hidden, in byte order of the names.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public static func entries(in directory: String) throws(ContactStoreError) -> [Entry] {
        try statuses(in: directory).map { Entry(rawName: $0.rawName, isRegularFile: $0.fingerprint != nil) }
    }

    /// The regular files with UTF-8 names and what identifies their content now, by name: what
    /// a folder store compares with what it indexed.
    static func regularFiles(in directory: String) throws(ContactStoreError) -> [(name: String, fingerprint: FileFingerprint)] {
        try statuses(in: directory).compactMap { entry in
            guard let fingerprint = entry.fingerprint, let name = String(validating: entry.rawName, as: UTF8.self) else { return nil }
            return (name, fingerprint)
        }
    }

    /// The `.vcf` and `.vcard` names that are not hidden, with the fingerprint of what they name
    /// when it is a regular file (through links), in byte order of the names.
    private static func statuses(in directory: String) throws(ContactStoreError) -> [(rawName: [UInt8], fingerprint: FileFingerprint?)] {
        guard let dir = opendir(directory) else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var entries: [(rawName: [UInt8], fingerprint: FileFingerprint?)] = []
        while let entry = readdir(dir) {
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            let lower = raw.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            guard raw.first != 0x2E, lower.ends(with: ".vcf") || lower.ends(with: ".vcard") else { continue }
            var st = stat()
            let found = fstatat(dirfd(dir), raw.map { CChar(bitPattern: $0) } + [0], &st, 0) == 0
            entries.append((raw, found && (st.st_mode & S_IFMT) == S_IFREG ? FileFingerprint(st) : nil))
        }
        entries.sort { $0.rawName.lexicographicallyPrecedes($1.rawName) }
        return entries
    }

    /// Whether `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: String) -> Bool { reversed().starts(with: suffix.utf8.reversed()) }
}
