#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `.vcf` (and `.vcard`) files of a folder, in name order; hidden files are skipped.
///
/// ```swift
/// for name in try VCardFolder.fileNames(in: "contacts") { print(name) }
/// ```
public enum VCardFolder {
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public static func fileNames(in directory: String) throws(ContactStoreError) -> [String] {
        guard let dir = opendir(directory) else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let lower = name.lowercased()
            if !name.hasPrefix("."), lower.hasSuffix(".vcf") || lower.hasSuffix(".vcard") { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
