import CardDAV
import ContactsModel
import Foundation
import VCardParser

/// `vcardtool dav`: the address books of a CardDAV server: list them, mirror one to a folder,
/// upload cards to one.
struct Dav: Subcommand {
    static let name = "dav"
    static let abstract = "List, mirror (pull) and upload (push) the address books of a CardDAV server."
    static let usage = "ls <url> | pull <url> --into <folder> | push [--dry-run] <file-or-folder> ... <url>"
    static let discussion = """
        'dav ls URL' lists the address books found from URL: the URL itself when it is an
        address book, else those of the account (through /.well-known/carddav, the current
        user principal and its address book home set), with their names and card counts.
        'dav pull URL --into FOLDER' mirrors the address book URL to FOLDER, one card a file
        named after the last segment of its href (made safe: no '/', no '..'), and keeps the
        server's sync token and ETags in FOLDER/.vcardtool-dav.json: the next pull transfers
        only the cards that changed, and removes the files of cards deleted on the server.
        Local changes to the mirrored files are overwritten by the next change on the server.
        'dav push FILE|FOLDER... URL' uploads cards by UID: a card whose UID the server has
        replaces it if it did not change meanwhile (If-Match), a new UID is added as UID.vcf
        (If-None-Match: *), a card equal to the server's is not sent. A card changed on the
        server since it was read is a conflict: reported, not overwritten. With --dry-run,
        nothing is sent. Two-way synchronization is not done (vdirsyncer does it).
        Credentials come from VCARDTOOL_DAV_USER and VCARDTOOL_DAV_PASSWORD, else from
        ~/.netrc (machine HOST login USER password SECRET), never from the command line.
        Plain http:// is used only to the loopback (127.0.0.0/8, ::1, localhost) unless
        --allow-insecure-http is given; redirects are followed only to the same origin.
        Exit status: 0 when done, 1 on conflicts or input errors (the rest is still done),
        2 on trouble (a bad option, an unreachable server, a refused login, a failed write).
        """
    static let options = [
        ("--into <folder>", "The folder 'pull' mirrors the address book to."),
        ("--dry-run", "With 'push': say what would be sent, and send nothing."),
        ("--allow-insecure-http", "Allow plain http:// to hosts other than the loopback."),
        ("--timeout <seconds>", "Give up on a request without progress after this long (default 30)."),
    ]
    static let examples = [
        ("vcardtool dav ls https://dav.example.com/", "The address books of the account."),
        ("vcardtool dav pull https://dav.example.com/ada/contacts/ --into contacts/", "Mirror one; run again to fetch the changes."),
        ("vcardtool dav push --dry-run contacts/ https://dav.example.com/ada/contacts/", "What a push would add and update."),
    ]

    enum Action: Equatable {
        case list
        case pull(folder: String)
        case push(inputs: [String], dryRun: Bool)
    }

    var action: Action
    var url: URL
    var allowInsecureHTTP: Bool
    var timeout: Double

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let folder = try arguments.option("into")
        let dryRun = arguments.flag("dry-run")
        allowInsecureHTTP = arguments.flag("allow-insecure-http")
        let timeoutText = try arguments.option("timeout")
        guard let timeout = Double(timeoutText ?? "30"), timeout > 0 else { throw UsageError("Invalid --timeout '\(timeoutText ?? "")'") }
        self.timeout = timeout
        var positionals = try arguments.finish()
        guard !positionals.isEmpty else { throw UsageError("Missing ls, pull or push") }
        let verb = positionals.removeFirst()
        guard let last = positionals.popLast() else { throw UsageError("Missing <url>") }
        guard let url = URL(string: last), url.scheme == "http" || url.scheme == "https" else { throw UsageError("Not an http or https URL: '\(last)'") }
        self.url = url
        switch verb {
        case "ls" where positionals.isEmpty && folder == nil && !dryRun: action = .list
        case "pull" where positionals.isEmpty && !dryRun:
            guard let folder, !folder.isEmpty else { throw UsageError("Missing --into <folder>") }
            action = .pull(folder: folder)
        case "push" where folder == nil:
            guard !positionals.isEmpty else { throw UsageError("Missing <file-or-folder>") }
            action = .push(inputs: positionals, dryRun: dryRun)
        case "ls", "pull", "push": throw UsageError("Unexpected arguments for 'dav \(verb)'")
        default: throw UsageError("Unknown action '\(verb)'; expected ls, pull or push")
        }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let client = DAVClient(credentials: Credentials.lookup(for: url), allowInsecureHTTP: allowInsecureHTTP, timeout: timeout)
        do {
            switch action {
            case .list: return try list(client, terminal)
            case .pull(let folder):
                let summary = try DavPull(client: client, book: addressBook(client), folder: folder).run()
                terminal.error("dav pull: \(summary.added) added, \(summary.updated) updated, \(summary.removed) removed in \(folder)")
                return .success
            case .push(let inputs, let dryRun): return try push(inputs, dryRun: dryRun, client, terminal)
            }
        } catch let error as DAVError {
            throw ToolError(error.description)
        }
    }

    /// One line per address book: URL, name, card count.
    private func list(_ client: DAVClient, _ terminal: Terminal) throws -> ExitStatus {
        let url = url
        let books = try waitFor { try await client.addressBooks(at: url) }
        for book in books {
            let count = try waitFor { try await client.cardReferences(in: book).count }
            terminal.print("\(book.url.absoluteString)\t\(VisibleText.escaped(book.displayName ?? ""))\t\(count)")
        }
        if books.isEmpty { terminal.message("no address book found from \(url.absoluteString)") }
        return books.isEmpty ? .failure : .success
    }

    private func push(_ files: [String], dryRun: Bool, _ client: DAVClient, _ terminal: Terminal) throws -> ExitStatus {
        var cards: [VCard] = []
        var inputErrors = false
        for input in try Input.expand(files, terminal) {
            inputErrors = try input.forEachCard(reportingErrorsTo: terminal) { card in cards.append(card.withUID) } || inputErrors
        }
        let summary = try DavPush(client: client, book: addressBook(client), dryRun: dryRun).run(cards) { terminal.message($0) }
        let verb = dryRun ? "dav push (dry run, nothing sent)" : "dav push"
        terminal.error("\(verb): \(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.conflicts) conflicts")
        return inputErrors || summary.conflicts > 0 ? .failure : .success
    }

    /// The address book `url` names, which pull and push need (not a server or home set).
    private func addressBook(_ client: DAVClient) throws -> AddressBook {
        let url = url
        return try waitFor { try await client.addressBook(at: url) }
    }
}
