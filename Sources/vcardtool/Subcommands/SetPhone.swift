#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardFormats
import VCardParser

/// `vcardtool set-phone`: the contact whose work email matches gets a new main phone number.
struct SetPhone: Subcommand {
    static let name = "set-phone"
    static let abstract = "Set the main phone number of the contacts whose work email matches."
    static let usage = "(--email <address> (--phone <number> | --clear) | --updates <file.csv>) [<options>] [<file-folder-or-url> ...]"
    static let discussion = """
        Finds every card with an EMAIL labeled work equal to the address (ASCII letters ignoring
        case, every other character exactly: 'K' (U+212A KELVIN SIGN) is not 'k'), and replaces its
        main phone: the TEL labeled main (TYPE=main or Apple's _$!<Main>!$_), else the preferred
        TEL, else the first. Its group, label and parameters stay. A card without TEL gets one
        labeled main. Every other byte stays as it was. In a 4.0 tel: URI an extension is kept
        (;ext=23, also typed 'ext. 23' or 'x23'); a value that is not a number is written as text,
        with a warning.
        An empty phone is refused unless --clear says to remove the main phone. The same address
        twice with different phones, or two addresses of one card asking different phones, is a
        conflict: the first is reported before anything is written, the second leaves the card
        unchanged; both exit 2.
        With --format json (and --in-place or --dry-run, since otherwise standard output holds
        the cards), standard output has JSON Lines instead of the diff and the summary: one
        object per card asked for, {"type":"change","input":"contacts.vcf","line":1,
        "name":"Ada Lovelace","email":"ada@example.com","action":"replaced","old":"+1 555 0100",
        "phone":"+1 555 0199"} (action: replaced, added, removed or unchanged; old and phone null
        where there is none), then {"type":"summary","cards":4,"updated":1,"replaced":1,
        "added":0,"removed":0,"conflicts":0,"unmatched":["x@example.com"]}. Problems stay on
        standard error.
        Exit status: 0 when every address matched, 1 when some matched nothing or an input had
        errors, 2 on trouble (a bad option or CSV, a conflict, an unreadable input, a failed write).
        """
    static let options = [
        ("--email <address>", "The work email to look for."),
        ("--phone <number>", "The new phone number (not empty)."),
        ("--clear", "Remove the main phone: instead of --phone, or to let an empty phone cell of --updates do it."),
        ("--updates <file.csv>", "Many updates: a CSV file with a header row 'email,phone'."),
        ("--label <label>", "The label of the phone to replace or add (default: main)."),
        (PhoneRegion.option.0, "Write phones typed without a country code in international form when this region places them (020 7946 0001 x5 with GB: +44 20 7946 0001 x5, tel:+44-20-7946-0001;ext=5 in 4.0); default $VCARDTOOL_REGION, never the machine's locale."),
        ("--any-email", "Match any EMAIL, not only those labeled work."),
        ("--in-place", "Rewrite each file (a regular file) atomically, or send back each changed card of an address book URL (If-Match), instead of printing to standard output."),
        ("--backup <suffix>", "With --in-place, keep the original as FILE<suffix>."),
        ("--dry-run", "Print what would change as a diff; write nothing."),
        ("--force", "Rewrite in place even a file with parse errors."),
        ("--format text|json", "Report the changes as text on standard error (the default), or as JSON Lines on standard output."),
    ]
    static let examples = [
        ("vcardtool set-phone --email ada@example.com --phone '+1 555 0199' contacts.vcf > out.vcf", "Print the updated file."),
        ("vcardtool set-phone --updates phones.csv --in-place --backup .orig contacts.vcf", "Apply a CSV of updates in place."),
        ("vcardtool set-phone --email ada@example.com --phone '+1 555 0199' --dry-run contacts/", "See what would change in a folder."),
        ("vcardtool set-phone --email ada@example.com --phone '+1 555 0199' --in-place https://dav.example.com/ada/contacts/", "Update the card on a CardDAV server."),
    ]

    var updates = PhoneUpdates()
    /// The CSV file of `--updates`, read when the command runs.
    var updatesFile: String?
    var clear: Bool
    var label: Label
    var anyEmail: Bool
    var inPlace: Bool
    var backupSuffix: String?
    var dryRun: Bool
    var force: Bool
    /// The changes and the summary as JSON Lines on standard output.
    var json: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let email = try arguments.option("email")
        let phone = try arguments.option("phone")
        updatesFile = try arguments.option("updates")
        clear = arguments.flag("clear")
        label = Label(parsing: try arguments.option("label") ?? "main")
        anyEmail = arguments.flag("any-email")
        inPlace = arguments.flag("in-place")
        backupSuffix = try arguments.option("backup")
        dryRun = arguments.flag("dry-run")
        force = arguments.flag("force")
        updates.region = try PhoneRegion.parse(&arguments)
        json = try OutputFormat.parse(&arguments) == .json
        files = try arguments.finish()
        if json && !inPlace && !dryRun { throw UsageError("--format json needs --in-place or --dry-run (else standard output holds the cards)") }
        if email != nil && phone == nil && !clear { throw UsageError("--email goes with --phone or --clear") }
        if email == nil && phone != nil { throw UsageError("--email and --phone go together") }
        if email == nil && updatesFile == nil { throw UsageError("Missing --email and --phone, or --updates") }
        if backupSuffix != nil && !inPlace { throw UsageError("--backup needs --in-place") }
        if backupSuffix?.isEmpty == true { throw UsageError("--backup needs a non-empty suffix") }
        if backupSuffix?.contains("/") == true { throw UsageError("--backup takes a suffix for the file's name, without '/'") }
        if inPlace && (files.isEmpty || files.contains("-")) { throw UsageError("--in-place needs files, not standard input") }
        if let email {
            if phone != nil && clear { throw UsageError("--phone and --clear go separately") }
            if let problem = updates.add(email: email, phone: phone ?? "", from: "--phone", allowingClear: clear) {
                throw UsageError(problem)
            }
        }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var updates = self.updates
        if let updatesFile {
            let bytes = try readFile(updatesFile)
            let problems = updates.add(csv: bytes, named: updatesFile, allowingClear: clear)
            for problem in problems { terminal.message(problem) }
            if !problems.isEmpty { return .trouble }
        }
        let inputs = try Input.expand(files, terminal)
        if backupSuffix != nil, let input = inputs.first(where: { $0.remote != nil }) {
            throw ToolError("\(input.name): --backup keeps a copy of a file; a card on a server has none (pull the book first: vcardtool dav pull)")
        }
        if inPlace, let input = inputs.first(where: { $0.remote == nil && (!$0.isRegularFile || $0.path == nil) }) {
            let reason = input.isRegularFile ? "the name is not valid UTF-8" : "not a regular file"
            throw ToolError("\(input.name): \(reason); --in-place rewrites regular files with UTF-8 names only")
        }
        var totals = Totals()
        var trouble = false
        for input in inputs {
            do {
                try process(input, updates, terminal, &totals)
            } catch let error as ToolError {
                terminal.message("\(error)")
                trouble = true
            }
            for change in totals.changeRecords { terminal.print(change) }
            totals.changeRecords.removeAll()
        }
        let unmatched = updates.emails.filter { !totals.matched.contains(EmailKey($0)) }
        if json {
            terminal.print(totals.jsonSummary(unmatched: unmatched))
        } else {
            terminal.error(totals.summary(unmatched: unmatched))
        }
        if trouble || totals.conflicts > 0 { return .trouble }
        return unmatched.isEmpty && !totals.inputErrors ? .success : .failure
    }

    private func process(_ input: Input, _ updates: PhoneUpdates, _ terminal: Terminal, _ totals: inout Totals) throws {
        if inPlace, !dryRun, let card = input.remote { return try processRemote(input, card, updates, terminal, &totals) }
        guard inPlace, !dryRun, let path = input.path else {
            _ = try edit(input, updates, terminal, &totals) { terminal.write($0) }
            return
        }
        // In place: under the folder's lock, read the file as it is now, apply the updates and
        // write the result beside it (FileRewrite); concurrent runs take turns, so no edit is lost.
        let before = totals
        do {
            try FileRewrite.rewrite(path, options: FileRewrite.Options(force: force, backupSuffix: backupSuffix)) { source, output in
                guard let source else { throw ToolError("\(input.name): no longer exists") }
                totals = before  // a file that changed meanwhile is read again from the start
                var current = input
                current.descriptor = source
                return try edit(current, updates, terminal, &totals) { try output.write($0) }
            }
        } catch let error as FileWriteError {
            throw ToolError(error.description)
        }
    }

    /// In place on a server: the card is sent back only when it changed, with `If-Match` the ETag
    /// it was read at. A card another client changed meanwhile (or was writing: `423 Locked`)
    /// is read again and the update applied to it (as a file rewritten in place is read again),
    /// up to ten times before it is reported as a conflict; no one's change is overwritten.
    private func processRemote(_ input: Input, _ card: AddressBookCard, _ updates: PhoneUpdates, _ terminal: Terminal, _ totals: inout Totals) throws {
        let before = totals
        var current = input
        // The bytes edited and the ETag sent back come from one answer of the server.
        let (bytes, etag) = try card.load()
        current.remote?.content = .fetched(bytes: bytes, etag: etag)
        for _ in 1...10 {
            totals = before
            var bytes: [UInt8] = []
            guard try edit(current, updates, terminal, &totals, output: { bytes += $0 }), let remote = current.remote else { return }
            guard case .fetched(_, let etag?) = remote.content else { throw ToolError("\(input.name): the server gave no ETag, so it cannot be changed safely") }
            do {
                _ = try remote.book.replace(remote.href, with: bytes, ifMatch: etag)
                return
            } catch .failed(_, let message) {
                throw ToolError(message)
            } catch {
                // Changed meanwhile (412), or still locked after the client's own retries (423).
                current.remote = try remote.readAgain(name: input.name)
            }
        }
        throw ToolError("\(input.name): changed on the server at each of 10 tries; not written (412 Precondition Failed)")
    }

    /// Reads the cards of `input`, updates those asked for and passes the result to `output` in
    /// blocks (or, with --dry-run, prints the changes as a diff). Returns whether a card changed.
    /// - Throws: ``ToolError`` when writing in place and the input has errors (unless --force).
    private func edit(
        _ input: Input, _ updates: PhoneUpdates, _ terminal: Terminal, _ totals: inout Totals,
        output: ([UInt8]) throws -> Void
    ) throws -> Bool {
        let writer = VCardWriter()
        var out: [UInt8] = []
        var firstError: Diagnostic?
        var diffLines: [String] = []
        var oldLine = 1, newLine = 1
        var isFirstBlock = true
        var encoding = InputEncoding.utf8
        let changesBefore = totals.changes
        // An input stopped by a limit still gets its earlier cards printed, never rewritten.
        var reader: VCardReader?
        let editor = CardEditor(updates: updates, label: label, anyEmail: anyEmail, json: json, inputName: input.name)
        let dryRun = self.dryRun
        do {
            reader = try input.forEachCard(
                diagnostics: { d in
                    guard d.severity == .error else { return }
                    totals.inputErrors = true
                    if firstError == nil { firstError = d }
                    terminal.report(d, in: input.name)
                },
                transform: { card in
                    // Matched, edited and written on the parsing threads.
                    let (updated, outcome) = editor.edit(card)
                    // An untouched card is passed on as the bytes it was read from, not copied.
                    let bytes = writer.written(updated)
                    return CardEditor.EditedCard(bytes: bytes, change: outcome.map { .init(outcome: $0, old: dryRun ? writer.written(card) : nil) })
                },
                // A card no email may ask about is only checked, with where its EMAIL values lie, and
                // goes out as read; `edit` decides on the others, parsed in full.
                asRead: VCardReader.AsRead(keepingValuesOf: ["EMAIL"]) { card in
                    editor.updates.mayBeAbout(card) ? nil : CardEditor.EditedCard(bytes: card.bytes, change: nil)
                }
            ) { edited, cardEncoding in
                encoding = cardEncoding
                totals.cards += 1
                if let outcome = edited.change?.outcome { totals.add(outcome, terminal) }
                if dryRun {
                    let old = edited.change?.old ?? edited.bytes
                    let oldLines = LineDiff.lines(Array(old)), newLines = LineDiff.lines(Array(edited.bytes))
                    if old != edited.bytes {
                        diffLines += LineDiff.hunks(old: oldLines, new: newLines, oldStart: oldLine, newStart: newLine)
                    }
                    oldLine += oldLines.count
                    newLine += newLines.count
                } else {
                    out.append(contentsOf: edited.bytes)
                    if out.count >= Terminal.blockSize {
                        try output(encoding.encode(out, withByteOrderMark: isFirstBlock))
                        isFirstBlock = false
                        out.removeAll(keepingCapacity: true)
                    }
                }
            }
        } catch is InputStopped {}
        let changed = totals.changes != changesBefore
        if dryRun {
            if !diffLines.isEmpty && !json {
                terminal.print("--- " + TerminalText.escaped(input.name))
                terminal.print("+++ " + TerminalText.escaped(input.name))
                for line in diffLines { terminal.print(TerminalText.escaped(line)) }
            }
            return changed
        }
        if inPlace {
            if reader == nil { throw ToolError("\(input.name): not rewritten because reading stopped at an error") }
            if let firstError, !force {
                throw ToolError("\(input.name):\(firstError.position.line): not rewritten because the file has errors (use --force to rewrite it anyway)")
            }
        }
        out.append(contentsOf: reader?.trailingBytes ?? [])
        try output((reader?.inputEncoding ?? encoding).encode(out, withByteOrderMark: isFirstBlock))
        return changed
    }
}
