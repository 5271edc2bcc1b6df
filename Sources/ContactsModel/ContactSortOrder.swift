import Foundation

/// The order in which a fetch returns contacts, in the shape of Apple's `CNContactSortOrder`.
///
/// Names compare as people expect in a list: ignoring case and diacritics, digits by their
/// numeric value. A contact with neither given nor family name sorts by its
/// ``Contact/formattedName`` (`FN`, else its organization). Contacts that compare equal keep
/// their store order.
/// ```swift
/// var request = FetchRequest(keysToFetch: [.names])
/// request.sortOrder = .familyName      // Hopper, Grace before Lovelace, Ada
/// ```
public enum ContactSortOrder: Hashable, Sendable {
    /// Store order: the order of the cards in the file, and of the files of a folder by name.
    case none
    /// Apple's user setting; there is none here, so this sorts as ``familyName`` (Apple's default).
    case userDefault
    /// By given name, then family name.
    case givenName
    /// By family name, then given name.
    case familyName

    /// The keys a contact needs to be sorted this way.
    var requiredKeys: Set<ContactKey> { self == .none ? [] : [.names, .organization] }

    /// The names `contact` sorts by, most significant first.
    func sortKey(_ contact: Contact) -> [String] {
        let (given, family) = (contact.givenName, contact.familyName)
        if given.isEmpty && family.isEmpty { return [contact.formattedName] }
        switch self {
        case .givenName: return [given, family]
        case .none, .userDefault, .familyName: return [family, given]
        }
    }

    /// Whether the first key sorts before the second.
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) {
            switch x.compare(y, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return a.count < b.count
    }
}
