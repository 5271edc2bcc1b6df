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
    static let usage = "--into <folder> [--format text|json] [<file-folder-or-url> ...]"
    static let discussion = """
        Writes each card byte for byte (UTF-16 input as UTF-8) to FOLDER/UID.vcf, with the UID
        made safe for a file name (no '/', no '..'); FOLDER is created if missing. A card without
        a UID gets one derived from its content, added as a UID line, and is named after it.
        Existing files are never overwritten: a name already taken gets a suffix, UID-2.vcf,
        UID-3.vcf…; a file that already holds the same card is left alone, so running split
        again (after an interruption, or on a newer export) writes only the cards not there yet.
        Each file is written in full to a temporary file and then linked under its name, so a
        reader never sees half a card, and a symbolic link planted in the folder is never followed.
        'vcardtool cat FOLDER' joins the cards again.
        With --format json, standard output has one JSON object per card and line (JSON Lines),
        {"type":"card","input":"export.vcf","line":1,"uid":"…","file":"contacts/UID.vcf",
        "status":"written"} ("present" when the file already held the card), and last
        {"type":"summary","folder":"contacts/","written":3,"present":1} instead of the summary
        on standard error.
        Exit status: 0 when every card was written, 1 when an input had errors (the cards read
        are still written), 2 on trouble (a bad option, an unreadable input, a failed write).
        """
    static let options = [
        ("--into <folder>", "The folder to write the cards to."),
        ("--format text|json", "Print a summary on standard error (the default), or JSON Lines on standard output."),
    ]
    static let examples = [
        ("vcardtool split --into contacts/ export.vcf", "One file per contact, e.g. for a CardDAV folder."),
        ("vcardtool cat contacts/ > export.vcf", "Join them again."),
        ("vcardtool split --into contacts/ --format json export.vcf", "Which file holds each card."),
    ]

    var folder: String
    var json: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        guard let folder = try arguments.option("into"), !folder.isEmpty else { throw UsageError("Missing --into <folder>") }
        self.folder = folder
        json = try OutputFormat.parse(&arguments) == .json
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand(files, terminal)
        try Self.makeFolder(folder)
        let directory: OpenDirectory
        do { directory = try OpenDirectory(folder) } catch { throw ToolError(error.description) }
        var names = FileNamer()
        var written = 0, present = 0
        var inputErrors = false
        defer { directory.sync() }
        for input in inputs {
            inputErrors =
                try input.forEachCard(reportingErrorsTo: terminal) { card in
                    // Named from the card's content, so splitting the same file again finds it.
                    let card = card.withUID
                    let stored = try names.store(card.bytesAsRead, named: SafeFileName.make(from: card.trimmedUID ?? ""), in: directory)
                    if stored.created { written += 1 } else { present += 1 }
                    guard json else { return }
                    var object = JSONObject()
                    object.add("type", "card")
                    object.add("input", input.name)
                    object.add("line", card.line)
                    object.add("uid", card.trimmedUID)
                    object.add("file", folder.hasSuffix("/") ? folder + stored.file : folder + "/" + stored.file)
                    object.add("status", stored.created ? "written" : "present")
                    terminal.print(object.text)
                } || inputErrors
        }
        if json {
            var summary = JSONObject()
            summary.add("type", "summary")
            summary.add("folder", folder)
            summary.add("written", written)
            summary.add("present", present)
            terminal.print(summary.text)
        } else {
            terminal.error("split: \(written) cards into \(folder)" + (present > 0 ? ", \(present) already there" : ""))
        }
        return inputErrors ? .failure : .success
    }

    /// Picks the file of each card: `NAME.vcf`, else `NAME-2.vcf`, `NAME-3.vcf`… Remembers the
    /// next suffix to try for each name that collided, so many cards sharing a UID take linear time.
    struct FileNamer {
        private var nextSuffix: [String: Int] = [:]

        /// Creates the first free file for `bytes` (never replacing one), or finds the file of the
        /// name that already holds exactly these bytes (a card split before: `created` is false).
        mutating func store(_ bytes: [UInt8], named name: String, fileExtension: String = "vcf", in directory: OpenDirectory) throws -> (file: String, created: Bool) {
            var n = nextSuffix[name] ?? 1
            // Only names that collided are remembered: memory grows with the shared UIDs, not the cards.
            defer { if n > 2 { nextSuffix[name] = n } }
            while true {
                let file = name + (n == 1 ? "" : "-\(n)") + "." + fileExtension
                n += 1
                if directory.status(of: file) == nil {
                    do {
                        if try directory.createFile(named: file, containing: bytes) { return (file, true) }
                    } catch {
                        throw ToolError(error.description)
                    }
                }
                if directory.holds(file, exactly: bytes) { return (file, false) }
            }
        }
    }

    /// Creates `path` and any missing parent folders.
    static func makeFolder(_ path: String) throws {
        if VCardFolder.isDirectory(path) { return }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex { try makeFolder(String(trimmed[..<slash])) }
        guard mkdir(path, 0o777) == 0 || (errno == EEXIST && VCardFolder.isDirectory(path)) else {
            throw ToolError("\(path): \(errno == EEXIST ? "not a folder" : String(cString: strerror(errno)))")
        }
    }
}
