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
        Exit status: 0 when the cards are the same, 1 when they differ or an input had errors,
        2 on trouble (a bad option, an unreadable input).

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
        let (oldCards, oldErrors) = try cards(in: old, terminal)
        let (newCards, newErrors) = try cards(in: new, terminal)
        let report = Self.compare(oldCards, newCards)
        switch format {
        case .text: terminal.write(report.text(colored: DiffReport.usesColor(terminal)))
        case .json: terminal.print(report.json)
        }
        return report.isEmpty && !oldErrors && !newErrors ? .success : .failure
    }

    /// The cards of a file or folder, and whether it had errors.
    private func cards(in path: String, _ terminal: Terminal) throws -> ([VCard], Bool) {
        var cards: [VCard] = []
        var hadErrors = false
        for input in try Input.expand([path], terminal) {
            hadErrors = try input.forEachCard(reportingErrorsTo: terminal) { cards.append($0) } || hadErrors
        }
        return (cards, hadErrors)
    }

    /// Compares each pair of cards; unpaired cards are added or removed.
    static func compare(_ old: [VCard], _ new: [VCard]) -> DiffReport {
        let partner = pairs(old, new)
        var report = DiffReport()
        for (j, card) in new.enumerated() {
            guard let i = partner[j] else { report.added.append(card); continue }
            let changes = PropertyChange.changes(from: old[i], to: card)
            if !changes.isEmpty { report.changed.append((card, changes)) }
        }
        let paired = Set(partner.compactMap { $0 })
        report.removed = old.indices.filter { !paired.contains($0) }.map { old[$0] }
        return report
    }

    /// For each new card, the index of its old card: the first unpaired one with the same UID;
    /// failing that, with the same FN and first EMAIL, unless both cards have (different) UIDs.
    static func pairs(_ old: [VCard], _ new: [VCard]) -> [Int?] {
        var partner = [Int?](repeating: nil, count: new.count)
        var taken = Set<Int>()
        func pair(by key: (VCard) -> String?, when allowed: (VCard, VCard) -> Bool) {
            var waiting: [String: [Int]] = [:]
            for (i, card) in old.enumerated() where !taken.contains(i) {
                if let k = key(card) { waiting[k, default: []].append(i) }
            }
            for (j, card) in new.enumerated() where partner[j] == nil {
                guard let k = key(card), let n = waiting[k]?.firstIndex(where: { allowed(old[$0], card) }) else { continue }
                let i = waiting[k]!.remove(at: n)
                partner[j] = i
                taken.insert(i)
            }
        }
        pair(by: \.trimmedUID, when: { _, _ in true })
        pair(by: nameAndEmail, when: { $0.trimmedUID == nil || $1.trimmedUID == nil })
        return partner
    }

    /// `FN` lower-cased and the first `EMAIL` as compared (``ContactPredicate/normalizedEmail(_:)``).
    private static func nameAndEmail(_ card: VCard) -> String? {
        let fn = card.first("FN")?.text.trimmingSpaces().lowercased() ?? ""
        let email = card.first("EMAIL").map { ContactPredicate.normalizedEmail($0.text) } ?? ""
        return fn.isEmpty && email.isEmpty ? nil : fn + "\n" + email
    }
}
