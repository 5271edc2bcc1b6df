import ContactsModel
import VCardParser

/// `vcardtool merge --dupes`: each group of cards that `dupes` finds becomes one card.
struct Merge: Subcommand {
    static let name = "merge"
    static let abstract = "Merge the cards of a file that are the same person into one card each."
    static let usage = "--dupes [--prefer old|new] [--dry-run] [--in-place] <file>"
    static let discussion = """
        Groups the cards as 'vcardtool dupes' does (UID, email, phone) and keeps one card of
        each group: the first in the file (--prefer old, the default) or the last (--prefer
        new), in its place, every line of it unchanged. The others are removed, and what they
        add is appended to the kept card: an EMAIL, TEL, ADR, URL, NOTE, CATEGORIES… whose value
        the kept card lacks (an email ignoring case, a number however written, the rest by its
        decoded value; the kept card's labels stand). A single property (FN, N, BDAY, UID…)
        that differs keeps the kept card's value; the other is kept as X-MERGED-<NAME> with its
        parameters, and each such choice is listed on standard error. VERSION, PRODID and REV
        are the kept card's. The whole file is held in memory.
        Prints the result, or with --in-place rewrites the file atomically, or with --dry-run
        shows what would change as a diff. A summary goes to standard error.
        Exit status: 0 when done, 1 when the file has errors (it is then not rewritten), 2 on
        trouble (a bad option, an unreadable file, a failed write).
        """
    static let options = [
        ("--dupes", "Merge the groups of duplicates the file holds (required)."),
        ("--prefer old|new", "Keep the first card of a group (default) or the last."),
        ("--in-place", "Rewrite the file (a regular file) atomically instead of printing it."),
        ("--dry-run", "Print what would change as a diff; write nothing."),
    ]
    static let examples = [
        ("vcardtool merge --dupes --dry-run contacts.vcf", "See what merging would change."),
        ("vcardtool merge --dupes --prefer new --in-place contacts.vcf", "Merge, keeping the latest card of each person."),
    ]

    var prefer: CardMerge.Prefer
    var dryRun: Bool
    var inPlace: Bool
    var file: String

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let dupes = arguments.flag("dupes")
        let preference = try arguments.option("prefer") ?? "old"
        guard let prefer = CardMerge.Prefer(rawValue: preference) else { throw UsageError("Unknown preference '\(preference)'; use old or new") }
        self.prefer = prefer
        dryRun = arguments.flag("dry-run")
        inPlace = arguments.flag("in-place")
        let files = try arguments.finish()
        guard dupes else { throw UsageError("Missing --dupes") }
        guard files.count == 1 else { throw UsageError("Expected one file; got \(files.count)") }
        file = files[0]
        if inPlace && file == "-" { throw UsageError("--in-place needs a file, not standard input") }
    }

    /// What the summary counts.
    struct Totals {
        var groups = 0, merged = 0, alone = 0
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand([file], terminal)
        guard inputs.count == 1, let input = inputs.first else { throw ToolError("\(file): merge takes one file, not a folder") }
        var totals = Totals()
        var hadErrors = false
        if inPlace && !dryRun {
            guard input.isRegularFile, let path = input.path else {
                throw ToolError("\(input.name): not a regular file with a UTF-8 name; --in-place rewrites those only")
            }
            do {
                try FileRewrite.rewrite(path) { source, output in
                    guard let source else { throw ToolError("\(input.name): no longer exists") }
                    var current = input
                    current.descriptor = source
                    (totals, hadErrors) = (Totals(), false)  // a file that changed meanwhile is read again
                    return try merge(current, terminal, &totals, &hadErrors) { try output.write($0) }
                }
            } catch let error as FileWriteError {
                throw ToolError(error.description)
            }
        } else {
            _ = try merge(input, terminal, &totals, &hadErrors) { terminal.write($0) }
        }
        terminal.message("merged \(totals.merged) cards into \(totals.groups), left \(totals.alone) alone")
        return hadErrors ? .failure : .success
    }

    /// Reads the cards of `input`, merges each group and passes the result to `output` (or,
    /// with --dry-run, prints the changes as a diff). Returns whether a card changed.
    /// - Throws: ``ToolError`` when writing in place and the input has errors.
    private func merge(_ input: Input, _ terminal: Terminal, _ totals: inout Totals, _ hadErrors: inout Bool,
                       output: ([UInt8]) throws -> Void) throws -> Bool {
        var cards: [VCard] = []
        var finder = DuplicateFinder()
        var firstError: Diagnostic?
        var encoding = InputEncoding.utf8
        var reader: VCardReader?
        do {
            reader = try input.forEachCard(diagnostics: { d in
                guard d.severity == .error else { return }
                hadErrors = true
                if firstError == nil { firstError = d }
                terminal.report(d, in: input.name)
            }) { card, cardEncoding in
                encoding = cardEncoding
                finder.add(card)
                cards.append(card)
            }
        } catch is InputStopped {}
        if inPlace && !dryRun {
            if reader == nil { throw ToolError("\(input.name): not rewritten because reading stopped at an error") }
            if let firstError { throw ToolError("\(input.name):\(firstError.position.line): not rewritten because the file has errors") }
        }
        var result: [VCard?] = cards
        for group in finder.groups() {
            let kept = prefer == .old ? group.cards[0] : group.cards[group.cards.count - 1]
            let (card, choices) = CardMerge.merge(group.cards.map { cards[$0] }, prefer: prefer)
            for choice in choices {
                terminal.message("\(input.name):\(cards[kept].line): \(cards[kept].displayName): \(choice.name): kept '\(choice.kept)', "
                    + "set aside '\(choice.setAside)' as \(CardMerge.setAsidePrefix)\(choice.name)")
            }
            for member in group.cards { result[member] = nil }
            result[kept] = card
            totals.groups += 1
            totals.merged += group.cards.count
        }
        totals.alone = cards.count - totals.merged
        let writer = VCardWriter()
        var out: [UInt8] = []
        var diffLines: [String] = []
        var oldLine = 1, newLine = 1
        for (old, new) in zip(cards, result) {
            var newBytes: [UInt8] = []
            if let new { writer.write(new, to: &newBytes) }
            guard dryRun else {
                out += newBytes
                continue
            }
            var oldBytes: [UInt8] = []
            writer.write(old, to: &oldBytes)
            let oldLines = LineDiff.lines(oldBytes), newLines = LineDiff.lines(newBytes)
            if oldBytes != newBytes { diffLines += LineDiff.hunks(old: oldLines, new: newLines, oldStart: oldLine, newStart: newLine) }
            oldLine += oldLines.count
            newLine += newLines.count
        }
        if dryRun {
            if !diffLines.isEmpty {
                terminal.print("--- " + TerminalText.escaped(input.name))
                terminal.print("+++ " + TerminalText.escaped(input.name))
                for line in diffLines { terminal.print(TerminalText.escaped(line)) }
            }
            return false
        }
        out.append(contentsOf: reader?.trailingBytes ?? [])
        try output((reader?.inputEncoding ?? encoding).encode(out, withByteOrderMark: true))
        return totals.groups > 0
    }
}
