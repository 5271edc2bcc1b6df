import VCardParser

/// A person or organization from an address book, in the shape of Apple's `CNContact`.
///
/// Contacts are values: change a copy, then save it with a ``SaveRequest``. A contact read from a
/// card remembers that card, and ``vCard(version:writingGeneratedIdentifier:)`` changes only the lines whose values changed.
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

    /// The card's `UID`; for a card without one, a store derives it from the card (see
    /// ``ContactStore``) and writes it as the `UID` when the contact is first saved.
    public internal(set) var identifier: String
    /// Person or organization (always read, whatever the keys fetched).
    public var contactType: ContactType {
        get { fields.contactType }
        set { fields.contactType = newValue }
    }
    /// Honorific prefix, the 4th component of `N` ("Dr."). Key: ``ContactKey/names``.
    public var namePrefix: String {
        get { fetched(.names, fields.namePrefix) }
        set { fields.namePrefix = newValue }
    }
    /// Given name, the 2nd component of `N`. Key: ``ContactKey/names``.
    public var givenName: String {
        get { fetched(.names, fields.givenName) }
        set { fields.givenName = newValue }
    }
    /// Additional names, the 3rd component of `N`. Key: ``ContactKey/names``.
    public var middleName: String {
        get { fetched(.names, fields.middleName) }
        set { fields.middleName = newValue }
    }
    /// Family name, the 1st component of `N`. Key: ``ContactKey/names``.
    public var familyName: String {
        get { fetched(.names, fields.familyName) }
        set { fields.familyName = newValue }
    }
    /// Honorific suffix, the 5th component of `N` ("Jr."). Key: ``ContactKey/names``.
    public var nameSuffix: String {
        get { fetched(.names, fields.nameSuffix) }
        set { fields.nameSuffix = newValue }
    }
    /// The first `NICKNAME`. Key: ``ContactKey/nickname``.
    public var nickname: String {
        get { fetched(.nickname, fields.nickname) }
        set { fields.nickname = newValue }
    }
    /// The formatted name (`FN`); written from the name parts when empty. Key: ``ContactKey/names``.
    public var displayName: String {
        get { fetched(.names, fields.displayName) }
        set { fields.displayName = newValue }
    }
    /// The first component of `ORG`. Key: ``ContactKey/organization``.
    public var organizationName: String {
        get { fetched(.organization, fields.organizationName) }
        set { fields.organizationName = newValue }
    }
    /// The second component of `ORG`. Key: ``ContactKey/organization``.
    public var departmentName: String {
        get { fetched(.organization, fields.departmentName) }
        set { fields.departmentName = newValue }
    }
    /// `TITLE`. Key: ``ContactKey/jobTitle``.
    public var jobTitle: String {
        get { fetched(.jobTitle, fields.jobTitle) }
        set { fields.jobTitle = newValue }
    }
    /// `BDAY`; the year is `nil` for `--0415` and Apple's `X-APPLE-OMIT-YEAR`. Key: ``ContactKey/birthday``.
    public var birthday: ContactDate? {
        get { fetched(.birthday, fields.birthday) }
        set { fields.birthday = newValue }
    }
    /// `NOTE`, unescaped. Key: ``ContactKey/note``.
    public var note: String {
        get { fetched(.note, fields.note) }
        set { fields.note = newValue }
    }
    /// The decoded bytes of an inline `PHOTO`. Key: ``ContactKey/imageData``.
    public var imageData: [UInt8]? {
        get { fetched(.imageData, fields.imageData) }
        set { fields.imageData = newValue }
    }
    /// `TEL` lines, in card order, with their labels. Key: ``ContactKey/phoneNumbers``.
    public var phoneNumbers: [LabeledValue<PhoneNumber>] {
        get { fetched(.phoneNumbers, fields.phoneNumbers) }
        set { fields.phoneNumbers = newValue }
    }
    /// `EMAIL` lines, in card order, with their labels. Key: ``ContactKey/emailAddresses``.
    public var emailAddresses: [LabeledValue<String>] {
        get { fetched(.emailAddresses, fields.emailAddresses) }
        set { fields.emailAddresses = newValue }
    }
    /// `ADR` lines, in card order, with their labels. Key: ``ContactKey/postalAddresses``.
    public var postalAddresses: [LabeledValue<PostalAddress>] {
        get { fetched(.postalAddresses, fields.postalAddresses) }
        set { fields.postalAddresses = newValue }
    }
    /// `URL` lines, in card order, with their labels. Key: ``ContactKey/urlAddresses``.
    public var urlAddresses: [LabeledValue<String>] {
        get { fetched(.urlAddresses, fields.urlAddresses) }
        set { fields.urlAddresses = newValue }
    }
    /// `ANNIVERSARY`, `X-ANNIVERSARY` and Apple's labeled `X-ABDATE` dates. Key: ``ContactKey/dates``.
    public var dates: [LabeledValue<ContactDate>] {
        get { fetched(.dates, fields.dates) }
        set { fields.dates = newValue }
    }
    /// `IMPP` and the older `X-AIM`, `X-JABBER`, `X-SKYPE`… lines, each a username on a service
    /// (``InstantMessageAddress``). Key: ``ContactKey/instantMessageAddresses``.
    public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] {
        get { fetched(.instantMessageAddresses, fields.instantMessageAddresses) }
        set { fields.instantMessageAddresses = newValue }
    }
    /// Apple's `X-SOCIALPROFILE` and RFC 9554's `SOCIALPROFILE` lines (``SocialProfile``). Key:
    /// ``ContactKey/socialProfiles``.
    public var socialProfiles: [LabeledValue<SocialProfile>] {
        get { fetched(.socialProfiles, fields.socialProfiles) }
        set { fields.socialProfiles = newValue }
    }

    /// The phonetic given name (`X-PHONETIC-FIRST-NAME`). Key: ``ContactKey/phoneticNames``.
    public var phoneticGivenName: String {
        get { fetched(.phoneticNames, fields.phoneticGivenName) }
        set { fields.phoneticGivenName = newValue }
    }
    /// The phonetic middle name (`X-PHONETIC-MIDDLE-NAME`). Key: ``ContactKey/phoneticNames``.
    public var phoneticMiddleName: String {
        get { fetched(.phoneticNames, fields.phoneticMiddleName) }
        set { fields.phoneticMiddleName = newValue }
    }
    /// The phonetic family name (`X-PHONETIC-LAST-NAME`). Key: ``ContactKey/phoneticNames``.
    public var phoneticFamilyName: String {
        get { fetched(.phoneticNames, fields.phoneticFamilyName) }
        set { fields.phoneticFamilyName = newValue }
    }
    /// The phonetic organization name (`X-PHONETIC-ORG`). Key: ``ContactKey/phoneticNames``.
    public var phoneticOrganizationName: String {
        get { fetched(.phoneticNames, fields.phoneticOrganizationName) }
        set { fields.phoneticOrganizationName = newValue }
    }
    /// The family name before marriage (Apple's `X-MAIDENNAME`). Key: ``ContactKey/previousFamilyName``.
    public var previousFamilyName: String {
        get { fetched(.previousFamilyName, fields.previousFamilyName) }
        set { fields.previousFamilyName = newValue }
    }
    /// Related people (`X-ABRELATEDNAMES`, 4.0 `RELATED`), in card order, labeled with the
    /// relation (``Label/spouse``…). Key: ``ContactKey/contactRelations``.
    ///
    /// ```swift
    /// contact.contactRelations.append(LabeledValue(label: .manager, value: ContactRelation(name: "Tim")))
    /// ```
    public var contactRelations: [LabeledValue<ContactRelation>] {
        get { fetched(.contactRelations, fields.contactRelations) }
        set { fields.contactRelations = newValue }
    }
    /// The birthday in another calendar (Apple's `X-ALTBDAY;CALSCALE=chinese:007800021101`),
    /// with its ``ContactDate/calendar`` and ``ContactDate/era``. Key: ``ContactKey/nonGregorianBirthday``.
    ///
    /// ```swift
    /// contact.nonGregorianBirthday = ContactDate(year: 2, month: 11, day: 1, calendar: "chinese", era: 78)
    /// ```
    public var nonGregorianBirthday: ContactDate? {
        get { fetched(.nonGregorianBirthday, fields.nonGregorianBirthday) }
        set { fields.nonGregorianBirthday = newValue }
    }
    /// The thumbnail of the contact's image. A card holds one `PHOTO`, so these are the same bytes
    /// as ``imageData``, decoded on demand (only when this key or ``ContactKey/imageData`` is
    /// fetched); to change it, set ``imageData``. Key: ``ContactKey/thumbnailImageData``.
    ///
    /// ```swift
    /// let contact = try store.unifiedContact(withIdentifier: id, keysToFetch: [.thumbnailImageData])
    /// let bytes = contact.thumbnailImageData      // the PHOTO's bytes, or nil
    /// ```
    public var thumbnailImageData: [UInt8]? { fetched(.thumbnailImageData, fields.imageData) }

    /// The keys that were read from the card. Reading another key's property is a programming
    /// error: a debug build stops with an assertion, a release build gives the empty value.
    /// Changing one makes the save fail with ``ContactStoreError/propertyNotFetched(_:)``.
    public internal(set) var fetchedKeys: Set<ContactKey>
    /// The card this contact was read from, if any.
    public internal(set) var sourceCard: VCard?
    /// Whether the identifier was made up because the card had no `UID`.
    public internal(set) var hasGeneratedIdentifier = false
    /// The values, behind the properties above.
    var fields: ContactFields {
        _read { yield values.fields }
        _modify {
            makeValuesUnique()
            yield &values.fields
        }
    }
    /// The values as first read, to tell what changed (empty for a contact made in code).
    var original: ContactFields {
        _read { yield values.original }
        _modify {
            makeValuesUnique()
            yield &values.original
        }
    }
    /// ``fields`` and ``original``, in one box that copies of the contact share until one of
    /// them changes a value: a contact is copied whole when it is made, returned or stored, and
    /// copying both sets of values inline was a retain and a release of each of their strings
    /// and arrays (about sixty).
    private var values = Values()
    /// The digest of the card as fetched from a store (its revision): a save checks the card
    /// still has it.
    var revision: ContentDigest?
    /// Where each labeled value came from: identifier → index in `sourceCard.properties`.
    var sourceIndex = SourceIndices()

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }

    /// Gives this contact a box of values of its own before one of them changes, unless it
    /// already is the only one with its box.
    private mutating func makeValuesUnique() {
        if !isKnownUniquelyReferenced(&values) { values = Values(fields: values.fields, original: values.original) }
    }

    /// The box of ``fields`` and ``original``; changed only through a contact that holds the
    /// only reference to it (``makeValuesUnique()``), so it is as safe to send as the values.
    private final class Values: @unchecked Sendable {
        // Unchecked: each access is one a contact's accessors make, on a box no other contact
        // holds while it changes, so the run-time exclusivity check (a call on each) finds nothing.
        @exclusivity(unchecked) var fields: ContactFields
        @exclusivity(unchecked) var original: ContactFields

        init(fields: ContactFields = ContactFields(), original: ContactFields = ContactFields()) {
            self.fields = fields
            self.original = original
        }
    }

    /// A new, empty contact with a fresh identifier; every key counts as fetched.
    public init(identifier: String? = nil) {
        self.identifier = identifier ?? UUIDString.random()
        self.fetchedKeys = ContactKey.all
    }

    /// Whether `key` was fetched, so that its property may be read and changed.
    ///
    /// ```swift
    /// if contact.isKeyAvailable(.note) { print(contact.note) }
    /// ```
    public func isKeyAvailable(_ key: ContactKey) -> Bool { fetchedKeys.contains(key) }

    /// Whether every one of `keys` was fetched.
    ///
    /// ```swift
    /// guard contact.areKeysAvailable([.emailAddresses, .phoneNumbers]) else { return }
    /// ```
    public func areKeysAvailable(_ keys: Set<ContactKey>) -> Bool { keys.isSubset(of: fetchedKeys) }

    /// The name for display: `FN`, else the name parts, else the organization (empty when
    /// neither names nor organization were fetched).
    public var formattedName: String {
        if !fields.displayName.isEmpty { return fields.displayName }
        let parts = fields.names.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        return fields.organizationName
    }

    /// Contacts are equal when their identifier and every field are.
    public static func == (lhs: Contact, rhs: Contact) -> Bool {
        lhs.fields == rhs.fields && lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// `value`, asserting in a debug build that `key` was fetched.
    private func fetched<T>(_ key: ContactKey, _ value: T, _ property: StaticString = #function) -> T {
        assert(fetchedKeys.contains(key), "Contact.\(property) read, but .\(key) was not in keysToFetch")
        return value
    }
}
