/// A named set of contacts, in the shape of Apple's `CNGroup`.
///
/// A store reads groups in the three forms exports use, and keeps each in its form when it saves:
/// - a vCard 4.0 card with `KIND:group`, its members in `MEMBER:urn:uuid:<UID>` lines (Nextcloud,
///   RFC 6350 §6.1.4 and §6.6.5);
/// - Apple's 3.0 card with `X-ADDRESSBOOKSERVER-KIND:group` and
///   `X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:<UID>` lines (iCloud);
/// - a `CATEGORIES` value (Google, Nextcloud): the group's members are the contacts listing it.
///   Its identifier is `category:` and the name.
///
/// Group cards are not contacts: fetches of contacts skip them, and they are written back byte for
/// byte unless a save changes them.
///
/// ```swift
/// let friends = try store.groups(matching: .all).first { $0.name == "Friends" }!
/// let members = try store.unifiedContacts(matching: .matchingGroup(withIdentifier: friends.identifier), keysToFetch: [.names])
/// ```
public struct Group: Hashable, Sendable, Identifiable {
    /// Where a group is written: the form it was read in, or the one a store picks for a new group.
    enum Form: Hashable, Sendable {
        /// A 4.0 card with `KIND:group` and `MEMBER` lines.
        case kindCard
        /// Apple's 3.0 card with `X-ADDRESSBOOKSERVER-KIND:group` and `X-ADDRESSBOOKSERVER-MEMBER` lines.
        case appleCard
        /// A `CATEGORIES` value of the member cards.
        case category
    }

    /// The group card's `UID` (derived from the card, as a contact's is, when it has none), or
    /// `category:` and the name for a `CATEGORIES` group.
    public internal(set) var identifier: String
    /// The group card's `FN`, or the category.
    public var name: String
    /// The form it was read in; `nil` for a new group.
    var form: Form?
    /// The name as read, to tell a rename.
    var originalName: String?
    /// The digest of the group card, or of the cards listing the category, when it was fetched.
    var revision: ContentDigest?

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }

    /// A new group, to add with ``SaveRequest/add(_:toContainerWithIdentifier:)``.
    ///
    /// ```swift
    /// var request = SaveRequest()
    /// request.add(Group(name: "Book club"), toContainerWithIdentifier: nil)
    /// ```
    /// - Parameters:
    ///   - name: the group's name.
    ///   - identifier: the new card's `UID` (default: a random UUID).
    public init(name: String, identifier: String? = nil) {
        self.identifier = identifier ?? UUIDString.random()
        self.name = name
    }

    /// The identifier of the `CATEGORIES` group called `name`.
    static func categoryIdentifier(_ name: String) -> String { "category:" + name }

    /// Groups are equal when their identifier and name are.
    public static func == (lhs: Group, rhs: Group) -> Bool { lhs.identifier == rhs.identifier && lhs.name == rhs.name }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
