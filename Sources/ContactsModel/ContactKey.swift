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
    public static let all: Set<ContactKey> = Set(allCases)

    /// The case's place in ``allCases``: what keys are compared and hashed by, where the
    /// defaults of a `String` raw value compared and hashed its text.
    fileprivate var ordinal: Int {
        switch self {
        case .names: 0
        case .nickname: 1
        case .organization: 2
        case .jobTitle: 3
        case .birthday: 4
        case .note: 5
        case .imageData: 6
        case .phoneNumbers: 7
        case .emailAddresses: 8
        case .postalAddresses: 9
        case .urlAddresses: 10
        case .dates: 11
        case .instantMessageAddresses: 12
        case .socialProfiles: 13
        case .phoneticNames: 14
        case .previousFamilyName: 15
        case .contactRelations: 16
        case .nonGregorianBirthday: 17
        case .thumbnailImageData: 18
        }
    }

    public static func == (a: ContactKey, b: ContactKey) -> Bool { a.ordinal == b.ordinal }

    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

extension ContactKey {
    /// A set of keys as one bit each: asked about each line a contact reads and each field it
    /// writes, where a `Set<ContactKey>` hashes the key every time.
    ///
    /// ```swift
    /// let keys = ContactKey.Mask([.emailAddresses, .phoneNumbers])
    /// keys.contains(.phoneNumbers)   // true
    /// ```
    struct Mask {
        private var bits: UInt32 = 0

        init(_ keys: Set<ContactKey>) {
            for key in keys { bits |= 1 << UInt32(key.ordinal) }
        }

        func contains(_ key: ContactKey) -> Bool { bits & (1 << UInt32(key.ordinal)) != 0 }
    }
}
