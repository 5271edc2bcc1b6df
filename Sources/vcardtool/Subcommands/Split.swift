#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// `vcardtool split`: one file per card, named after its UID.
struct Split: Subcommand {
    static let name = "split"
    static let abstract = "Write each card to a file of its own, named after its UID."
    static let usage = "--into <folder> [<file-or-folder> ...]"
    static let discussion = """
        Writes each card byte for byte (UTF-16 input as UTF-8) to FOLDER/UID.vcf, with the UID
        made safe for a file name (no '/', no '..'); FOLDER is created if missing. A card without
        a UID gets a new one, added as a UID line, and is named after it. Existing files are never
        overwritten: a name already taken gets a suffix, UID-2.vcf, UID-3.vcf…
        'vcardtool cat FOLDER' joins the cards again.
        Exit status: 0 when every card was written, 1 when an input had errors (the cards read
        are still written), 2 on trouble (a bad option, an unreadable input, a failed write).
        """
    static let options = [
        ("--into <folder>", "The folder to write the cards to."),
    ]
    static let examples = [
        ("vcardtool split --into contacts/ export.vcf", "One file per contact, e.g. for a CardDAV folder."),
        ("vcardtool cat contacts/ > export.vcf", "Join them again."),
    ]

    var folder: String
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        guard let folder = try arguments.option("into"), !folder.isEmpty else { throw UsageError("Missing --into <folder>") }
        self.folder = folder
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand(files, terminal)
        try Self.makeFolder(folder)
        var count = 0
        var inputErrors = false
        for input in inputs {
            inputErrors = try input.forEachCard(reportingErrorsTo: terminal) { card in
                var card = card
                if card.trimmedUID == nil { card = Contact(card: card, keys: []).vCard() }
                try write(card.bytesAsRead, named: SafeFileName.make(from: card.trimmedUID ?? ""))
                count += 1
            } || inputErrors
        }
        terminal.error("split: \(count) cards into \(folder)")
        return inputErrors ? .failure : .success
    }

    /// Writes `bytes` to `name.vcf` in the folder, or to `name-2.vcf`, `name-3.vcf`… when taken.
    /// The name is claimed with `O_EXCL` before the atomic write, so no file is ever replaced.
    private func write(_ bytes: [UInt8], named name: String) throws {
        let base = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var n = 1
        while true {
            let path = base + (n == 1 ? "" : "-\(n)") + ".vcf"
            n += 1
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw ToolError("\(path): \(String(cString: strerror(errno)))")
            }
            close(fd)
            do {
                return try AtomicFile.write(bytes, to: path)
            } catch {
                unlink(path)
                throw ToolError(error.description)
            }
        }
    }

    /// Creates `path` and any missing parent folders.
    private static func makeFolder(_ path: String) throws {
        if VCardFolder.isDirectory(path) { return }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex { try makeFolder(String(trimmed[..<slash])) }
        guard mkdir(path, 0o777) == 0 || (errno == EEXIST && VCardFolder.isDirectory(path)) else {
            throw ToolError("\(path): \(errno == EEXIST ? "not a folder" : String(cString: strerror(errno)))")
        }
    }
}
