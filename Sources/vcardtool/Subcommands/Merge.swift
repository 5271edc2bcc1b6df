import ContactsModel
import VCardParser

/// `vcardtool merge`: each group of cards that `dupes` finds becomes one card (`--dupes`), or
/// the cards of exports are merged into the cards of a file they match, or added (`--into`).
struct Merge: Subcommand {
    static let name = "merge"
    static let abstract = "Merge the cards that are the same person: within a file or folder, or from exports into one."
    static let usage = "(--dupes <file> | --into <target> <source> ...) [--prefer old|new] [--dry-run] [--in-place]"
    static let discussion = """
        --dupes groups the cards of a file as 'vcardtool dupes' does (UID, email, phone) and
        keeps one card of each group: the first in the file (--prefer old, the default) or the
        last (--prefer new), in its place, its lines unchanged (but labels joined, below). The
        others are removed.
        --into imports the sources into the target: a source card whose UID (or X-ABUID) is a
        target card's is merged into that card, else one that shares an email or a phone number
        with a target card, else it is appended (and later cards can merge into it); the
        target's values stand. Importing the same export again changes nothing.
        Merging appends to the kept card what the others add: an EMAIL, TEL, ADR, URL, NOTE,
        CATEGORIES… whose value it lacks (an email ignoring case, a number however written, the
        rest by its decoded value), in the kept card's version; the TYPE labels of a value it has
        are joined to its line (but pref).
        A single property (FN, N, BDAY, UID…) that differs keeps the kept card's value; the other
        is kept as X-MERGED-<NAME> with its parameters, and each such choice is listed on
        standard error. VERSION, PRODID and REV are the kept card's. The file (the target) is
        held in memory.
        Prints the result, or with --in-place rewrites the file (the target) atomically, or with
        --dry-run shows what would change as a diff. A summary goes to standard error.
        A folder (one card per .vcf file, as 'split' writes it) is changed in place through the
        contact store's save, all or nothing: a merged card's file is rewritten (only its changed
        lines), a card merged away has its file deleted, and an appended card gets a new file
        named after its UID (a card without one gets a UID derived from its content, as 'split'
        does, so importing it again finds it). --dry-run shows the diff of each file instead.
        Exit status: 0 when done, 1 when an input has errors (the file is then not rewritten),
        2 on trouble (a bad option, an unreadable file, a failed write).
        """
    static let options = [
        ("--dupes", "Merge the groups of duplicates a file or folder holds."),
        ("--into <target>", "Import the source files or folders into the target file or folder."),
        ("--prefer old|new", "With --dupes: keep the first card of a group (default) or the last."),
        ("--in-place", "Rewrite the file (the target) atomically instead of printing it; a folder always is."),
        ("--dry-run", "Print what would change as a diff; write nothing."),
    ]
    static let examples = [
        ("vcardtool merge --dupes --dry-run contacts.vcf", "See what merging would change."),
        ("vcardtool merge --dupes --prefer new --in-place contacts.vcf", "Merge, keeping the latest card of each person."),
        ("vcardtool merge --into contacts.vcf --in-place google-export.vcf", "Import an export: known people are updated, the others added."),
        ("vcardtool merge --into contacts/ google-export.vcf", "The same into a folder of one-card files."),
    ]

    var prefer: MergePolicy
    var dryRun: Bool
    var inPlace: Bool
    /// The file merged or imported into.
    var file: String
    /// With --into, the files or folders imported.
    var sources: [String]?

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let dupes = arguments.flag("dupes")
        let into = try arguments.option("into")
        let preference = try arguments.option("prefer")
        guard let prefer = MergePolicy(rawValue: preference ?? "old") else {
            throw UsageError("Unknown preference '\(preference ?? "")'; use old or new")
        }
        self.prefer = prefer
        dryRun = arguments.flag("dry-run")
        inPlace = arguments.flag("in-place")
        let files = try arguments.finish()
        if let into {
            guard !dupes else { throw UsageError("--dupes and --into go separately") }
            guard preference == nil else { throw UsageError("--prefer goes with --dupes; with --into the target's values stand") }
            guard !files.isEmpty else { throw UsageError("Missing the files to import into \(into)") }
            (file, sources) = (into, files)
        } else {
            guard dupes else { throw UsageError("Missing --dupes or --into") }
            guard files.count == 1 else { throw UsageError("Expected one file; got \(files.count)") }
            file = files[0]
        }
        if inPlace && file == "-" { throw UsageError("--in-place needs a file, not standard input") }
    }

    /// What the summary counts.
    struct Totals {
        var groups = 0, merged = 0, alone = 0
        var updated = 0, appended = 0, unchanged = 0

        var summary: String { "merged \(merged) cards into \(groups), left \(alone) alone" }
        var importSummary: String { "updated \(updated), merged \(merged), appended \(appended), unchanged \(unchanged)" }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        if VCardFolder.isDirectory(file) { return try runOnFolder(terminal) }
        let inputs = try Input.expand([file], terminal)
        guard inputs.count == 1, let input = inputs.first else { throw ToolError("\(file): merge takes one file, not a folder") }
        let sourceInputs = try sources.map { try Input.expand($0, terminal) }
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
                    return try merge(current, sourceInputs, terminal, &totals, &hadErrors) { try output.write($0) }
                }
            } catch let error as FileWriteError {
                throw ToolError(error.description)
            }
        } else {
            _ = try merge(input, sourceInputs, terminal, &totals, &hadErrors) { terminal.write($0) }
        }
        terminal.message(sources == nil ? totals.summary : totals.importSummary)
        return hadErrors ? .failure : .success
    }

    /// Reads the cards of `input`, merges its groups or the sources into them and passes the
    /// result to `output` (or, with --dry-run, prints the changes as a diff). Returns whether
    /// a card changed.
    /// - Throws: ``ToolError`` when writing in place and an input has errors.
    private func merge(
        _ input: Input, _ sources: [Input]?, _ terminal: Terminal, _ totals: inout Totals, _ hadErrors: inout Bool,
        output: ([UInt8]) throws -> Void
    ) throws -> Bool {
        var cards: [VCard] = []
        var firstError: (name: String, line: Int)?
        var encoding = InputEncoding.utf8
        var reader: VCardReader?
        do {
            reader = try input.forEachCard(diagnostics: { d in
                guard d.severity == .error else { return }
                hadErrors = true
                if firstError == nil { firstError = (input.name, d.position.line) }
                terminal.report(d, in: input.name)
            }) { card, cardEncoding in
                encoding = cardEncoding
                cards.append(card)
            }
        } catch is InputStopped {}
        var result: [VCard?]
        if let sources {
            result = try imported(sources, into: cards, terminal, &totals) { name, line in
                hadErrors = true
                if firstError == nil { firstError = (name, line) }
            }.cards
        } else {
            result = mergedGroups(of: cards, input, terminal, &totals)
        }
        if inPlace && !dryRun {
            if reader == nil { throw ToolError("\(input.name): not rewritten because reading stopped at an error") }
            if let firstError { throw ToolError("\(firstError.name):\(firstError.line): not rewritten because the file has errors") }
        }
        var out: [UInt8] = []
        let changed = write(old: cards, new: result, input, terminal, to: &out)
        guard !dryRun else { return false }
        out.append(contentsOf: reader?.trailingBytes ?? [])
        try output((reader?.inputEncoding ?? encoding).encode(out, withByteOrderMark: true))
        return changed
    }

    /// The cards with each group replaced by its merged card, in the kept card's place.
    private func mergedGroups(of cards: [VCard], _ input: Input, _ terminal: Terminal, _ totals: inout Totals) -> [VCard?] {
        var finder = DuplicateFinder()
        for card in cards { finder.add(card) }
        var result: [VCard?] = cards
        for group in finder.groups() {
            let keptIndex = prefer.keptIndex(among: group.cards.count)
            let kept = group.cards[keptIndex]
            let (card, choices, _) = CardMerge.merge(group.cards.map { cards[$0] }, keeping: keptIndex)
            report(choices, "\(input.name):\(cards[kept].line)", cards[kept], terminal)
            for member in group.cards { result[member] = nil }
            result[kept] = card
            totals.groups += 1
            totals.merged += group.cards.count
        }
        totals.alone = cards.count - totals.merged
        return result
    }

    /// The target's cards with the cards of the sources merged in (by UID, else email or
    /// phone) or appended as `stored` gives them (a folder store's cards have a UID); a card
    /// equal in meaning to one of the target (as `diff` compares them: one without UID, email or
    /// phone too) is left out (``ImportMatch``). Also returns, for each target card that
    /// changed, the source cards merged into it, in order.
    func imported(
        _ sources: [Input], into cards: [VCard], _ terminal: Terminal, _ totals: inout Totals,
        stored: (VCard) -> VCard = { $0 }, errors: (String, Int) -> Void
    ) throws -> (cards: [VCard], mergedInto: [Int: [VCard]]) {
        var result = cards
        var mergedInto: [Int: [VCard]] = [:]
        var match = ImportMatch(cards)
        for source in sources {
            do {
                try source.forEachCard(diagnostics: { d in
                    guard d.severity == .error else { return }
                    errors(source.name, d.position.line)
                    terminal.report(d, in: source.name)
                }) { card, _ in
                    let incoming = stored(card)
                    switch match.place(of: incoming) {
                    case .present:
                        totals.unchanged += 1
                    case .append:
                        result.append(incoming)
                        totals.appended += 1
                    case .merge(let place, let byUID):
                        let (merged, choices, changed) = CardMerge.merge([result[place], card], keeping: 0)
                        report(choices, "\(source.name):\(card.line)", result[place], terminal)
                        guard changed else {
                            totals.unchanged += 1
                            return
                        }
                        result[place] = merged
                        mergedInto[place, default: []].append(card)
                        if byUID { totals.updated += 1 } else { totals.merged += 1 }
                    }
                }
            } catch is InputStopped {}
        }
        return (result, mergedInto)
    }

    func report(_ choices: [CardMerge.Choice], _ place: String, _ kept: VCard, _ terminal: Terminal) {
        for choice in choices {
            terminal.message(
                "\(place): \(kept.displayName): \(choice.name): kept '\(choice.kept)', "
                    + "set aside '\(choice.setAside)' as \(CardMerge.setAsidePrefix)\(choice.name)")
        }
    }

    /// Writes the new cards to `out` (each old card's place, then the cards added), or with
    /// --dry-run prints the differences as a unified diff. Returns whether a card changed.
    private func write(old: [VCard], new: [VCard?], _ input: Input, _ terminal: Terminal, to out: inout [UInt8]) -> Bool {
        let writer = VCardWriter()
        var diffLines: [String] = []
        var oldLine = 1, newLine = 1
        var changed = false
        for i in new.indices {
            var newBytes: [UInt8] = [], oldBytes: [UInt8] = []
            if let card = new[i] { writer.write(card, to: &newBytes) }
            if i < old.count { writer.write(old[i], to: &oldBytes) }
            if i == old.count, let last = out.last, last != 0x0A, last != 0x0D { out += [0x0D, 0x0A] }
            changed = changed || oldBytes != newBytes
            guard dryRun else {
                out += newBytes
                continue
            }
            let oldLines = LineDiff.lines(oldBytes), newLines = LineDiff.lines(newBytes)
            if oldBytes != newBytes { diffLines += LineDiff.hunks(old: oldLines, new: newLines, oldStart: oldLine, newStart: newLine) }
            oldLine += oldLines.count
            newLine += newLines.count
        }
        if dryRun && !diffLines.isEmpty {
            terminal.print("--- " + TerminalText.escaped(input.name))
            terminal.print("+++ " + TerminalText.escaped(input.name))
            for line in diffLines { terminal.print(TerminalText.escaped(line)) }
        }
        return changed
    }
}
