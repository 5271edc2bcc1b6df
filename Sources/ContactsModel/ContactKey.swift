/// The parts of a contact a fetch asks for. A fetch decodes only these, so a search that needs
/// emails and phones never pays to decode photos. What was not fetched is left alone on save;
/// reading it is a programming error (``Contact/isKeyAvailable(_:)`` tells), changing it makes
/// the save fail with ``ContactStoreError/propertyNotFetched(_:)``.
///
/// ```swift
/// let contacts = try store.unifiedContacts(matching: .matchingEmailAddress("ada@example.com"),
///                                          keysToFetch: [.emailAddresses, .phoneNumbers])
/// ```
public enum ContactKey: String, Hashable, Sendable, CaseIterable {
    case names, nickname, organization, jobTitle, birthday, note, imageData
    case phoneNumbers, emailAddresses, postalAddresses, urlAddresses, dates, instantMessageAddresses, socialProfiles
    /// The phonetic given, middle, family and organization names (`X-PHONETIC-*`).
    case phoneticNames
    /// The previous family name (Apple's `X-MAIDENNAME`).
    case previousFamilyName
    /// The contact relations (`X-ABRELATEDNAMES`, 4.0 `RELATED`).
    case contactRelations
    /// The birthday in another calendar (Apple's `X-ALTBDAY`).
    case nonGregorianBirthday
    /// The thumbnail: the `PHOTO` bytes, like ``imageData`` (see ``Contact/thumbnailImageData``).
    case thumbnailImageData

    /// Every key.
    public static var all: Set<ContactKey> { Set(allCases) }
}
