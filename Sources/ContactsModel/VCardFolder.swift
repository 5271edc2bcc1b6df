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
package enum VCardFolder {
    /// One `.vcf` or `.vcard` name in a folder.
    package struct Entry: Sendable, Equatable {
        /// The name as the file system has it: bytes, not necessarily UTF-8 (use it to open the file).
        package var rawName: [UInt8]
        /// The name to show: invalid UTF-8 replaced by U+FFFD.
        package var name: String { String(decoding: rawName, as: UTF8.self) }
        /// Whether the name is valid UTF-8, so that ``name`` opens the same file.
        package var isUTF8: Bool { String(validating: rawName, as: UTF8.self) != nil }
        /// Whether it is a regular file (or a link to one), not a folder, pipe, socket or device.
        package var isRegularFile: Bool
    }

    /// The regular files with UTF-8 names (see ``entries(in:)`` for the others), by name.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    package static func fileNames(in directory: String) throws(ContactStoreError) -> [String] {
        try entries(in: directory).filter { $0.isRegularFile && $0.isUTF8 }.map(\.name)
    }

    /// Every `.vcf` and `.vcard` entry that is not hidden, in byte order of the names.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    package static func entries(in directory: String) throws(ContactStoreError) -> [Entry] {
        try listing(in: directory).sorted().map { Entry(rawName: $0.rawName, isRegularFile: $0.fingerprint != nil) }
    }

    /// A folder's `.vcf` and `.vcard` entries as read, and a digest of them: what a folder store
    /// compares with what it indexed (an unchanged digest means no file was added, removed,
    /// renamed or changed).
    struct Listing {
        /// The names, with the fingerprint of what they name when it is a regular file (through links).
        fileprivate var entries: [(rawName: [UInt8], fingerprint: FileFingerprint?)] = []
        /// Of the names and fingerprints, whatever their order (in this process).
        private(set) var digest = 0

        fileprivate mutating func append(_ rawName: [UInt8], _ fingerprint: FileFingerprint?) {
            entries.append((rawName, fingerprint))
            var hasher = Hasher()
            hasher.combine(rawName)
            hasher.combine(fingerprint)
            digest &+= hasher.finalize()
        }

        /// The entries in byte order of the names.
        fileprivate func sorted() -> [(rawName: [UInt8], fingerprint: FileFingerprint?)] {
            entries.sorted { $0.rawName.lexicographicallyPrecedes($1.rawName) }
        }

        /// The regular files with UTF-8 names, by name.
        func regularFiles() -> [(name: String, fingerprint: FileFingerprint)] {
            sorted().compactMap { entry in
                guard let fingerprint = entry.fingerprint, let name = String(validating: entry.rawName, as: UTF8.self) else { return nil }
                return (name, fingerprint)
            }
        }
    }

    /// The `.vcf` and `.vcard` entries of `directory` that are not hidden, in the order read.
    static func listing(in directory: String) throws(ContactStoreError) -> Listing {
        guard let dir = opendir(directory) else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var listing = Listing()
        while let entry = readdir(dir) {
            withUnsafeBytes(of: entry.pointee.d_name) { name in  // NUL-terminated
                let raw = name.prefix { $0 != 0 }
                guard raw.first != 0x2E, hasCardSuffix(raw) else { return }
                var st = stat()
                let found = fstatat(dirfd(dir), name.baseAddress!.assumingMemoryBound(to: CChar.self), &st, 0) == 0
                listing.append(Array(raw), found && (st.st_mode & S_IFMT) == S_IFREG ? FileFingerprint(st) : nil)
            }
        }
        return listing
    }

    /// Whether a name ends with `.vcf` or `.vcard`, in any case.
    private static func hasCardSuffix(_ name: Slice<UnsafeRawBufferPointer>) -> Bool {
        func ends(with suffix: String) -> Bool {
            name.count >= suffix.utf8.count
                && zip(name.suffix(suffix.utf8.count), suffix.utf8).allSatisfy { ((0x41...0x5A).contains($0) ? $0 + 0x20 : $0) == $1 }
        }
        return ends(with: ".vcf") || ends(with: ".vcard")
    }

    /// Whether `path` is a folder.
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
