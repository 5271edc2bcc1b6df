import ContactsModel
import VCardParser

/// `vcardtool validate`: every problem, as `FILE:LINE:COLUMN: severity: message [code]`.
struct Validate: Subcommand {
    static let name = "validate"
    static let abstract = "Check cards and report every problem with its file and line."
    static let usage = "[--strict] [--summary] [--format text|json] [--for <target>] [<file-folder-or-url> ...]"
    static let discussion = """
        Prints each problem as FILE:LINE:COLUMN: error|warning: message [code]. Checks the
        structure (BEGIN/END, VERSION, FN where required), parameters, escapes, UTF-8, encodings
        and charsets; how often each property appears, by the cardinality of RFC 6350 §6 and
        RFC 2426 §3 for the card's version (repeated-property, missing-property); the values of
        typed properties: dates and times that exist (bad-date, impossible-date), UTC offsets,
        URIs with a scheme (bad-uri), language tags, KIND and GENDER keywords (bad-value), base64
        that decodes (bad-base64); PREF from 1 to 100 (bad-parameter-value); parameters the
        version does not define (parameter-not-in-version); control characters
        in values (control-character); UIDs used by more than one card; and an input with no
        card at all (no-cards).
        With --format json, each finding is one JSON object per line (JSON Lines):
          {"file":"a.vcf","line":3,"column":1,"code":"repeated-property","severity":"error",
           "message":"...","card":1}
        line, column and card (1-based, in the file) are null where a finding has none.
        Repeated properties, impossible dates and other content problems are warnings: readers
        recover. --for TARGET makes errors of what the target rejects, with the source of each:
        \(ImportTarget.help)
        Exit status: 1 if there are errors (or warnings, with --strict), else 0; 2 on unreadable input.
        """
    static let options = [
        ("--strict", "Treat warnings as errors for the exit status."),
        ("--summary", "Also print one line per file: cards, warnings, errors (text only)."),
        ("--format text|json", "Print findings as text lines (the default) or JSON Lines."),
        ("--for <target>", "rfc, nextcloud, icloud, google or outlook: what it rejects is an error."),
    ]
    static let examples = [
        ("vcardtool validate contacts.vcf", "List the problems of a file."),
        ("vcardtool validate --strict export/ && echo clean", "Fail on any warning in a folder."),
        ("vcardtool validate --format json contacts.vcf", "One JSON object per finding."),
        ("vcardtool validate --for nextcloud export.vcf", "Would Nextcloud import every card?"),
    ]

    var strict: Bool
    var summary: Bool
    var format: OutputFormat
    var target: ImportTarget?
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        strict = arguments.flag("strict")
        summary = arguments.flag("summary")
        let f = try OutputFormat.parse(&arguments)
        guard !(summary && f == .json) else { throw UsageError("--summary prints text; it cannot be used with --format json") }
        self.format = f
        if let name = try arguments.option("for") {
            guard let target = ImportTarget.named(name) else {
                throw UsageError("Unknown target '\(name)'; use \(ImportTarget.all.map(\.name).joined(separator: ", "))")
            }
            self.target = target
        }
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var errors = 0, warnings = 0
        var uids = UIDRegistry()
        for input in try Input.expand(files, terminal) {
            uids.startFile(input.name)
            var report = ValidateReport(file: input.name, json: format == .json, terminal: terminal, target: target)
            var stopped = false
            do {
                // Without a target, a card is checked as it is read, with no property made for
                // most of its lines; a target's rules need the whole card.
                let asRead = target == nil ? VCardReader.AsRead(validatingKeeping: []) { CheckedCard(checkedAsRead: $0) } : nil
                try input.forEachCard(
                    diagnostics: { report.report($0) }, transform: { [target] in CheckedCard($0, keepingCard: target != nil) }, asRead: asRead,
                    // A batch's UIDs are hashed, and their slots loaded, before its first card is
                    // looked up.
                    preparing: { checked in if let uid = checked.uid { checked.uidHash = uids.prefetch(uid) } }
                ) { checked, _ in
                    report.countCard(line: checked.line)
                    for d in checked.problems { report.report(d, card: report.cards) }
                    if let target, let card = checked.card {
                        for d in target.problems(in: card, index: report.cards) { report.report(d, card: report.cards) }
                    }
                    if let uid = checked.uid, let first = uids.firstPlace(of: uid, hash: checked.uidHash, line: checked.line) {
                        report.report(
                            Diagnostic(
                                .error, .duplicateUID, at: SourcePosition(line: checked.uidLine),
                                "UID \(String(decoding: uid, as: UTF8.self)) is also used by the card at \(first.file):\(first.line)"), card: report.cards)
                    }
                }
            } catch is InputStopped {
                stopped = true
            }
            if report.cards == 0 && !stopped {
                report.report(
                    Diagnostic(
                        .error, .noCards, at: SourcePosition(line: 1),
                        "no vCard found: the input holds no BEGIN:VCARD … END:VCARD"))
            }
            report.finish()
            if summary {
                terminal.print("\(TerminalText.escaped(input.name)): \(report.cards) cards, \(report.warnings) warnings, \(report.errors) errors")
            }
            errors += report.errors
            warnings += report.warnings
        }
        return errors > 0 || (strict && warnings > 0) ? .failure : .success
    }
}

extension Validate {
    /// What the calling thread needs of a card checked on the thread that parsed it; the card
    /// itself stays there (and is freed there) unless a `--target` rule needs it.
    struct CheckedCard: Sendable {
        var line: Int
        var problems: [Diagnostic]
        /// The UTF-8 of the `UID` value, when not empty, and its line: most often a slice of the
        /// bytes the card was read from, so that no string is made for a UID unless it is
        /// reported (``UIDRegistry`` hashes it on the calling thread).
        var uid: ArraySlice<UInt8>?
        /// The UID's hash, once the calling thread prepared the card (``UIDRegistry/prefetch(_:)``).
        var uidHash: Int? = nil
        var uidLine: Int
        /// The card, behind a reference (``SharedCard``).
        private var kept: SharedCard?

        var card: VCard? { kept?.card }
    }
}

extension Validate.CheckedCard {
    // Made in an extension: each init below ends in the memberwise one, which builds the result
    // in place. An init in the struct's body that set each field built it aside and then copied
    // it in (a reference count up and down on each of its fields, once a card).

    /// Borrows `card`, which the reader lends: an owned parameter would copy the card
    /// (a reference count on each of its fields) to hand it over.
    init(_ card: borrowing VCard, keepingCard: Bool) {
        self.init(line: card.line, CardValidator.findings(in: card), in: [], kept: keepingCard ? SharedCard(copy card) : nil)
    }

    /// A card checked as it was read (``VCardReader/AsRead/init(validatingKeeping:_:)``).
    init(checkedAsRead card: borrowing CardAsRead) {
        self.init(line: card.line, card.findings ?? CardValidator.Findings(), in: card.bytes, kept: nil)
    }

    /// `findings` of the card that begins on `line`, read from `bytes` (where a UID found on a
    /// plain line lies).
    private init(line: Int, _ findings: CardValidator.Findings, in bytes: ArraySlice<UInt8>, kept: SharedCard?) {
        let value = findings.uid?.bytes(in: bytes)
        self.init(line: line, problems: findings.problems, uid: value?.isEmpty == false ? value : nil, uidLine: findings.uid?.line ?? line, kept: kept)
    }
}
