import ContactsModel
import VCardParser

/// What a contact CSV row can hold, between a card and the columns of a layout.
///
/// Reading a card goes through `ContactsModel.Contact` (names, organization, labeled emails,
/// phones, addresses, URLs, instant messaging) and reads the rest from the properties: the
/// preference of each value, phonetic names, `CATEGORIES`, a photo link, relations, dates,
/// custom fields and `X-CSV-…` columns kept from an earlier import. Writing a card is the
/// reverse: a `ContactsModel.Contact` makes a vCard 4.0 card, and the rest is added to it.
struct CSVContact {
    /// A labeled value; `isPreferred` is Google's `* ` before the label, `PREF=1` in vCard.
    struct Item: Equatable {
        var label: Label?
        var value: String
        var isPreferred = false
        /// The instant-messaging service (IM items only).
        var service = ""
    }

    struct Address: Equatable {
        var label: Label?
        var address: PostalAddress
        /// The address as one text (Google's `Formatted`), vCard 4.0 `ADR;LABEL=`.
        var formatted = ""
        var isPreferred = false
    }

    var formattedName = ""
    var givenName = "", middleName = "", familyName = "", namePrefix = "", nameSuffix = ""
    var phoneticGivenName = "", phoneticMiddleName = "", phoneticFamilyName = ""
    var nickname = "", fileAs = ""
    var organization = "", department = "", jobTitle = ""
    /// ISO 8601: `1985-04-15`, `--04-15` without a year, or any text that is not a date.
    var birthday = ""
    var note = ""
    /// A link to the photo (inline photos have no place in a CSV cell).
    var photo = ""
    var categories: [String] = []
    var emails: [Item] = []
    var phones: [Item] = []
    var addresses: [Address] = []
    var relations: [Item] = []
    var instantMessaging: [Item] = []
    var websites: [Item] = []
    var events: [Item] = []
    var customFields: [Item] = []
    /// Columns no field stands for, by column name, kept as `X-CSV-…` properties.
    var extras: [(column: String, value: String)] = []
    /// Values of the card's name, nickname and organization past the cells a row has for them.
    var valuesWithoutACell: [CSVDrop.Item] = []

    static let anniversary = Label(rawValue: "_$!<Anniversary>!$_")

    /// The `TYPE` values of RFC 6350 §6.6.6 `RELATED` (the label is written as a type when it is one).
    static let relationTypes: Set<String> = [
        "contact", "acquaintance", "friend", "met", "co-worker", "colleague", "co-resident", "neighbor", "child",
        "parent", "sibling", "spouse", "kin", "muse", "crush", "date", "sweetheart", "me", "agent", "emergency",
    ]

    /// The `X-CSV-…` property name that keeps an unmapped column: `Office Location` → `X-CSV-OFFICE-LOCATION`.
    static func extraPropertyName(_ column: String) -> String {
        var name = "X-CSV-"
        var dash = false
        for c in column.uppercased().unicodeScalars {
            if c.isASCII && (("A"..."Z").contains(c) || ("0"..."9").contains(c)) {
                if dash && !name.hasSuffix("-") { name.append("-") }
                name.unicodeScalars.append(c)
                dash = false
            } else {
                dash = true
            }
        }
        return name
    }
}

// MARK: - The name in a row

extension CSVContact {
    /// The first-name cell of Google's and Outlook's rows: the given name, or the formatted name
    /// when the card has no name part and it is not the organization's (a card with only FN).
    var givenNameCell: String {
        let hasNoParts = [namePrefix, givenName, middleName, familyName, nameSuffix].allSatisfy(\.isEmpty)
        return hasNoParts && formattedName != organization ? formattedName : givenName
    }

    /// Whether the row gives the formatted name back: neither layout has a column for it, and a
    /// row read makes it of the name parts in the order of `ContactsModel.Contact.formattedName`
    /// (the first-name cell standing for the given name), else of the organization.
    var keepsFormattedName: Bool {
        guard !formattedName.isEmpty else { return true }
        let parts = [namePrefix, givenNameCell, middleName, familyName, nameSuffix].filter { !$0.isEmpty }
        return (parts.isEmpty ? organization : parts.joined(separator: " ")) == formattedName
    }
}

// MARK: - From a card

extension CSVContact {
    init(card: VCard) {
        let contact = Contact(card: card)
        formattedName = contact.displayName
        givenName = contact.givenName
        middleName = contact.middleName
        familyName = contact.familyName
        namePrefix = contact.namePrefix
        nameSuffix = contact.nameSuffix
        nickname = contact.nickname
        organization = contact.organizationName
        department = contact.departmentName
        jobTitle = contact.jobTitle
        note = contact.note
        if let date = contact.birthday {
            birthday = Self.isoDate(date)
        } else if let bday = card.first("BDAY") {
            birthday = bday.text
        }
        valuesWithoutACell = Self.valuesWithoutACell(card)
        phoneticGivenName = card.first("X-PHONETIC-FIRST-NAME")?.text ?? ""
        phoneticMiddleName = card.first("X-PHONETIC-MIDDLE-NAME")?.text ?? ""
        phoneticFamilyName = card.first("X-PHONETIC-LAST-NAME")?.text ?? ""
        fileAs = card.first("X-FILE-AS")?.text ?? ""
        if let link = card.properties(named: "PHOTO").first(where: Self.isLink) { photo = link.value }
        categories = card.properties(named: "CATEGORIES").flatMap(\.listValues).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }

        let labels = Self.abLabels(in: card)
        // 2.1 and 3.0 say some things in other words (LABEL lines, X-RELATED): read those from 4.0.
        let v4 = card.version == .v4 ? card : card.converted(to: .v4)
        func preferred(_ name: String) -> [Bool] { card.properties(named: name).map { $0.preference == 1 } }
        let telPrefs = preferred("TEL"), emailPrefs = preferred("EMAIL"), adrs = v4.properties(named: "ADR")
        phones = contact.phoneNumbers.enumerated().map { n, v in
            Item(label: v.label, value: v.value.stringValue, isPreferred: n < telPrefs.count && telPrefs[n])
        }
        emails = contact.emailAddresses.enumerated().map { n, v in
            Item(label: v.label, value: v.value, isPreferred: n < emailPrefs.count && emailPrefs[n])
        }
        addresses = contact.postalAddresses.enumerated().map { n, v in
            let adr = n < adrs.count ? adrs[n] : nil
            return Address(
                label: v.label, address: v.value, formatted: adr?.parameter("LABEL")?.value ?? "",
                isPreferred: adr?.preference == 1)
        }
        websites = contact.urlAddresses.map { Item(label: $0.label, value: $0.value) }

        instantMessaging = contact.instantMessageAddresses.map { Item(label: $0.label, value: $0.value.username, service: $0.value.service) }

        for property in v4.properties where property.hasName("RELATED") {
            relations.append(Item(label: Self.relationLabel(property, labels), value: property.text))
        }
        for property in card.properties {
            switch property.name.uppercased() {
            case "X-ABRELATEDNAMES":
                relations.append(Item(label: Self.relationLabel(property, labels), value: property.text))
            case "ANNIVERSARY", "X-ANNIVERSARY":
                events.append(Item(label: Self.anniversary, value: Self.isoDate(property.text)))
            case "X-ABDATE":
                events.append(Item(label: Self.label(of: property, abLabels: labels), value: Self.isoDate(property.text)))
            case "X-CUSTOM-FIELD":
                customFields.append(Item(label: Self.label(of: property, abLabels: labels), value: property.text))
            case let name where name.hasPrefix("X-CSV-"):
                extras.append((column: property.parameter("X-COLUMN")?.value ?? name, value: property.text))
            case let name:
                if let value = Self.customFieldValue(of: property) {
                    customFields.append(Item(label: Label(rawValue: name), value: value))
                }
            }
        }
    }

    /// What the last N, NICKNAME and ORG (the ones `ContactsModel.Contact` reads) hold past the
    /// five name parts, the first nickname, and the organization and its department.
    private static func valuesWithoutACell(_ card: VCard) -> [CSVDrop.Item] {
        func past(_ name: String, _ count: Int, _ values: (Property) -> [String], _ kind: String) -> [CSVDrop.Item] {
            guard let property = card.properties(named: name).last(where: { !$0.isMalformed }) else { return [] }
            return values(property).dropFirst(count).filter { !$0.isEmpty }.map { CSVDrop.Item(key: kind, text: "\(kind) \($0)") }
        }
        return past("N", 5, \.components, "name component") + past("NICKNAME", 1, \.listValues, "nickname")
            + past("ORG", 2, \.components, "organization unit")
    }

    /// A relation's label; an RFC 6350 type is capitalized as Google writes it (`spouse` → `Spouse`).
    private static func relationLabel(_ property: Property, _ labels: [String: String]) -> Label? {
        label(of: property, abLabels: labels).map {
            relationTypes.contains($0.rawValue) ? Label(rawValue: $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) : $0
        }
    }

    static func isLink(_ property: Property) -> Bool {
        let v = property.value.lowercased()
        return property.parameter("ENCODING") == nil && (v.hasPrefix("http://") || v.hasPrefix("https://"))
    }

    /// The label of a property: its group's `X-ABLabel`, else its first `TYPE` other than `pref`.
    private static func label(of property: Property, abLabels: [String: String]) -> Label? {
        if let group = property.group?.lowercased(), let text = abLabels[group] { return Label(rawValue: text) }
        return property.types.first { $0 != "pref" }.map { Label(rawValue: $0) }
    }

    private static func abLabels(in card: VCard) -> [String: String] {
        var result: [String: String] = [:]
        for p in card.properties where p.hasName("X-ABLabel") {
            if let g = p.group { result[g.lowercased()] = p.text }
        }
        return result
    }

    /// `1985-04-15` or `--04-15`; text that is not a date stays as it is.
    static func isoDate(_ text: String) -> String {
        guard let date = ContactDate(vCardValue: text) else { return text }
        return isoDate(date)
    }

    static func isoDate(_ date: ContactDate) -> String {
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "" }
        guard let year = date.year else { return "--\(two(date.month))-\(two(date.day))" }
        let y = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        guard date.month != nil else { return y }
        return "\(y)-\(two(date.month))-\(two(date.day))"
    }
}

// MARK: - To a card

extension CSVContact {
    /// The contact as a vCard 4.0 card, without a `UID` (a CSV row has no identity).
    func card() -> VCard {
        var contact = Contact(identifier: "")
        contact.givenName = givenName
        contact.middleName = middleName
        contact.familyName = familyName
        contact.namePrefix = namePrefix
        contact.nameSuffix = nameSuffix
        contact.displayName = formattedName
        contact.nickname = nickname
        contact.organizationName = organization
        contact.departmentName = department
        contact.jobTitle = jobTitle
        contact.note = note
        let birthdayDate = birthday.isEmpty ? nil : ContactDate(vCardValue: birthday)
        contact.birthday = birthdayDate
        contact.phoneNumbers = phones.map { LabeledValue(label: $0.label, value: PhoneNumber(stringValue: $0.value)) }
        contact.emailAddresses = emails.map { LabeledValue(label: $0.label, value: $0.value) }
        contact.postalAddresses = addresses.map { LabeledValue(label: $0.label, value: $0.address) }
        contact.urlAddresses = websites.map { LabeledValue(label: $0.label, value: $0.value) }
        contact.instantMessageAddresses = instantMessaging.map { LabeledValue(label: $0.label, value: Self.instantMessageAddress($0)) }

        var card = contact.vCard(version: .v4)
        card.properties.removeAll { $0.hasName("UID") }
        if formattedName.isEmpty, contact.formattedName.isEmpty {
            // FN is required in 4.0; a row with no name is named by its first email or phone.
            let fn = emails.first?.value ?? phones.first?.value ?? ""
            if let i = card.properties.firstIndex(where: { $0.hasName("FN") }) { card.properties[i].setText(fn) }
        }
        func mark(_ name: String, _ flags: [Bool]) {
            for (n, index) in card.indices(of: name).enumerated() where n < flags.count && flags[n] {
                card.properties[index].parameters.append(Parameter(name: "PREF", values: ["1"]))
            }
        }
        // Numbers stay as typed: free text, the default value type of a 4.0 TEL (RFC 6350 §6.4.1).
        for (n, index) in card.indices(of: "TEL").enumerated() where n < phones.count {
            card.properties[index].parameters.removeAll { $0.hasName("VALUE") }
            card.properties[index].setText(phones[n].value)
        }
        mark("TEL", phones.map(\.isPreferred))
        mark("EMAIL", emails.map(\.isPreferred))
        mark("ADR", addresses.map(\.isPreferred))
        for (n, index) in card.indices(of: "ADR").enumerated() where n < addresses.count && !addresses[n].formatted.isEmpty {
            card.properties[index].parameters.append(Parameter(name: "LABEL", values: [addresses[n].formatted]))
        }

        func text(_ name: String, _ value: String, _ parameters: [Parameter] = []) -> Property {
            var p = Property(name: name, parameters: parameters, value: "", version: .v4)
            p.setText(value)
            return p
        }
        if birthdayDate == nil, !birthday.isEmpty {
            card.append(text("BDAY", birthday, [Parameter(name: "VALUE", values: ["text"])]))
        }
        if !phoneticGivenName.isEmpty { card.append(text("X-PHONETIC-FIRST-NAME", phoneticGivenName)) }
        if !phoneticMiddleName.isEmpty { card.append(text("X-PHONETIC-MIDDLE-NAME", phoneticMiddleName)) }
        if !phoneticFamilyName.isEmpty { card.append(text("X-PHONETIC-LAST-NAME", phoneticFamilyName)) }
        if !fileAs.isEmpty { card.append(text("X-FILE-AS", fileAs)) }
        if !photo.isEmpty { card.append(Property(name: "PHOTO", value: photo, version: .v4)) }
        if !categories.isEmpty {
            card.append(Property(name: "CATEGORIES", value: categories.map { Escaping.escape($0, for: .v4) }.joined(separator: ","), version: .v4))
        }
        for relation in relations {
            var p = text("RELATED", relation.value, [Parameter(name: "VALUE", values: ["text"])])
            if let label = relation.label, Self.relationTypes.contains(label.rawValue.lowercased()) {
                p.addType(label.rawValue.lowercased())
                card.append(p)
            } else {
                appendLabeled(p, relation.label, to: &card)
            }
        }
        var hasAnniversary = false
        for event in events {
            if event.label == Self.anniversary, !hasAnniversary, ContactDate(vCardValue: event.value) != nil {
                hasAnniversary = true
                card.append(Property(name: "ANNIVERSARY", value: Self.vCardDate(event.value), version: .v4))
            } else {
                let value = ContactDate(vCardValue: event.value) != nil ? Self.vCardDate(event.value) : event.value
                appendLabeled(text("X-ABDATE", value), event.label, to: &card)
            }
        }
        for field in customFields {
            if let property = Self.customFieldProperty(field) {
                card.append(property)
            } else {
                appendLabeled(text("X-CUSTOM-FIELD", field.value), field.label, to: &card)
            }
        }
        for extra in extras where !extra.value.isEmpty {
            card.append(text(Self.extraPropertyName(extra.column), extra.value, [Parameter(name: "X-COLUMN", values: [extra.column])]))
        }
        return card
    }

    /// Appends `property` with Apple's grouped `itemN.X-ABLabel` line for its label.
    private func appendLabeled(_ property: Property, _ label: Label?, to card: inout VCard) {
        guard let label else { card.append(property); return }
        var largest = 0
        for p in card.properties {
            if let g = p.group?.lowercased(), g.hasPrefix("item"), let n = Int(g.dropFirst(4)) { largest = max(largest, n) }
        }
        var p = property
        p.group = "item\(largest + 1)"
        card.append(p)
        var abLabel = Property(group: p.group, name: "X-ABLabel", value: "", version: .v4)
        abLabel.setText(label.rawValue)
        card.append(abLabel)
    }

    /// `YYYY-MM-DD` or `--MMDD` (the 4.0 forms) for an ISO date.
    private static func vCardDate(_ text: String) -> String {
        ContactDate(vCardValue: text)?.vCardValue ?? text
    }

    /// An IMPP URI for a value and its service: `skype:ada` (a value with a scheme stays as it is).
    /// A cell's address: a URI (`skype:ada`, `xmpp:ada@example.com`) read as an `IMPP` value,
    /// else the username, on the row's service.
    private static func instantMessageAddress(_ item: Item) -> InstantMessageAddress {
        let parameters = item.service.isEmpty ? [] : [Parameter(name: "X-SERVICE-TYPE", values: [item.service])]
        return InstantMessageAddress(property: Property(name: "IMPP", parameters: parameters, value: item.value))
            ?? InstantMessageAddress(username: item.value, service: item.service)
    }
}
