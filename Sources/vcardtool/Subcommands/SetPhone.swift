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
    static let usage = "(--email <address> --phone <number> | --updates <file.csv>) [<options>] [<file-or-folder> ...]"
    static let discussion = """
        Finds every card with an EMAIL labeled work equal to the address (ignoring case), and
        replaces its main phone: the TEL labeled main (TYPE=main or Apple's _$!<Main>!$_), else the
        preferred TEL, else the first. Its group, label and parameters stay. A card without TEL gets
        one labeled main. Every other byte stays as it was.
        Exit status: 0 when every address matched, 1 when some matched nothing, 2 on errors.
        """
    static let options = [
        ("--email <address>", "The work email to look for."),
        ("--phone <number>", "The new phone number."),
        ("--updates <file.csv>", "Many updates: a CSV file with a header row 'email,phone'."),
        ("--label <label>", "The label of the phone to replace or add (default: main)."),
        ("--any-email", "Match any EMAIL, not only those labeled work."),
        ("--in-place", "Rewrite each file atomically instead of printing to standard output."),
        ("--backup <suffix>", "With --in-place, keep the original as FILE<suffix>."),
        ("--dry-run", "Print what would change as a diff; write nothing."),
        ("--force", "Rewrite in place even a file with parse errors."),
    ]
    static let examples = [
        ("vcardtool set-phone --email ada@example.com --phone '+1 555 0199' contacts.vcf > out.vcf", "Print the updated file."),
        ("vcardtool set-phone --updates phones.csv --in-place --backup .orig contacts.vcf", "Apply a CSV of updates in place."),
        ("vcardtool set-phone --email ada@example.com --phone '+1 555 0199' --dry-run contacts/", "See what would change in a folder."),
    ]

    var updates: [String: PhoneNumber] = [:]
    /// The addresses in the order given, for the summary.
    var requestedEmails: [String] = []
    var label: Label
    var anyEmail: Bool
    var inPlace: Bool
    var backupSuffix: String?
    var dryRun: Bool
    var force: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let email = try arguments.option("email")
        let phone = try arguments.option("phone")
        let updatesFile = try arguments.option("updates")
        label = Label(parsing: try arguments.option("label") ?? "main")
        anyEmail = arguments.flag("any-email")
        inPlace = arguments.flag("in-place")
        backupSuffix = try arguments.option("backup")
        dryRun = arguments.flag("dry-run")
        force = arguments.flag("force")
        files = try arguments.finish()
        if (email == nil) != (phone == nil) { throw UsageError("--email and --phone go together") }
        if email == nil && updatesFile == nil { throw UsageError("Missing --email and --phone, or --updates") }
        if backupSuffix != nil && !inPlace { throw UsageError("--backup needs --in-place") }
        if backupSuffix?.isEmpty == true { throw UsageError("--backup needs a non-empty suffix") }
        if backupSuffix?.contains("/") == true { throw UsageError("--backup takes a suffix for the file's name, without '/'") }
        if inPlace && (files.isEmpty || files.contains("-")) { throw UsageError("--in-place needs files, not standard input") }
        if let email, let phone { add(email: email, phone: phone) }
        if let updatesFile { try readUpdates(updatesFile) }
    }

    private mutating func add(email: String, phone: String) {
        let key = ContactPredicate.normalizedEmail(email)
        if updates[key] == nil { requestedEmails.append(key) }
        updates[key] = PhoneNumber(stringValue: phone)
    }

    private mutating func readUpdates(_ path: String) throws(UsageError) {
        guard let bytes = readFile(path) else { throw UsageError("Cannot read '\(path)'") }
        let rows = CSVReader.rows(bytes)
        guard let header = rows.first?.map({ $0.trimmingSpaces().lowercased() }),
            let e = header.firstIndex(of: "email"), let p = header.firstIndex(of: "phone")
        else { throw UsageError("\(path): the first row must name the columns 'email' and 'phone'") }
        for (n, row) in rows.dropFirst().enumerated() {
            guard row.count > max(e, p) else { throw UsageError("\(path):\(n + 2): expected columns email and phone") }
            add(email: row[e], phone: row[p].trimmingSpaces())
        }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var totals = Totals()
        var matched = Set<String>()
        var trouble = false
        let progress = Progress(terminal: terminal)
        for input in try Input.expand(files) {
            do {
                try process(input, terminal, &totals, &matched, progress)
            } catch let error as ToolError {
                terminal.error("vcardtool set-phone: \(error)")
                trouble = true
            }
        }
        progress.finish()
        let unmatched = requestedEmails.filter { !matched.contains($0) }
        let phones = totals.replaced == 1 ? "phone" : "phones"
        var summary = "set-phone: \(totals.cards) cards read, \(totals.updated) updated (\(totals.replaced) \(phones) replaced, \(totals.added) added)"
        if !unmatched.isEmpty { summary += "; no card for: " + unmatched.joined(separator: ", ") }
        terminal.error(summary)
        if trouble { return .trouble }
        return unmatched.isEmpty ? .success : .failure
    }

    struct Totals {
        var cards = 0, updated = 0, replaced = 0, added = 0

        mutating func add(_ other: Totals) {
            cards += other.cards
            updated += other.updated
            replaced += other.replaced
            added += other.added
        }
    }

    private func process(_ input: Input, _ terminal: Terminal, _ totals: inout Totals, _ matched: inout Set<String>, _ progress: Progress) throws {
        guard inPlace, !dryRun, let path = input.path else {
            _ = try edit(input, terminal, &totals, &matched, progress) { terminal.write($0) }
            return
        }
        // In place: under the folder's lock, read the file as it is now, apply the updates and
        // write the result beside it (FileRewrite); concurrent runs take turns, so no edit is lost.
        var fileTotals = Totals(), fileMatched = Set<String>()
        do {
            try FileRewrite.rewrite(path, options: FileRewrite.Options(force: force, backupSuffix: backupSuffix)) { source, output in
                guard let source else { throw ToolError("\(input.name): no longer exists") }
                (fileTotals, fileMatched) = (Totals(), [])
                var current = input
                current.descriptor = source
                return try edit(current, terminal, &fileTotals, &fileMatched, progress) { try output.write($0) }
            }
        } catch let error as FileWriteError {
            throw ToolError(error.description)
        }
        totals.add(fileTotals)
        matched.formUnion(fileMatched)
    }

    /// Reads the cards of `input`, updates those asked for and passes the result to `output` in
    /// blocks (or, with --dry-run, prints the changes as a diff). Returns whether a card changed.
    /// - Throws: ``ToolError`` when writing in place and the input has errors (unless --force).
    private func edit(_ input: Input, _ terminal: Terminal, _ totals: inout Totals, _ matched: inout Set<String>,
                      _ progress: Progress, output: ([UInt8]) throws -> Void) throws -> Bool {
        let writer = VCardWriter()
        var out: [UInt8] = []
        var firstError: Diagnostic?
        var diffLines: [String] = []
        var oldLine = 1, newLine = 1
        var isFirstBlock = true
        var changed = false
        let reader = try input.forEachCard(diagnostics: { d in
            guard d.severity == .error else { return }
            if firstError == nil { firstError = d }
            terminal.error(d.formatted(file: input.name))
        }) { card, encoding in
            totals.cards += 1
            var updated = card
            if let (email, change, newCard) = update(card) {
                matched.insert(email)
                updated = newCard
                totals.updated += 1
                if change == .added { totals.added += 1 } else if change != .unchanged { totals.replaced += 1 }
                if change != .unchanged { changed = true }
            }
            let before = out.count
            writer.write(updated, to: &out)
            progress.advance(bytes: out.count - before)
            if dryRun {
                var old: [UInt8] = []
                writer.write(card, to: &old)
                let newBytes = Array(out[before...])
                let oldLines = LineDiff.lines(old), newLines = LineDiff.lines(newBytes)
                if old != newBytes {
                    diffLines += LineDiff.hunks(old: oldLines, new: newLines, oldStart: oldLine, newStart: newLine)
                }
                oldLine += oldLines.count
                newLine += newLines.count
                out.removeAll(keepingCapacity: true)
            } else if out.count >= 1 << 20 {
                try output(encoding.encode(out, withByteOrderMark: isFirstBlock))
                isFirstBlock = false
                out.removeAll(keepingCapacity: true)
            }
        }
        if dryRun {
            if !diffLines.isEmpty {
                terminal.print("--- \(input.name)")
                terminal.print("+++ \(input.name)")
                for line in diffLines { terminal.print(line) }
            }
            return changed
        }
        if inPlace, let firstError, !force {
            throw ToolError("\(input.name):\(firstError.position.line): not rewritten because the file has errors (use --force to rewrite it anyway)")
        }
        out.append(contentsOf: reader.trailingBytes)
        try output(reader.inputEncoding.encode(out, withByteOrderMark: isFirstBlock))
        return changed
    }

    /// The updated card when one of its emails is asked for.
    private func update(_ card: VCard) -> (String, Contact.PhoneChange, VCard)? {
        // Most cards are not asked for: look at their EMAIL values before building a contact.
        let asked = card.properties.contains { $0.hasName("EMAIL") && updates[ContactPredicate.normalizedEmail($0.text)] != nil }
        guard asked else { return nil }
        var contact = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
        for email in contact.emailAddresses where anyEmail || email.label == .work {
            let key = ContactPredicate.normalizedEmail(email.value)
            guard let phone = updates[key] else { continue }
            let change = contact.setMainPhoneNumber(phone, label: label)
            return (key, change, contact.vCard(writingGeneratedIdentifier: false))
        }
        return nil
    }
}
