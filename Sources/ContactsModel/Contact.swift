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
    /// Whether the card is a person or an organization (`KIND:org`, Apple's `X-ABShowAs:COMPANY`).
    public enum ContactType: String, Hashable, Sendable {
        case person, organization
    }

    /// The card's `UID`; generated for a card without one (and written when the contact is saved).
    public internal(set) var identifier: String
    /// Person or organization.
    public var contactType: ContactType = .person
    /// Honorific prefix, the 4th component of `N` ("Dr.").
    public var namePrefix = ""
    /// Given name, the 2nd component of `N`.
    public var givenName = ""
    /// Additional names, the 3rd component of `N`.
    public var middleName = ""
    /// Family name, the 1st component of `N`.
    public var familyName = ""
    /// Honorific suffix, the 5th component of `N` ("Jr.").
    public var nameSuffix = ""
    /// The first `NICKNAME`.
    public var nickname = ""
    /// The formatted name (`FN`); written from the name parts when empty.
    public var displayName = ""
    /// The first component of `ORG`.
    public var organizationName = ""
    /// The second component of `ORG`.
    public var departmentName = ""
    /// `TITLE`.
    public var jobTitle = ""
    /// `BDAY`; the year is `nil` for `--0415` and Apple's `X-APPLE-OMIT-YEAR`.
    public var birthday: ContactDate?
    /// `NOTE`, unescaped.
    public var note = ""
    /// The decoded bytes of an inline `PHOTO` (fetched only with `.imageData`).
    public var imageData: [UInt8]?
    /// `TEL` lines, in card order, with their labels.
    public var phoneNumbers: [LabeledValue<PhoneNumber>] = []
    /// `EMAIL` lines, in card order, with their labels.
    public var emailAddresses: [LabeledValue<String>] = []
    /// `ADR` lines, in card order, with their labels.
    public var postalAddresses: [LabeledValue<PostalAddress>] = []
    /// `URL` lines, in card order, with their labels.
    public var urlAddresses: [LabeledValue<String>] = []
    /// `ANNIVERSARY`, `X-ANNIVERSARY` and Apple's labeled `X-ABDATE` dates.
    public var dates: [LabeledValue<ContactDate>] = []
    /// `IMPP` and the older `X-AIM`, `X-JABBER`, `X-SKYPE`… lines.
    public var instantMessageAddresses: [LabeledValue<String>] = []
    /// `X-SOCIALPROFILE` lines.
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

    /// The identifier, for `Identifiable`.
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

    /// Contacts are equal when their identifier and every field are.
    public static func == (lhs: Contact, rhs: Contact) -> Bool {
        ContactSnapshot(lhs) == ContactSnapshot(rhs) && lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
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
