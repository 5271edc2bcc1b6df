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
        // Asked about each line read: bits, not a set that hashes the key.
        let reading = ContactKey.Mask(keys)
        let abLabels = LabelMapping.abLabels(in: card)
        let addressLines = reading.contains(.postalAddresses) ? LabelMapping.groupTexts(named: PostalAddress.groupedLineNames, in: card) : [:]
        var seen = Field.Set()
        var phoneticVariants: [String: Property] = [:]
        // The tables, taken once: each use of a global checks that it is made (a call here).
        let names = Field.names, table = Field.table
        let readsPhonetics = reading.contains(.phoneticNames)
        // One look-up of the name's bytes tells the lines no field reads, most of a card when
        // few keys are asked for, which are then left alone (their parameters too). N and ORG,
        // which carry the phonetic variants, are fields.
        names.forEachListed(in: card.properties) { index, found in
            let (name, field) = table[found]
            let wanted = field.isRead(with: reading)
            // N and ORG lines are looked at for their phonetic variants only when those are read.
            guard wanted || (field.carriesPhoneticVariants && readsPhonetics) else { return }
            let property = card.properties[index]
            if property.parameter("PHONETIC") != nil {
                if phoneticVariants[name] == nil { phoneticVariants[name] = property }
                return
            }
            // The first line of a field held once is the field, as the writer edits it.
            if field.isHeldOnce, !seen.insert(field) { return }
            if wanted { read(property, as: field, at: index, abLabels: abLabels, addressLines: addressLines) }
        }
        if readsPhonetics { readPhoneticVariants(phoneticVariants, besides: seen) }
        original = fields
    }

    /// Apple's phonetic names, in the order of ``ContactFields/phoneticNames``: given, middle,
    /// family, organization.
    static let phoneticPropertyNames = ["X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME", "X-PHONETIC-ORG"]

    /// Where each phonetic name is in an RFC 9554 phonetic variant (`N;PHONETIC=…`,
    /// `ORG;PHONETIC=…`): the property and the component, in the order of ``phoneticPropertyNames``.
    static let phoneticComponents: [(property: String, component: Int)] = [("N", 1), ("N", 2), ("N", 0), ("ORG", 0)]

    /// The phonetic names the card's `N` and `ORG` phonetic variants give, for those Apple's
    /// `X-PHONETIC-*` lines (which win) do not.
    private mutating func readPhoneticVariants(_ variants: [String: Property], besides seen: Field.Set) {
        var names = fields.phoneticNames
        for (i, place) in Self.phoneticComponents.enumerated() where !seen.contains(Field.phoneticNames[i]) {
            guard let components = variants[place.property]?.components, place.component < components.count else { continue }
            names[i] = components[place.component]
        }
        (fields.phoneticGivenName, fields.phoneticMiddleName, fields.phoneticFamilyName, fields.phoneticOrganizationName) = (names[0], names[1], names[2], names[3])
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

    /// What a property is read as, by its name (``Field/named``), and for which keys.
    private enum Field: Int {
        case name, displayName, nickname, organization, jobTitle, birthday, note, photo, kind, showAs, phone, email, address, url
        case anniversary, date, instantMessage, socialProfile, phoneticGiven, phoneticMiddle, phoneticFamily, phoneticOrganization
        case nonGregorianBirthday, maidenName, relation, androidCustom

        /// Each property name that is a field, upper-cased, with what it is read as: the one
        /// table of what a contact reads, looked up by ``names``, which finds a line's place in it.
        static let table: [(name: String, field: Field)] = named.map { ($0.key, $0.value) }
        static let names = PropertyNameSet(table.map(\.name))

        /// Whether the field's lines may be a phonetic variant (`N;PHONETIC=…`, `ORG;PHONETIC=…`).
        var carriesPhoneticVariants: Bool { self == .name || self == .organization }

        /// Whether the field is held once: its first line is the field (and the line an edit of
        /// it rewrites); later lines of the same name stay in the card untouched.
        var isHeldOnce: Bool {
            switch self {
            case .name, .displayName, .nickname, .organization, .jobTitle, .note, .birthday, .photo, .nonGregorianBirthday, .maidenName: true
            case .phoneticGiven, .phoneticMiddle, .phoneticFamily, .phoneticOrganization: true
            default: false
            }
        }

        /// Apple's phonetic name fields, in the order of ``Contact/phoneticPropertyNames``.
        static let phoneticNames: [Field] = [.phoneticGiven, .phoneticMiddle, .phoneticFamily, .phoneticOrganization]

        /// Fields as one bit each, by their place among the cases.
        struct Set {
            private var bits: UInt32 = 0

            /// Adds `field`; `false` when it was in already.
            mutating func insert(_ field: Field) -> Bool {
                let bit: UInt32 = 1 << UInt32(field.rawValue)
                defer { bits |= bit }
                return bits & bit == 0
            }

            func contains(_ field: Field) -> Bool { bits & (1 << UInt32(field.rawValue)) != 0 }
        }

        private static let named: [String: Field] = {
            var table: [String: Field] = [
                "N": .name, "FN": .displayName, "NICKNAME": .nickname, "ORG": .organization, "TITLE": .jobTitle, "BDAY": .birthday,
                "NOTE": .note, "PHOTO": .photo, "KIND": .kind, "X-ADDRESSBOOKSERVER-KIND": .kind, "X-ABSHOWAS": .showAs,
                "TEL": .phone, "EMAIL": .email, "ADR": .address, "URL": .url, "ANNIVERSARY": .anniversary,
                "X-ANNIVERSARY": .anniversary, "X-ABDATE": .date, "X-SOCIALPROFILE": .socialProfile, "SOCIALPROFILE": .socialProfile,
                "X-PHONETIC-FIRST-NAME": .phoneticGiven, "X-PHONETIC-MIDDLE-NAME": .phoneticMiddle,
                "X-PHONETIC-LAST-NAME": .phoneticFamily, "X-PHONETIC-ORG": .phoneticOrganization, "X-ALTBDAY": .nonGregorianBirthday,
                "X-MAIDENNAME": .maidenName, "X-ABRELATEDNAMES": .relation, "RELATED": .relation, "X-ANDROID-CUSTOM": .androidCustom,
            ]
            for name in InstantMessageAddress.propertyNames { table[name] = .instantMessage }
            return table
        }()

        /// Whether the field is read when `keys` are asked for: the kind of contact always is.
        func isRead(with keys: ContactKey.Mask) -> Bool {
            switch self {
            case .name, .displayName: keys.contains(.names)
            case .nickname: keys.contains(.nickname)
            case .organization: keys.contains(.organization)
            case .jobTitle: keys.contains(.jobTitle)
            case .birthday: keys.contains(.birthday)
            case .note: keys.contains(.note)
            case .photo: keys.contains(.imageData) || keys.contains(.thumbnailImageData)
            case .kind, .showAs: true
            case .phone: keys.contains(.phoneNumbers)
            case .email: keys.contains(.emailAddresses)
            case .address: keys.contains(.postalAddresses)
            case .url: keys.contains(.urlAddresses)
            case .anniversary, .date: keys.contains(.dates)
            case .instantMessage: keys.contains(.instantMessageAddresses)
            case .socialProfile: keys.contains(.socialProfiles)
            case .phoneticGiven, .phoneticMiddle, .phoneticFamily, .phoneticOrganization: keys.contains(.phoneticNames)
            case .nonGregorianBirthday: keys.contains(.nonGregorianBirthday)
            case .maidenName: keys.contains(.previousFamilyName)
            case .relation, .androidCustom: keys.contains(.contactRelations)
            }
        }
    }

    private mutating func read(
        _ property: Property, as field: Field, at index: Int, abLabels: [String: String], addressLines: [String: [String: String]]
    ) {
        func labeled<V>(_ value: V, _ label: Label? = nil) -> LabeledValue<V> {
            let id = SourceIndices.identifier(ofValueAt: index, in: identifier)
            sourceIndex.append(id, index: index)
            return LabeledValue(identifier: id, label: label ?? LabelMapping.label(of: property, abLabels: abLabels), value: value)
        }
        switch field {
        case .name:
            let c = property.components
            func at(_ i: Int) -> String { i < c.count ? c[i] : "" }
            (fields.familyName, fields.givenName, fields.middleName, fields.namePrefix, fields.nameSuffix) = (at(0), at(1), at(2), at(3), at(4))
        case .displayName:
            fields.displayName = property.text
        case .nickname:
            fields.nickname = property.listValues.first ?? ""
        case .organization:
            let c = property.components
            fields.organizationName = c.first ?? ""
            fields.departmentName = c.count > 1 ? c[1] : ""
        case .jobTitle:
            fields.jobTitle = property.text
        case .birthday:
            fields.birthday = ContactDate(vCardValue: AppleOmitYear.truncatedDate(property) ?? property.value)
        case .note:
            fields.note = property.text
        case .photo:
            fields.imageData = property.binaryData
        case .kind:
            if property.text.lowercased() == "org" || property.text.lowercased() == "organization" { fields.contactType = .organization }
        case .showAs:
            if property.text.uppercased() == "COMPANY" { fields.contactType = .organization }
        case .phone:
            fields.phoneNumbers.append(labeled(PhoneNumber(stringValue: property.text)))
        case .email:
            fields.emailAddresses.append(labeled(property.text.trimmingSpaces()))
        case .address:
            let lines = property.group.flatMap { addressLines[$0.lowercased()] } ?? [:]
            fields.postalAddresses.append(labeled(PostalAddress(components: property.components, groupedLines: lines)))
        case .url:
            fields.urlAddresses.append(labeled(property.text))
        case .anniversary:
            if let date = ContactDate(vCardValue: property.value) { fields.dates.append(labeled(date, Label(rawValue: "_$!<Anniversary>!$_"))) }
        case .date:
            if let date = ContactDate(vCardValue: AppleOmitYear.truncatedDate(property) ?? property.value) { fields.dates.append(labeled(date)) }
        case .instantMessage:
            if let address = InstantMessageAddress(property: property) { fields.instantMessageAddresses.append(labeled(address)) }
        case .socialProfile:
            if let profile = SocialProfile(property: property) { fields.socialProfiles.append(labeled(profile)) }
        case .phoneticGiven:
            fields.phoneticGivenName = property.text
        case .phoneticMiddle:
            fields.phoneticMiddleName = property.text
        case .phoneticFamily:
            fields.phoneticFamilyName = property.text
        case .phoneticOrganization:
            fields.phoneticOrganizationName = property.text
        case .nonGregorianBirthday:
            fields.nonGregorianBirthday = ContactDate(alternateBirthday: property)
        case .maidenName:
            fields.previousFamilyName = property.text
        case .relation:
            fields.contactRelations.append(labeled(ContactRelation(name: Self.relationName(property))))
        case .androidCustom:
            if let (name, label) = AndroidRelation.read(property) {
                fields.contactRelations.append(labeled(ContactRelation(name: name), label))
            }
        }
    }
}
