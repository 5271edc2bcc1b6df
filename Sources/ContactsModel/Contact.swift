import VCardParser

/// A person or organization from an address book, in the shape of Apple's `CNContact`.
///
/// Contacts are values: change a copy, then save it with a ``SaveRequest``. A contact read from a
/// card remembers that card, and ``vCard()`` changes only the lines whose values changed.
/// ```swift
/// var contact = Contact(card: card)
/// contact.phoneNumbers.append(LabeledValue(label: .main, value: PhoneNumber(stringValue: "+1 555 0100")))
/// let updated = contact.vCard()
/// ```
public struct Contact: Hashable, Sendable, Identifiable {
    public enum ContactType: String, Hashable, Sendable {
        case person, organization
    }

    /// The card's `UID`; generated for a card without one (and written when the contact is saved).
    public internal(set) var identifier: String
    public var contactType: ContactType = .person
    public var namePrefix = ""
    public var givenName = ""
    public var middleName = ""
    public var familyName = ""
    public var nameSuffix = ""
    public var nickname = ""
    /// The formatted name (`FN`); written from the name parts when empty.
    public var displayName = ""
    public var organizationName = ""
    public var departmentName = ""
    public var jobTitle = ""
    public var birthday: ContactDate?
    public var note = ""
    public var imageData: [UInt8]?
    public var phoneNumbers: [LabeledValue<PhoneNumber>] = []
    public var emailAddresses: [LabeledValue<String>] = []
    public var postalAddresses: [LabeledValue<PostalAddress>] = []
    public var urlAddresses: [LabeledValue<String>] = []
    public var dates: [LabeledValue<ContactDate>] = []
    public var instantMessageAddresses: [LabeledValue<String>] = []
    public var socialProfiles: [LabeledValue<String>] = []

    /// The keys that were read from the card; the others are neither read nor written.
    public internal(set) var fetchedKeys: Set<ContactKey>
    /// The card this contact was read from, if any.
    public internal(set) var sourceCard: VCard?
    /// Whether the identifier was made up because the card had no `UID`.
    public internal(set) var hasGeneratedIdentifier = false
    /// Where each labeled value came from: identifier → index in `sourceCard.properties`.
    var sourceIndex: [String: Int] = [:]
    /// The contact as first read, to tell what changed.
    var original: ContactSnapshot?

    public var id: String { identifier }

    /// A new, empty contact with a fresh identifier.
    public init(identifier: String? = nil) {
        self.identifier = identifier ?? UUIDString.random()
        self.fetchedKeys = ContactKey.all
    }

    /// The name for display: `FN`, else the name parts, else the organization.
    public var formattedName: String {
        if !displayName.isEmpty { return displayName }
        let parts = [namePrefix, givenName, middleName, familyName, nameSuffix].filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        return organizationName
    }

    public static func == (lhs: Contact, rhs: Contact) -> Bool {
        ContactSnapshot(lhs) == ContactSnapshot(rhs) && lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// The user-visible content of a contact, for telling what changed.
struct ContactSnapshot: Hashable, Sendable {
    var contactType: Contact.ContactType
    var names: [String]
    var displayName: String
    var nickname: String
    var organization: [String]
    var jobTitle: String
    var birthday: ContactDate?
    var note: String
    var imageData: [UInt8]?
    var phoneNumbers: [LabeledValue<PhoneNumber>]
    var emailAddresses: [LabeledValue<String>]
    var postalAddresses: [LabeledValue<PostalAddress>]
    var urlAddresses: [LabeledValue<String>]
    var dates: [LabeledValue<ContactDate>]
    var instantMessageAddresses: [LabeledValue<String>]
    var socialProfiles: [LabeledValue<String>]

    init(_ c: Contact) {
        contactType = c.contactType
        names = [c.namePrefix, c.givenName, c.middleName, c.familyName, c.nameSuffix]
        displayName = c.displayName
        nickname = c.nickname
        organization = [c.organizationName, c.departmentName]
        jobTitle = c.jobTitle
        birthday = c.birthday
        note = c.note
        imageData = c.imageData
        phoneNumbers = c.phoneNumbers
        emailAddresses = c.emailAddresses
        postalAddresses = c.postalAddresses
        urlAddresses = c.urlAddresses
        dates = c.dates
        instantMessageAddresses = c.instantMessageAddresses
        socialProfiles = c.socialProfiles
    }
}
