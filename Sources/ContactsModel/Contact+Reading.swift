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

    /// `identifier` is used when the card has no `UID` (a random one when `nil`).
    init(card: VCard, keys: Set<ContactKey>, identifier generated: String?) {
        let uid = card.uid.map { $0.trimmingSpaces() }
        self.init(
            card: card, keys: keys, identifier: uid.flatMap { $0.isEmpty ? nil : $0 } ?? generated ?? UUIDString.random(),
            hasGeneratedIdentifier: uid?.isEmpty ?? true)
    }

    /// A contact as a store reads it: `identifier` is the one the store gave the card.
    init(card: VCard, keys: Set<ContactKey>, identifier: String, hasGeneratedIdentifier: Bool) {
        self.init(identifier: identifier)
        self.hasGeneratedIdentifier = hasGeneratedIdentifier
        fetchedKeys = keys
        sourceCard = card
        let abLabels = LabelMapping.abLabels(in: card)
        let addressLines = keys.contains(.postalAddresses) ? LabelMapping.groupTexts(named: PostalAddress.groupedLineNames, in: card) : [:]
        for (index, property) in card.properties.enumerated() {
            read(property, at: index, keys: keys, abLabels: abLabels, addressLines: addressLines)
        }
        original = fields
    }

    /// The name of a relation: the text of `X-ABRELATEDNAMES` or `RELATED;VALUE=text`, else the
    /// `RELATED` URI as it is.
    static func relationName(_ property: Property) -> String {
        isRelationURI(property) ? property.value : property.text
    }

    /// Whether the relation is a `RELATED` URI (its default value type), not text.
    static func isRelationURI(_ property: Property) -> Bool {
        property.hasName("RELATED") && property.parameter("VALUE")?.values.first?.lowercased() != "text"
    }

    private mutating func read(
        _ property: Property, at index: Int, keys: Set<ContactKey>, abLabels: [String: String],
        addressLines: [String: [String: String]]
    ) {
        func labeled<V>(_ value: V, _ label: Label? = nil) -> LabeledValue<V> {
            let id = "\(identifier)/\(index)"
            sourceIndex[id] = index
            return LabeledValue(identifier: id, label: label ?? LabelMapping.label(of: property, abLabels: abLabels), value: value)
        }
        switch property.name.uppercased() {
        case "N" where keys.contains(.names):
            let c = property.components
            func at(_ i: Int) -> String { i < c.count ? c[i] : "" }
            (fields.familyName, fields.givenName, fields.middleName, fields.namePrefix, fields.nameSuffix) = (at(0), at(1), at(2), at(3), at(4))
        case "FN" where keys.contains(.names):
            fields.displayName = property.text
        case "NICKNAME" where keys.contains(.nickname):
            fields.nickname = property.listValues.first ?? ""
        case "ORG" where keys.contains(.organization):
            let c = property.components
            fields.organizationName = c.first ?? ""
            fields.departmentName = c.count > 1 ? c[1] : ""
        case "TITLE" where keys.contains(.jobTitle):
            fields.jobTitle = property.text
        case "BDAY" where keys.contains(.birthday):
            fields.birthday = ContactDate(vCardValue: AppleOmitYear.truncatedDate(property) ?? property.value)
        case "NOTE" where keys.contains(.note):
            fields.note = property.text
        case "PHOTO" where keys.contains(.imageData) || keys.contains(.thumbnailImageData):
            fields.imageData = property.binaryData
        case "KIND", "X-ADDRESSBOOKSERVER-KIND":
            if property.text.lowercased() == "org" || property.text.lowercased() == "organization" { fields.contactType = .organization }
        case "X-ABSHOWAS":
            if property.text.uppercased() == "COMPANY" { fields.contactType = .organization }
        case "TEL" where keys.contains(.phoneNumbers):
            fields.phoneNumbers.append(labeled(PhoneNumber(stringValue: property.text)))
        case "EMAIL" where keys.contains(.emailAddresses):
            fields.emailAddresses.append(labeled(property.text.trimmingSpaces()))
        case "ADR" where keys.contains(.postalAddresses):
            let lines = property.group.flatMap { addressLines[$0.lowercased()] } ?? [:]
            fields.postalAddresses.append(labeled(PostalAddress(components: property.components, groupedLines: lines)))
        case "URL" where keys.contains(.urlAddresses):
            fields.urlAddresses.append(labeled(property.text))
        case "ANNIVERSARY" where keys.contains(.dates), "X-ANNIVERSARY" where keys.contains(.dates):
            if let date = ContactDate(vCardValue: property.value) { fields.dates.append(labeled(date, Label(rawValue: "_$!<Anniversary>!$_"))) }
        case "X-ABDATE" where keys.contains(.dates):
            if let date = ContactDate(vCardValue: AppleOmitYear.truncatedDate(property) ?? property.value) { fields.dates.append(labeled(date)) }
        case _ where InstantMessageAddress.propertyNames.contains(property.name.uppercased()) && keys.contains(.instantMessageAddresses):
            if let address = InstantMessageAddress(property: property) { fields.instantMessageAddresses.append(labeled(address)) }
        case "X-SOCIALPROFILE" where keys.contains(.socialProfiles), "SOCIALPROFILE" where keys.contains(.socialProfiles):
            if let profile = SocialProfile(property: property) { fields.socialProfiles.append(labeled(profile)) }
        case "X-PHONETIC-FIRST-NAME" where keys.contains(.phoneticNames):
            fields.phoneticGivenName = property.text
        case "X-PHONETIC-MIDDLE-NAME" where keys.contains(.phoneticNames):
            fields.phoneticMiddleName = property.text
        case "X-PHONETIC-LAST-NAME" where keys.contains(.phoneticNames):
            fields.phoneticFamilyName = property.text
        case "X-PHONETIC-ORG" where keys.contains(.phoneticNames):
            fields.phoneticOrganizationName = property.text
        case "X-ALTBDAY" where keys.contains(.nonGregorianBirthday):
            fields.nonGregorianBirthday = ContactDate(alternateBirthday: property)
        case "X-MAIDENNAME" where keys.contains(.previousFamilyName):
            fields.previousFamilyName = property.text
        case "X-ABRELATEDNAMES" where keys.contains(.contactRelations), "RELATED" where keys.contains(.contactRelations):
            fields.contactRelations.append(labeled(ContactRelation(name: Self.relationName(property))))
        case "X-ANDROID-CUSTOM" where keys.contains(.contactRelations):
            if let (name, label) = AndroidRelation.read(property) {
                fields.contactRelations.append(labeled(ContactRelation(name: name), label))
            }
        default:
            break
        }
    }
}
