import VCardParser

extension Contact {
    /// Reads a contact from a card, decoding only `keys`.
    ///
    /// ```swift
    /// let contact = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
    /// contact.emailAddresses.first?.label == .work
    /// ```
    /// - Complexity: O(n) in the number of properties; photos are decoded only for `.imageData`.
    public init(card: VCard, keys: Set<ContactKey> = ContactKey.all) {
        self.init(card: card, keys: keys, identifier: nil)
    }

    /// `identifier` is used when the card has no `UID` (a store keeps them stable).
    init(card: VCard, keys: Set<ContactKey>, identifier generated: String?) {
        let uid = card.uid.map { $0.trimmingSpaces() }
        self.init(identifier: uid.flatMap { $0.isEmpty ? nil : $0 } ?? generated)
        hasGeneratedIdentifier = uid?.isEmpty ?? true
        fetchedKeys = keys
        sourceCard = card
        let abLabels = LabelMapping.abLabels(in: card)
        for (index, property) in card.properties.enumerated() {
            read(property, at: index, keys: keys, abLabels: abLabels)
        }
        original = ContactSnapshot(self)
    }

    private static let instantMessageNames: Set<String> = ["IMPP", "X-AIM", "X-JABBER", "X-SKYPE", "X-ICQ", "X-MSN", "X-YAHOO"]

    private mutating func read(_ property: Property, at index: Int, keys: Set<ContactKey>, abLabels: [String: String]) {
        func labeled<V>(_ value: V, _ label: Label? = nil) -> LabeledValue<V> {
            let id = "\(identifier)/\(index)"
            sourceIndex[id] = index
            return LabeledValue(identifier: id, label: label ?? LabelMapping.label(of: property, abLabels: abLabels), value: value)
        }
        switch property.name.uppercased() {
        case "N" where keys.contains(.names):
            let c = property.components
            func at(_ i: Int) -> String { i < c.count ? c[i] : "" }
            (familyName, givenName, middleName, namePrefix, nameSuffix) = (at(0), at(1), at(2), at(3), at(4))
        case "FN" where keys.contains(.names):
            displayName = property.text
        case "NICKNAME" where keys.contains(.nickname):
            nickname = property.listValues.first ?? ""
        case "ORG" where keys.contains(.organization):
            let c = property.components
            organizationName = c.first ?? ""
            departmentName = c.count > 1 ? c[1] : ""
        case "TITLE" where keys.contains(.jobTitle):
            jobTitle = property.text
        case "BDAY" where keys.contains(.birthday):
            birthday = ContactDate(vCardValue: property.value)
            if property.parameter("X-APPLE-OMIT-YEAR") != nil { birthday?.year = nil }
        case "NOTE" where keys.contains(.note):
            note = property.text
        case "PHOTO" where keys.contains(.imageData):
            imageData = property.binaryData
        case "KIND", "X-ADDRESSBOOKSERVER-KIND":
            if property.text.lowercased() == "org" || property.text.lowercased() == "organization" { contactType = .organization }
        case "X-ABSHOWAS":
            if property.text.uppercased() == "COMPANY" { contactType = .organization }
        case "TEL" where keys.contains(.phoneNumbers):
            phoneNumbers.append(labeled(PhoneNumber(stringValue: property.text)))
        case "EMAIL" where keys.contains(.emailAddresses):
            emailAddresses.append(labeled(property.text.trimmingSpaces()))
        case "ADR" where keys.contains(.postalAddresses):
            postalAddresses.append(labeled(PostalAddress(components: property.components)))
        case "URL" where keys.contains(.urlAddresses):
            urlAddresses.append(labeled(property.text))
        case "ANNIVERSARY" where keys.contains(.dates), "X-ANNIVERSARY" where keys.contains(.dates):
            if let date = ContactDate(vCardValue: property.value) { dates.append(labeled(date, Label("_$!<Anniversary>!$_"))) }
        case "X-ABDATE" where keys.contains(.dates):
            if let date = ContactDate(vCardValue: property.value) { dates.append(labeled(date)) }
        case _ where Self.instantMessageNames.contains(property.name.uppercased()) && keys.contains(.instantMessageAddresses):
            instantMessageAddresses.append(labeled(property.text))
        case "X-SOCIALPROFILE" where keys.contains(.socialProfiles):
            socialProfiles.append(labeled(property.text))
        default:
            break
        }
    }
}
