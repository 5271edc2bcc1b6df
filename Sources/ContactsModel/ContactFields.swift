/// The values of a contact, stored behind ``Contact``'s properties (which check that their key
/// was fetched) and kept as first read, to tell what changed.
struct ContactFields: Hashable, Sendable {
    var contactType: Contact.ContactType = .person
    var namePrefix = ""
    var givenName = ""
    var middleName = ""
    var familyName = ""
    var nameSuffix = ""
    var nickname = ""
    var displayName = ""
    var organizationName = ""
    var departmentName = ""
    var jobTitle = ""
    var birthday: ContactDate?
    var note = ""
    var imageData: [UInt8]?
    var phoneNumbers: [LabeledValue<PhoneNumber>] = []
    var emailAddresses: [LabeledValue<String>] = []
    var postalAddresses: [LabeledValue<PostalAddress>] = []
    var urlAddresses: [LabeledValue<String>] = []
    var dates: [LabeledValue<ContactDate>] = []
    var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
    var socialProfiles: [LabeledValue<SocialProfile>] = []
    var phoneticGivenName = ""
    var phoneticMiddleName = ""
    var phoneticFamilyName = ""
    var phoneticOrganizationName = ""
    var previousFamilyName = ""
    var contactRelations: [LabeledValue<ContactRelation>] = []
    var nonGregorianBirthday: ContactDate?

    /// The name parts in `N` order of the model: prefix, given, middle, family, suffix.
    var names: [String] { [namePrefix, givenName, middleName, familyName, nameSuffix] }

    /// The phonetic names: given, middle, family, organization.
    var phoneticNames: [String] { [phoneticGivenName, phoneticMiddleName, phoneticFamilyName, phoneticOrganizationName] }

    /// The keys whose values differ between the two.
    func keysChanged(from other: ContactFields) -> Set<ContactKey> {
        var keys: Set<ContactKey> = []
        if names != other.names || displayName != other.displayName { keys.insert(.names) }
        if nickname != other.nickname { keys.insert(.nickname) }
        if organizationName != other.organizationName || departmentName != other.departmentName { keys.insert(.organization) }
        if jobTitle != other.jobTitle { keys.insert(.jobTitle) }
        if birthday != other.birthday { keys.insert(.birthday) }
        if note != other.note { keys.insert(.note) }
        if imageData != other.imageData { keys.insert(.imageData) }
        if phoneNumbers != other.phoneNumbers { keys.insert(.phoneNumbers) }
        if emailAddresses != other.emailAddresses { keys.insert(.emailAddresses) }
        if postalAddresses != other.postalAddresses { keys.insert(.postalAddresses) }
        if urlAddresses != other.urlAddresses { keys.insert(.urlAddresses) }
        if dates != other.dates { keys.insert(.dates) }
        if instantMessageAddresses != other.instantMessageAddresses { keys.insert(.instantMessageAddresses) }
        if socialProfiles != other.socialProfiles { keys.insert(.socialProfiles) }
        if phoneticNames != other.phoneticNames { keys.insert(.phoneticNames) }
        if previousFamilyName != other.previousFamilyName { keys.insert(.previousFamilyName) }
        if contactRelations != other.contactRelations { keys.insert(.contactRelations) }
        if nonGregorianBirthday != other.nonGregorianBirthday { keys.insert(.nonGregorianBirthday) }
        return keys
    }
}
