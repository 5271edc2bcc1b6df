import ContactsModel
import VCardParser

/// `vcardtool find`: the cards that match every criterion given, as read or as a table.
struct Find: Subcommand {
    static let name = "find"
    static let abstract = "Print the cards that match an email, phone, name or UID."
    static let usage = "[-e <address>] [-p <number> [--region <CC>]] [-n <text>] [--uid <uid>] [--fields <names> | --count | --quiet] [--format text|json] [<file-folder-or-url> ...]"
    static let discussion = """
        Prints every matching card byte for byte as it was read (UTF-16 input as UTF-8), or with
        --fields one tab-separated row per card under a header row: the decoded values of each
        property named, several joined with ", ", line breaks and tabs written \\n and \\t.
        Criteria combine: a card must match all of them; a criterion given more than once
        matches any of its values (-e a@x -e b@x: either address). With no criterion every card
        matches.
        With --format json, one JSON object per matching card and line (JSON Lines):
        {"file":"contacts.vcf","line":1,"name":"Ada Lovelace","vcard":"BEGIN:VCARD\\r\\n…"},
        with --fields also "fields":{"FN":["Ada Lovelace"],"TEL":[…]}; with --count one object
        {"count":2}.
        Exit status: 0 when some card matched, 1 when none did or an input had errors, 2 on
        trouble (a bad option, an unreadable input, a failed write).
        """
    static let options = [
        ("-e, --email <address>", "An EMAIL equal to the address, ignoring surrounding spaces and the case of ASCII letters (every other character must be the same: the KELVIN SIGN is not k)."),
        ("-p, --phone <number>", "A TEL with the same number, however it is written: by E.164 when both are international or --region places them, else by digits."),
        PhoneRegion.option,
        ("-n, --name <text>", "FN, name, nickname or organization contains the text (ignoring case and accents)."),
        ("--uid <uid>", "The UID, exactly."),
        ("--fields <names>", "Print a table of these properties instead, e.g. FN,EMAIL,TEL."),
        ("--count", "Print only the number of matching cards."),
        ("-q, --quiet", "Print nothing: the exit status says whether a card matched."),
        ("--format text|json", "Print the cards or table (the default), or JSON Lines."),
    ]
    static let examples = [
        ("vcardtool find -e ada@example.com contacts.vcf", "Print Ada's card."),
        ("vcardtool find -n zoe --fields FN,EMAIL,TEL contacts/", "A table of the contacts named Zoë, Zoe…"),
        ("vcardtool find -q -p '+1 555 0100' contacts.vcf && echo known", "Test whether a number is known."),
        ("vcardtool find -p '020 7946 0001' --region GB contacts.vcf", "Also finds +44 20 7946 0001 and 0044 20 7946 0001."),
        ("vcardtool find -e ada@example.com -e zoe@example.com --count contacts/", "How many cards have either address."),
        ("vcardtool find --format json contacts.vcf", "Every card, as JSON Lines."),
    ]

    /// What is printed of the matching cards.
    enum Output: Equatable {
        case cards, count, quiet
        /// A table of these properties.
        case fields([String])
    }

    /// The criteria given, each as the predicates of its values: a card matches a criterion
    /// when one of them holds, and must match every criterion.
    var criteria: [[ContactPredicate]] = []
    var keys: Set<ContactKey> = []
    var output = Output.cards
    var json: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let emails = try arguments.options("email")
        if !emails.isEmpty {
            criteria.append(emails.map { .matchingEmailAddress($0) })
            keys.insert(.emailAddresses)
        }
        let region = try PhoneRegion.parse(&arguments)
        let phones = try arguments.options("phone")
        if !phones.isEmpty {
            criteria.append(
                try phones.map { phone throws(UsageError) in
                    let number = PhoneNumber(stringValue: phone)
                    guard !number.digits.isEmpty else { throw UsageError("--phone '\(phone)' has no digits") }
                    return .matchingPhoneNumber(number, defaultRegion: region)
                })
            keys.insert(.phoneNumbers)
        }
        let names = try arguments.options("name")
        if !names.isEmpty {
            criteria.append(names.map { .matchingName($0) })
            keys.formUnion([.names, .nickname, .organization])
        }
        let uids = try arguments.options("uid")
        if !uids.isEmpty { criteria.append([.matchingIdentifiers(uids)]) }
        var outputs: [Output] = []
        if let list = try arguments.option("fields") {
            let names = list.split(separator: ",").map { String($0).trimmingSpaces().uppercased() }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw UsageError("--fields needs property names, e.g. FN,EMAIL,TEL") }
            outputs.append(.fields(names))
        }
        if arguments.flag("count") { outputs.append(.count) }
        if arguments.flag("quiet") { outputs.append(.quiet) }
        guard outputs.count <= 1 else { throw UsageError("--fields, --count and --quiet exclude each other") }
        output = outputs.first ?? .cards
        json = try OutputFormat.parse(&arguments) == .json
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand(files, terminal)
        var matches = 0
        var inputErrors = false
        if case .fields(let fields) = output, !json { terminal.print(fields.map(TerminalText.escaped).joined(separator: "\t")) }
        for input in inputs {
            inputErrors =
                try input.forEachCard(
                    reportingErrorsTo: terminal,
                    transform: { [criteria, keys] card in
                        Self.matches(card, criteria, keys) ? SharedCard(card) : nil  // on the parsing threads
                    },
                    asRead: Self.firstLook(criteria)
                ) { matched in
                    guard let card = matched?.card else { return }
                    matches += 1
                    switch output {
                    case .quiet, .count: break
                    case .cards where json: terminal.print(FindRecord(file: input.name, card: card).json(fields: nil))
                    case .cards: terminal.write(card.bytesAsRead)
                    case .fields(let fields) where json: terminal.print(FindRecord(file: input.name, card: card).json(fields: fields))
                    case .fields(let fields): terminal.print(fields.map { row(card, $0) }.joined(separator: "\t"))
                    }
                } || inputErrors
        }
        if output == .count {
            var count = JSONObject()
            count.add("count", matches)
            terminal.print(json ? count.text : String(matches))
        }
        return matches > 0 && !inputErrors ? .success : .failure
    }

    /// How a card is first read, with only the properties some criteria look at made, or with
    /// none when the places of their values as written are enough (one kind of criterion, read
    /// through ``ContactPredicate/valueNamesLookedAt``): a card that those criteria rule out from
    /// their values (most cards) is not parsed in full, and the others are, then matched by
    /// ``matches(_:_:_:)``. `nil` when no group of criteria looks at properties alone
    /// (``ContactPredicate/namesLookedAt``), as with none.
    private static func firstLook(_ criteria: [[ContactPredicate]]) -> VCardReader.AsRead<SharedCard?>? {
        let telling = criteria.filter { $0.allSatisfy { $0.namesLookedAt != nil } }
        guard !telling.isEmpty else { return nil }
        // The places of the values are not told apart by name: only one set of names is placed.
        let placed = Set(telling.joined().map(\.valueNamesLookedAt))
        if placed.count == 1, let names = placed.first ?? nil {
            return VCardReader.AsRead(keepingValuesOf: names) { read in
                telling.allSatisfy { $0.contains { $0.mayMatch(read) } } ? nil : .some(nil)
            }
        }
        var names: [String] = []
        for predicate in telling.joined() {
            for name in predicate.namesLookedAt ?? [] where !names.contains(name) { names.append(name) }
        }
        return VCardReader.AsRead(keeping: names) { read in
            let card = read.keptCard
            return telling.allSatisfy { $0.contains { $0.mayMatch(card) } } ? nil : .some(nil)
        }
    }

    /// Whether the card meets every criterion (one of each group of predicates).
    private static func matches(_ card: VCard, _ criteria: [[ContactPredicate]], _ keys: Set<ContactKey>) -> Bool {
        guard !criteria.isEmpty else { return true }
        // Most cards match nothing: look at their values before reading a contact.
        guard criteria.allSatisfy({ $0.contains { $0.mayMatch(card) } }) else { return false }
        let contact = Contact(card: card, keys: keys)
        return criteria.allSatisfy { $0.contains { $0.evaluate(contact) } }
    }

    /// The decoded values of the properties called `field`, joined with ", ", escaped
    /// (``TerminalText``: a tab in a value is `\t`, so columns stay apart).
    private func row(_ card: VCard, _ field: String) -> String {
        TerminalText.escaped(FindRecord.values(of: card, field).joined(separator: ", "))
    }
}
