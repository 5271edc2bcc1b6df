import ContactsModel

/// The columns of Google Contacts' CSV export ("Google CSV"), in the form Google has written
/// since it replaced the old "Name,Given Name,Additional Name,Family Name,…" form.
///
/// The header starts with seventeen fixed columns, `First Name` … `Labels`, followed by numbered
/// groups written only as far as some contact needs them: `E-mail 1 - Label,E-mail 1 - Value`,
/// `Phone 1 - …`, `Address 1 - Label,Address 1 - Formatted,Address 1 - Street,…`, `Relation`,
/// `Website`, `Event`, `Custom Field`. Values that share a label share a group, joined by
/// ` ::: ` (an address group joins each of its columns that way, position by position), a label
/// starting with `* ` marks the primary value (`PREF=1`), and `Labels` holds the contact's groups
/// (`* myContacts ::: * starred ::: Friends`, Google's own groups with `* `).
///
/// Reading accepts the old form too: `Name`, `Given Name`, `Additional Name`, `Family Name`,
/// `… Yomi`, `Group Membership`, `… - Type` for `… - Label`, and `Organization 1 - …`.
enum GoogleCSV {
    static let fixedColumns = [
        "First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name", "Phonetic Last Name",
        "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name", "Organization Title",
        "Organization Department", "Birthday", "Notes", "Photo", "Labels",
    ]

    /// The numbered groups in header order, with their columns. (The place of `IM` among them
    /// follows the old form, where it came right after `E-mail`.)
    static let groups: [(kind: String, fields: [String])] = [
        ("E-mail", ["Label", "Value"]),
        ("IM", ["Label", "Service", "Value"]),
        ("Phone", ["Label", "Value"]),
        ("Address", ["Label", "Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]),
        ("Relation", ["Label", "Value"]),
        ("Website", ["Label", "Value"]),
        ("Event", ["Label", "Value"]),
        ("Custom Field", ["Label", "Value"]),
    ]

    static let separator = " ::: "

    /// Google's own contact groups, written with `* ` in `Labels`.
    static let systemGroups: Set<String> = ["myContacts", "starred", "friends", "family", "coworkers"]

    /// Labels as Google spells them, for the labels a vCard has a word for.
    static let labelNames: [(Label, String)] = [
        (.home, "Home"), (.work, "Work"), (.other, "Other"), (.mobile, "Mobile"), (.main, "Main"),
        (.homeFax, "Home Fax"), (.workFax, "Work Fax"), (.otherFax, "Other Fax"), (.pager, "Pager"),
        (.school, "School"), (.iPhone, "iPhone"), (.homePage, "Home Page"), (CSVContact.anniversary, "Anniversary"),
    ]

    static func name(of label: Label?) -> String {
        guard let label else { return "" }
        if let known = labelNames.first(where: { $0.0 == label }) { return known.1 }
        if label.isSystemLabel { return String(label.rawValue.dropFirst(4).dropLast(4)) }
        return label.rawValue
    }

    /// A label cell: `* Mobile` is the primary value with the label `.mobile`.
    static func label(_ text: String) -> (label: Label?, isPreferred: Bool) {
        var t = Substring(text.trimmingSpaces())
        let isPreferred = t.hasPrefix("*")
        if isPreferred { t = t.dropFirst().drop { $0 == " " } }
        guard !t.isEmpty else { return (nil, isPreferred) }
        let lower = t.lowercased()
        if let known = labelNames.first(where: { $0.1.lowercased() == lower }) { return (known.0, isPreferred) }
        return (Label(rawValue: String(t)), isPreferred)
    }

    // MARK: - Writing

    /// How many numbered groups of each kind the contact fills (its own header would have as many).
    static func groupCounts(_ contact: CSVContact) -> [Int] { groupCells(contact).map(\.count) }

    /// The header row for numbered groups written as far as `counts` says.
    static func header(counts: [Int]) -> [String] {
        var header = fixedColumns
        for (k, group) in groups.enumerated() where counts[k] > 0 {
            for n in 1...counts[k] { header += group.fields.map { "\(group.kind) \(n) - \($0)" } }
        }
        return header
    }

    /// The contact's row under ``header(counts:)``.
    static func row(_ contact: CSVContact, counts: [Int]) -> [String] {
        let groupCells = groupCells(contact)
        var row = fixed(contact)
        for (k, group) in groups.enumerated() where counts[k] > 0 {
            for n in 0..<counts[k] {
                row += n < groupCells[k].count ? groupCells[k][n] : Array(repeating: "", count: group.fields.count)
            }
        }
        return row
    }

    private static func fixed(_ c: CSVContact) -> [String] {
        let labels = c.categories.map { systemGroups.contains($0) ? "* " + $0 : $0 }.joined(separator: separator)
        return [
            c.givenNameCell, c.middleName, c.familyName, c.phoneticGivenName, c.phoneticMiddleName, c.phoneticFamilyName,
            c.namePrefix, c.nameSuffix, c.nickname, c.fileAs, c.organization, c.jobTitle, c.department, c.birthday,
            c.note, c.photo, labels,
        ]
    }

    /// For each group kind, the cells of each numbered group (values sharing a label merged).
    private static func groupCells(_ c: CSVContact) -> [[[String]]] {
        func labelText(_ label: Label?, _ preferred: Bool) -> String {
            let name = Self.name(of: label)
            return preferred ? "* " + name : name
        }
        func merged(_ entries: [(label: String, fields: [String])]) -> [[String]] {
            var order: [String] = []
            var byLabel: [String: [[String]]] = [:]
            for e in entries {
                if byLabel[e.label] == nil { order.append(e.label) }
                byLabel[e.label, default: []].append(e.fields)
            }
            return order.map { label in
                let members = byLabel[label]!
                let width = members[0].count
                return [label] + (0..<width).map { i in members.map { $0[i] }.joined(separator: separator) }
            }
        }
        func items(_ list: [CSVContact.Item]) -> [[String]] {
            merged(list.map { (labelText($0.label, $0.isPreferred), [$0.value]) })
        }
        let customFields = c.customFields + c.extras.map { CSVContact.Item(label: Label(rawValue: $0.column), value: $0.value) }
        return [
            items(c.emails),
            merged(c.instantMessaging.map { (labelText($0.label, $0.isPreferred), [$0.service, $0.value]) }),
            items(c.phones),
            merged(
                c.addresses.map { a in
                    let p = a.address
                    return (
                        labelText(a.label, a.isPreferred),
                        [a.formatted, p.street, p.city, p.postOfficeBox, p.state, p.postalCode, p.country, p.extendedAddress]
                    )
                }),
            items(c.relations),
            items(c.websites),
            items(c.events),
            customFields.map { [name(of: $0.label), $0.value] },
        ]
    }

    // MARK: - Reading

    static let aliases: [String: String] = [
        "Given Name": "First Name", "Additional Name": "Middle Name", "Family Name": "Last Name",
        "Given Name Yomi": "Phonetic First Name", "Additional Name Yomi": "Phonetic Middle Name",
        "Family Name Yomi": "Phonetic Last Name", "Group Membership": "Labels",
        "Organization 1 - Name": "Organization Name", "Organization 1 - Title": "Organization Title",
        "Organization 1 - Department": "Organization Department",
    ]

    /// A numbered column's parts: `Phone 2 - Value` → ("Phone", 2, "Value"); `- Type` reads as `- Label`.
    static func numbered(_ column: String) -> (kind: String, number: Int, field: String)? {
        guard let dash = column.firstRange(of: " - ") else { return nil }
        let head = column[..<dash.lowerBound]
        guard let space = head.lastIndex(of: " "), let n = Int(head[head.index(after: space)...]) else { return nil }
        var kind = String(head[..<space])
        if kind == "Email" { kind = "E-mail" }
        let field = String(column[dash.upperBound...])
        return (kind, n, field == "Type" ? "Label" : field)
    }

    static func contacts(header: [String], rows: [[String]]) -> [CSVContact] {
        rows.map { contact(header: header, row: $0) }
    }

    private static func contact(header: [String], row: [String]) -> CSVContact {
        var c = CSVContact()
        var fixed: [String: String] = [:]
        var numberedCells: [String: [Int: [String: String]]] = [:]
        for (i, rawColumn) in header.enumerated() {
            let value = i < row.count ? row[i] : ""
            let column = aliases[rawColumn] ?? rawColumn
            if fixedColumns.contains(column) || column == "Name" {
                fixed[column] = value
            } else if let (kind, n, field) = Self.numbered(column), groups.contains(where: { $0.kind == kind }) {
                numberedCells[kind, default: [:]][n, default: [:]][field] = value
            } else if !value.isEmpty {
                c.extras.append((column: rawColumn, value: value))
            }
        }
        func f(_ name: String) -> String { fixed[name] ?? "" }
        c.formattedName = f("Name")
        c.givenName = f("First Name")
        c.middleName = f("Middle Name")
        c.familyName = f("Last Name")
        c.phoneticGivenName = f("Phonetic First Name")
        c.phoneticMiddleName = f("Phonetic Middle Name")
        c.phoneticFamilyName = f("Phonetic Last Name")
        c.namePrefix = f("Name Prefix")
        c.nameSuffix = f("Name Suffix")
        c.nickname = f("Nickname")
        c.fileAs = f("File As")
        c.organization = f("Organization Name")
        c.jobTitle = f("Organization Title")
        c.department = f("Organization Department")
        c.birthday = f("Birthday")
        c.note = f("Notes")
        c.photo = f("Photo")
        c.categories = split(f("Labels")).map { $0.hasPrefix("* ") ? String($0.dropFirst(2)) : $0 }

        func each(_ kind: String, _ body: ([String: String]) -> Void) {
            for (_, fields) in (numberedCells[kind] ?? [:]).sorted(by: { $0.key < $1.key }) { body(fields) }
        }
        func items(_ kind: String) -> [CSVContact.Item] {
            var result: [CSVContact.Item] = []
            each(kind) { fields in
                let (label, preferred) = Self.label(fields["Label"] ?? "")
                for value in split(fields["Value"] ?? "") {
                    result.append(CSVContact.Item(label: label, value: value, isPreferred: preferred))
                }
            }
            return result
        }
        c.emails = items("E-mail")
        c.phones = items("Phone")
        c.relations = items("Relation")
        c.websites = items("Website")
        c.events = items("Event")
        each("IM") { fields in
            let (label, preferred) = Self.label(fields["Label"] ?? "")
            let services = positional(fields["Service"] ?? ""), values = positional(fields["Value"] ?? "")
            for (n, value) in values.enumerated() where !value.isEmpty {
                c.instantMessaging.append(
                    CSVContact.Item(
                        label: label, value: value, isPreferred: preferred,
                        service: n < services.count ? services[n] : ""))
            }
        }
        each("Address") { fields in
            let (label, preferred) = Self.label(fields["Label"] ?? "")
            let parts = ["Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]
                .map { positional(fields[$0] ?? "") }
            let count = parts.map(\.count).max() ?? 0
            for n in 0..<count {
                let p = parts.map { n < $0.count ? $0[n] : "" }
                guard p.contains(where: { !$0.isEmpty }) else { continue }
                let address = PostalAddress(
                    postOfficeBox: p[3], extendedAddress: p[7], street: p[1], city: p[2],
                    state: p[4], postalCode: p[5], country: p[6])
                c.addresses.append(CSVContact.Address(label: label, address: address, formatted: p[0], isPreferred: preferred))
            }
        }
        each("Custom Field") { fields in
            let value = fields["Value"] ?? ""
            let text = (fields["Label"] ?? "").trimmingSpaces()
            // An empty value is nothing, unless the label names the property it stands for.
            guard !value.isEmpty || CSVContact.isCustomFieldName(text) else { return }
            c.customFields.append(CSVContact.Item(label: text.isEmpty ? nil : Label(rawValue: text), value: value))
        }
        return c
    }

    /// The values of a multi-valued cell, without empty ones.
    static func split(_ cell: String) -> [String] {
        positional(cell).filter { !$0.isEmpty }
    }

    /// The values of a multi-valued cell by position (an empty cell has none).
    static func positional(_ cell: String) -> [String] {
        guard !cell.isEmpty else { return [] }
        return cell.split(separator: separator, omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
    }
}
