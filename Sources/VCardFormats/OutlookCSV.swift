import ContactsModel

/// The columns of Outlook's CSV export (Outlook.com "Export contacts", also what Google writes as
/// "Outlook CSV"): a fixed header of 61 columns, one column per kind of phone and three
/// addresses (Business, Home, Other), three emails without labels.
///
/// Phone labels choose the column (`Mobile Phone` for `.mobile`, `Business Fax` for `.workFax`,
/// `Car Phone` for a custom label "Car", …); a value with no column of its own goes to
/// `Other Phone`, and what still finds no free column is reported as not written. Street,
/// extended address and PO box share `… Street`, one per line. `Spouse`, `Manager's Name` and
/// `Assistant's Name` are relations; the columns with no vCard counterpart (`Office Location`,
/// `Company Yomi`, `Schools`, `Hobby`, `Location`) are kept as `X-CSV-…` properties.
///
/// Dates are written in Outlook's form, `4/15/1985` (a date without a year as `--04-15`), and
/// read in that form or as ISO 8601.
enum OutlookCSV {
    static let header = [
        "First Name", "Middle Name", "Last Name", "Title", "Suffix", "Nickname", "Given Yomi", "Surname Yomi",
        "E-mail Address", "E-mail 2 Address", "E-mail 3 Address", "Home Phone", "Home Phone 2", "Business Phone",
        "Business Phone 2", "Mobile Phone", "Car Phone", "Other Phone", "Primary Phone", "Pager", "Business Fax",
        "Home Fax", "Other Fax", "Company Main Phone", "Callback", "Radio Phone", "Telex", "TTY/TDD Phone",
        "IMAddress", "Job Title", "Department", "Company", "Office Location", "Manager's Name", "Assistant's Name",
        "Assistant's Phone", "Company Yomi", "Business Street", "Business City", "Business State",
        "Business Postal Code", "Business Country/Region", "Home Street", "Home City", "Home State",
        "Home Postal Code", "Home Country/Region", "Other Street", "Other City", "Other State", "Other Postal Code",
        "Other Country/Region", "Personal Web Page", "Spouse", "Schools", "Hobby", "Location", "Web Page", "Birthday",
        "Anniversary", "Notes",
    ]

    static let emailColumns = ["E-mail Address", "E-mail 2 Address", "E-mail 3 Address"]

    /// Phone columns in header order, with the label each one reads as.
    static let phoneColumns: [(column: String, label: Label)] = [
        ("Home Phone", .home), ("Home Phone 2", .home), ("Business Phone", .work), ("Business Phone 2", .work),
        ("Mobile Phone", .mobile), ("Car Phone", "Car"), ("Other Phone", .other), ("Primary Phone", .main),
        ("Pager", .pager), ("Business Fax", .workFax), ("Home Fax", .homeFax), ("Other Fax", .otherFax),
        ("Company Main Phone", "Company Main"), ("Callback", "Callback"), ("Radio Phone", "Radio"),
        ("Telex", "Telex"), ("TTY/TDD Phone", "TTY/TDD"), ("Assistant's Phone", "Assistant"),
    ]

    static let relationColumns: [(column: String, label: String)] = [
        ("Manager's Name", "Manager"), ("Assistant's Name", "Assistant"), ("Spouse", "Spouse"),
    ]

    static let addressPrefixes: [(prefix: String, label: Label)] = [("Business", .work), ("Home", .home), ("Other", .other)]

    // MARK: - Writing

    /// The contact's row under ``header``, and the values that found no free column.
    static func row(_ contact: CSVContact) -> (cells: [String], dropped: [CSVDrop.Item]) {
        var cells: [String: String] = [:]
        var dropped: [CSVDrop.Item] = []
        fill(&cells, contact, dropped: &dropped)
        return (header.map { cells[$0] ?? "" }, dropped)
    }

    private static func fill(_ cells: inout [String: String], _ c: CSVContact, dropped: inout [CSVDrop.Item]) {
        cells["First Name"] = c.givenNameCell
        cells["Middle Name"] = c.middleName
        cells["Last Name"] = c.familyName
        cells["Title"] = c.namePrefix
        cells["Suffix"] = c.nameSuffix
        cells["Nickname"] = c.nickname
        cells["Given Yomi"] = c.phoneticGivenName
        cells["Surname Yomi"] = c.phoneticFamilyName
        cells["Job Title"] = c.jobTitle
        cells["Department"] = c.department
        cells["Company"] = c.organization
        cells["Birthday"] = outlookDate(c.birthday)
        cells["Notes"] = c.note

        for (n, email) in c.emails.enumerated() {
            if n < emailColumns.count { cells[emailColumns[n]] = email.value } else { dropped.append(value("email", email.value)) }
        }
        for phone in c.phones {
            let wanted = phoneColumns.filter { matches(phone.label, $0.label) }.map(\.column) + ["Other Phone"]
            if let column = wanted.first(where: { (cells[$0] ?? "").isEmpty }) {
                cells[column] = phone.value
            } else {
                dropped.append(value("phone", phone.value))
            }
        }
        for address in c.addresses {
            let prefix = addressPrefixes.first { $0.label == address.label }?.prefix ?? "Other"
            guard (cells[prefix + " Street"] ?? "").isEmpty, (cells[prefix + " City"] ?? "").isEmpty else {
                dropped.append(CSVDrop.Item(key: "address", text: "a second \(prefix.lowercased()) address"))
                continue
            }
            let a = address.address
            cells[prefix + " Street"] = [a.street, a.extendedAddress, a.postOfficeBox].filter { !$0.isEmpty }.joined(separator: "\n")
            cells[prefix + " City"] = a.city
            cells[prefix + " State"] = a.state
            cells[prefix + " Postal Code"] = a.postalCode
            cells[prefix + " Country/Region"] = a.country
        }
        for url in c.websites {
            let personal = url.label == .home || url.label == .homePage
            let column = personal && (cells["Personal Web Page"] ?? "").isEmpty ? "Personal Web Page" : "Web Page"
            if (cells[column] ?? "").isEmpty { cells[column] = url.value } else { dropped.append(value("URL", url.value)) }
        }
        for im in c.instantMessaging {
            if (cells["IMAddress"] ?? "").isEmpty { cells["IMAddress"] = im.value } else { dropped.append(value("IM", im.value)) }
        }
        for relation in c.relations {
            // By the label's name: Apple's `_$!<Spouse>!$_` is `Spouse`.
            let label = GoogleCSV.name(of: relation.label).lowercased()
            let column = relationColumns.first { $0.label.lowercased() == label }?.column
            if let column, (cells[column] ?? "").isEmpty { cells[column] = relation.value } else { dropped.append(value("relation", relation.value)) }
        }
        for event in c.events {
            if event.label == CSVContact.anniversary, (cells["Anniversary"] ?? "").isEmpty {
                cells["Anniversary"] = outlookDate(event.value)
            } else {
                dropped.append(value("date", event.value))
            }
        }
        for extra in c.extras {
            if header.contains(extra.column), (cells[extra.column] ?? "").isEmpty {
                cells[extra.column] = extra.value
            } else {
                dropped.append(value(extra.column, extra.value))
            }
        }
        // A custom field that stands for a property is reported by the property's name (below).
        for field in c.customFields where CSVContact.customFieldProperty(field) == nil {
            dropped.append(CSVDrop.Item(key: "custom field", text: "\(field.label?.rawValue ?? "custom field") \(field.value)"))
        }
        if !c.categories.isEmpty { dropped.append(field("categories")) }
        if !c.phoneticMiddleName.isEmpty { dropped.append(field("phonetic middle name")) }
        if !c.fileAs.isEmpty { dropped.append(field("file-as name")) }
        if !c.photo.isEmpty { dropped.append(field("photo link")) }
    }

    /// A value of a kind that found no free column: `email 4@example.org`, counted as `email`.
    private static func value(_ kind: String, _ value: String) -> CSVDrop.Item {
        CSVDrop.Item(key: kind, text: "\(kind) \(value)")
    }

    /// A field of the contact Outlook has no column for: `categories`.
    private static func field(_ name: String) -> CSVDrop.Item { CSVDrop.Item(key: name, text: name) }

    /// Whether a value's label asks for a column's label (custom labels ignore case).
    private static func matches(_ label: Label?, _ column: Label) -> Bool {
        guard let label else { return false }
        if label == column { return true }
        if label == .iPhone { return column == .mobile }
        return !label.isSystemLabel && !column.isSystemLabel && label.rawValue.lowercased() == column.rawValue.lowercased()
    }

    // MARK: - Reading

    static func contacts(header: [String], rows: [[String]]) -> [CSVContact] {
        rows.map { row in
            var cells: [String: String] = [:]
            var c = CSVContact()
            for (i, column) in header.enumerated() {
                let value = i < row.count ? row[i] : ""
                if cells[column] == nil { cells[column] = value }
            }
            func f(_ name: String) -> String { cells[name] ?? "" }
            c.givenName = f("First Name")
            c.middleName = f("Middle Name")
            c.familyName = f("Last Name")
            c.namePrefix = f("Title")
            c.nameSuffix = f("Suffix")
            c.nickname = f("Nickname")
            c.phoneticGivenName = f("Given Yomi")
            c.phoneticFamilyName = f("Surname Yomi")
            c.jobTitle = f("Job Title")
            c.department = f("Department")
            c.organization = f("Company")
            c.birthday = isoDate(f("Birthday"))
            c.note = f("Notes")
            c.emails = emailColumns.map(f).filter { !$0.isEmpty }.map { CSVContact.Item(label: nil, value: $0) }
            for column in header {
                if let phone = phoneColumns.first(where: { $0.column == column }), !f(column).isEmpty {
                    c.phones.append(CSVContact.Item(label: phone.label, value: f(column)))
                }
            }
            for (prefix, label) in addressPrefixes {
                let parts = ["Street", "City", "State", "Postal Code", "Country/Region"].map { f(prefix + " " + $0) }
                guard parts.contains(where: { !$0.isEmpty }) else { continue }
                let address = PostalAddress(street: parts[0], city: parts[1], state: parts[2], postalCode: parts[3], country: parts[4])
                c.addresses.append(CSVContact.Address(label: label, address: address))
            }
            if !f("Personal Web Page").isEmpty { c.websites.append(CSVContact.Item(label: .home, value: f("Personal Web Page"))) }
            if !f("Web Page").isEmpty { c.websites.append(CSVContact.Item(label: nil, value: f("Web Page"))) }
            if !f("IMAddress").isEmpty { c.instantMessaging.append(CSVContact.Item(label: nil, value: f("IMAddress"))) }
            for (column, label) in relationColumns where !f(column).isEmpty {
                c.relations.append(CSVContact.Item(label: Label(rawValue: label), value: f(column)))
            }
            if !f("Anniversary").isEmpty {
                c.events.append(CSVContact.Item(label: CSVContact.anniversary, value: isoDate(f("Anniversary"))))
            }
            let known = Set(
                [
                    "First Name", "Middle Name", "Last Name", "Title", "Suffix", "Nickname", "Given Yomi",
                    "Surname Yomi", "Job Title", "Department", "Company", "Birthday", "Notes", "IMAddress",
                    "Personal Web Page", "Web Page", "Anniversary",
                ] + emailColumns + phoneColumns.map(\.column)
                    + relationColumns.map(\.column)
                    + addressPrefixes.flatMap { p in ["Street", "City", "State", "Postal Code", "Country/Region"].map { p.prefix + " " + $0 } })
            for column in header where !known.contains(column) && !f(column).isEmpty {
                c.extras.append((column: column, value: f(column)))
            }
            return c
        }
    }

    /// `1985-04-15` as `4/15/1985`; other text as it is.
    static func outlookDate(_ iso: String) -> String {
        guard let date = ContactDate(vCardValue: iso), let y = date.year, let m = date.month, let d = date.day else { return iso }
        return "\(m)/\(d)/\(y)"
    }

    /// `4/15/1985` (Outlook's own form) as `1985-04-15`; Outlook's empty date `0/0/00` as nothing.
    static func isoDate(_ text: String) -> String {
        let t = text.trimmingSpaces()
        if t == "0/0/00" || t == "0/0/0000" { return "" }
        let parts = t.split(separator: "/")
        guard parts.count == 3, let m = Int(parts[0]), let d = Int(parts[1]), let y = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d), parts[2].count == 4
        else { return t }
        return CSVContact.isoDate(ContactDate(year: y, month: m, day: d))
    }
}
