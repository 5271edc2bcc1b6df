import ContactsModel
import VCardParser

/// `vcardtool find`: the cards that match every criterion given, as read or as a table.
struct Find: Subcommand {
    static let name = "find"
    static let abstract = "Print the cards that match an email, phone, name or UID."
    static let usage = "[--email <address>] [--phone <number> [--region <CC>]] [--name <text>] [--uid <uid>] [--fields <names>] [<file-or-folder> ...]"
    static let discussion = """
        Prints every matching card byte for byte as it was read (UTF-16 input as UTF-8), or with
        --fields one tab-separated row per card under a header row: the decoded values of each
        property named, several joined with ", ", line breaks and tabs written \\n and \\t.
        Criteria combine: a card must match all of them. At least one is required.
        Exit status: 0 when some card matched, 1 when none did or an input had errors, 2 on
        trouble (a bad option, an unreadable input, a failed write).
        """
    static let options = [
        ("--email <address>", "An EMAIL equal to the address, ignoring surrounding spaces and the case of ASCII letters (every other character must be the same: the KELVIN SIGN is not k)."),
        ("--phone <number>", "A TEL with the same number, however it is written: by E.164 when both are international or --region places them, else by digits."),
        PhoneRegion.option,
        ("--name <text>", "FN, name, nickname or organization contains the text (ignoring case and accents)."),
        ("--uid <uid>", "The UID, exactly."),
        ("--fields <names>", "Print a table of these properties instead, e.g. FN,EMAIL,TEL."),
    ]
    static let examples = [
        ("vcardtool find --email ada@example.com contacts.vcf", "Print Ada's card."),
        ("vcardtool find --name zoe --fields FN,EMAIL,TEL contacts/", "A table of the contacts named Zoë, Zoe…"),
        ("vcardtool find --phone '+1 555 0100' contacts.vcf > /dev/null && echo known", "Test whether a number is known."),
        ("vcardtool find --phone '020 7946 0001' --region GB contacts.vcf", "Also finds +44 20 7946 0001 and 0044 20 7946 0001."),
    ]

    var predicates: [ContactPredicate] = []
    var keys: Set<ContactKey> = []
    var fields: [String]?
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        if let email = try arguments.option("email") {
            predicates.append(.matchingEmailAddress(email))
            keys.insert(.emailAddresses)
        }
        let region = try PhoneRegion.parse(&arguments)
        if let phone = try arguments.option("phone") {
            let number = PhoneNumber(stringValue: phone)
            guard !number.digits.isEmpty else { throw UsageError("--phone '\(phone)' has no digits") }
            predicates.append(.matchingPhoneNumber(number, defaultRegion: region))
            keys.insert(.phoneNumbers)
        }
        if let name = try arguments.option("name") {
            predicates.append(.matchingName(name))
            keys.formUnion([.names, .nickname, .organization])
        }
        if let uid = try arguments.option("uid") {
            predicates.append(.matchingIdentifiers([uid]))
        }
        if let list = try arguments.option("fields") {
            let names = list.split(separator: ",").map { String($0).trimmingSpaces().uppercased() }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw UsageError("--fields needs property names, e.g. FN,EMAIL,TEL") }
            fields = names
        }
        files = try arguments.finish()
        if predicates.isEmpty { throw UsageError("Missing a criterion: --email, --phone, --name or --uid") }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let inputs = try Input.expand(files, terminal)
        var matches = 0
        var inputErrors = false
        if let fields { terminal.print(fields.map(TerminalText.escaped).joined(separator: "\t")) }
        for input in inputs {
            inputErrors = try input.forEachCard(reportingErrorsTo: terminal) { card in
                let contact = Contact(card: card, keys: keys)
                guard predicates.allSatisfy({ $0.evaluate(contact) }) else { return }
                matches += 1
                if let fields {
                    terminal.print(fields.map { row(card, $0) }.joined(separator: "\t"))
                } else {
                    terminal.write(card.bytesAsRead)
                }
            } || inputErrors
        }
        return matches > 0 && !inputErrors ? .success : .failure
    }

    /// The decoded values of the properties called `field`, joined with ", ", escaped
    /// (``TerminalText``: a tab in a value is `\t`, so columns stay apart).
    private func row(_ card: VCard, _ field: String) -> String {
        TerminalText.escaped(card.properties(named: field).map { PropertyValue($0).display }.joined(separator: ", "))
    }
}
