import ContactsModel
import VCardParser

/// `vcardtool dupes`: the groups of cards that are the same person, with the reasons.
struct Dupes: Subcommand {
    static let name = "dupes"
    static let abstract = "Find the cards that are the same person, and say why."
    static let usage = "[--by uid,email,phone,name] [--region <CC>] [--format text|json] [<file-folder-or-url> ...]"
    static let discussion = """
        Two cards are the same person when they share a key: the UID (UID or X-ABUID, a leading
        urn:uuid: ignored), an EMAIL (ignoring the case of ASCII letters and mailto:), a TEL (the
        same number however it is written; one without a country code is placed by --region, else
        compared by its digits) or, only with --by name, the name (the words of N, or of FN, in any
        order, ignoring case and accents). Groups are transitive: when A and B share
        an email and B and C a phone number, A, B and C are one group. Each group lists its cards
        (FILE:LINE and name) and the links that joined them, with every key the two cards share.
        Only an index of the keys is kept in memory, not the cards.
        Exit status: 0 when there are no duplicates, 1 when there are (or an input had errors),
        2 on trouble (a bad option, an unreadable input, a failed write).
        """
    static let options = [
        ("--by <keys>", "The keys to compare, comma-separated: uid, email, phone, name (default: uid,email,phone)."),
        PhoneRegion.option,
        ("--format text|json", "Print a readable list (the default) or one JSON object."),
    ]
    static let examples = [
        ("vcardtool dupes contacts.vcf", "The duplicates in one file."),
        ("vcardtool dupes --by email,name google.vcf icloud/", "Compare by email and name only, across a file and a folder."),
        ("vcardtool dupes --format json contacts.vcf", "The groups as JSON."),
        ("vcardtool dupes --region GB contacts.vcf", "020 7946 0001 and +44 20 7946 0001 are one number."),
    ]

    var keys: Set<DuplicateKey.Kind>
    var region: String?
    var json: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        keys = DuplicateKey.Kind.defaults
        if let list = try arguments.option("by") {
            keys = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingSpaces() }) {
                guard let kind = DuplicateKey.Kind(rawValue: name.lowercased()) else {
                    throw UsageError("Unknown key '\(name)' in --by; use uid, email, phone or name")
                }
                keys.insert(kind)
            }
        }
        region = try PhoneRegion.parse(&arguments)
        json = try OutputFormat.parse(&arguments) == .json
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand(files, terminal)
        var finder = DuplicateFinder(keys: keys, defaultRegion: region)
        var cards: [DupesReport.Card] = []
        var inputErrors = false
        let kinds = keys, region = region
        for (number, input) in inputs.enumerated() {
            do {
                try input.forEachCard(
                    diagnostics: { d in
                        guard d.severity == .error else { return }
                        inputErrors = true
                        terminal.report(d, in: input.name)
                    }, transform: { card in (DuplicateKey.keys(of: card, kinds: kinds, defaultRegion: region), card.line, card.displayName) }
                ) { value, _ in
                    finder.add(keys: value.0)
                    cards.append(DupesReport.Card(input: Int32(number), line: Int32(clamping: value.1), name: value.2))
                }
            } catch is InputStopped {}  // the cards before the limit count; the error was reported
        }
        let groups = finder.groups()
        let report = DupesReport(inputs: inputs.map(\.name), cards: cards)
        terminal.write(json ? report.json(groups) : report.text(groups))
        return groups.isEmpty && !inputErrors ? .success : .failure
    }
}
