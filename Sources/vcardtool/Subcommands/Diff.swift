#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// `vcardtool diff`: which cards and properties differ in meaning between two files or folders.
struct Diff: Subcommand {
    static let name = "diff"
    static let abstract = "Compare two files or folders of cards by meaning, not by bytes."
    static let usage = "[--format text|json] <old> <new>"
    static let discussion = """
        Pairs cards by UID, else by FN and first EMAIL (ignoring case), and lists the cards added
        (+), removed (-) and changed (~); in a changed card, the properties added, removed and
        changed (old → new). Differences that mean nothing are ignored: folding, line ends, the
        order of properties and parameters, the case of names, TYPE=a,b vs TYPE=a;TYPE=b vs 2.1's
        ;A;B, escapes and transfer encodings that decode to the same value, trailing empty
        components of N or ADR, and group names (item1 vs item2) with the same X-ABLabel.
        VERSION, PRODID and REV are properties like the others: a change to them is reported.
        Colours are used when standard output is a terminal and NO_COLOR is not set.
        Exit status: 0 when the cards are the same, 1 when they differ, 2 on errors.

        With git, add to ~/.gitconfig:
          [difftool "vcard"]
              cmd = vcardtool diff \\"$LOCAL\\" \\"$REMOTE\\"
        and run 'git difftool -y -t vcard -- contacts.vcf' (or 'git difftool -y -x "vcardtool diff"').
        """
    static let options = [
        ("--format text|json", "Print a readable list (the default) or one JSON object."),
    ]
    static let examples = [
        ("vcardtool diff old.vcf new.vcf", "What changed between two exports."),
        ("vcardtool diff --format json backup/ contacts/", "The same for two folders, as JSON."),
        ("git difftool -y -x 'vcardtool diff' HEAD~1 -- contacts.vcf", "Compare with the previous commit."),
    ]

    enum Format: String { case text, json }

    var format: Format
    var old: String
    var new: String

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let format = try arguments.option("format") ?? "text"
        guard let f = Format(rawValue: format) else { throw UsageError("Unknown format '\(format)'; use text or json") }
        self.format = f
        let paths = try arguments.finish()
        guard paths.count == 2 else { throw UsageError("Expected two files or folders, <old> and <new>; got \(paths.count)") }
        (old, new) = (paths[0], paths[1])
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        // Each side is read twice: standard input, if named, is copied once to a file.
        var spool: Input?
        defer { if let path = spool?.path { unlink(path) } }
        let oldSide = try Input.rereadable(Input.expand([old]), spool: &spool)
        let newSide = try Input.rereadable(Input.expand([new]), spool: &spool)
        let oldIndex = try index(oldSide, terminal), newIndex = try index(newSide, terminal)
        let report = try Self.report(oldSide, oldIndex, newSide, newIndex)
        switch format {
        case .text: terminal.write(report.text(colored: DiffReport.usesColor(terminal)))
        case .json: terminal.print(report.json)
        }
        return report.isEmpty ? .success : .failure
    }

    /// The first pass over one side: the hashes of each card, parse errors reported.
    private func index(_ inputs: [Input], _ terminal: Terminal) throws -> DiffIndex {
        var index = DiffIndex()
        for input in inputs {
            try input.forEachCard(diagnostics: { d in
                if d.severity == .error { terminal.error(d.formatted(file: input.name)) }
            }, transform: DiffIndex.Entry.init) { entry, _ in index.append(entry) }
        }
        return index
    }

    /// Pairs the cards by their hashes, then reads again only the sides that have cards to
    /// describe: the old cards of changed pairs are kept until their new cards come, so memory
    /// grows with the differences, not with the input.
    static func report(_ oldSide: [Input], _ old: DiffIndex, _ newSide: [Input], _ new: DiffIndex) throws -> DiffReport {
        let partner = DiffIndex.pairs(old: old, new: new)
        enum Role { case same, changed, addedOrRemoved }
        var oldRole = [Role](repeating: .addedOrRemoved, count: old.count)
        var newRole = [Role](repeating: .addedOrRemoved, count: new.count)
        for (j, i) in partner.enumerated() where i >= 0 {
            let role = old.meaning[Int(i)] == new.meaning[j] ? Role.same : .changed
            (oldRole[Int(i)], newRole[j]) = (role, role)
        }
        var report = DiffReport()
        var oldCards: [Int: VCard] = [:]
        if oldRole.contains(where: { $0 != .same }) {
            try forEachCard(oldSide) { i, card in
                switch oldRole[i] {
                case .same: break
                case .changed: oldCards[i] = card
                case .addedOrRemoved: report.removed.append(DiffReport.Card(card))
                }
            }
        }
        if newRole.contains(where: { $0 != .same }) {
            try forEachCard(newSide) { j, card in
                switch newRole[j] {
                case .same: break
                case .changed:
                    let changes = PropertyChange.changes(from: oldCards.removeValue(forKey: Int(partner[j]))!, to: card)
                    if !changes.isEmpty { report.changed.append((DiffReport.Card(card), changes)) }
                case .addedOrRemoved: report.added.append(DiffReport.Card(card))
                }
            }
        }
        return report
    }

    /// The second pass over one side: each card with its number (problems were reported in the first).
    private static func forEachCard(_ inputs: [Input], _ body: (Int, VCard) throws -> Void) throws {
        var n = 0
        for input in inputs {
            try input.forEachCard(diagnostics: { _ in }) { card, _ in
                try body(n, card)
                n += 1
            }
        }
    }
}
