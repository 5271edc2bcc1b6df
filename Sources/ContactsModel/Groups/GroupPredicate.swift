/// Which groups ``ContactStore/groups(matching:)`` returns, as Apple's `CNGroup` predicates.
///
/// ```swift
/// let all = try store.groups(matching: .all)
/// let some = try store.groups(matching: .matchingIdentifiers([friends.identifier]))
/// let inWork = try store.groups(matching: .matchingContainer(withIdentifier: "work.vcf"))
/// ```
public struct GroupPredicate: Sendable {
    enum Kind: Sendable {
        case all
        case identifiers(Set<String>)
        case container(String)
    }

    let kind: Kind

    /// Every group.
    public static let all = GroupPredicate(kind: .all)

    /// The groups with these identifiers (Apple's `predicateForGroups(withIdentifiers:)`).
    ///
    /// ```swift
    /// let friends = try store.groups(matching: .matchingIdentifiers(["category:Friends"]))
    /// ```
    public static func matchingIdentifiers(_ identifiers: [String]) -> GroupPredicate {
        GroupPredicate(kind: .identifiers(Set(identifiers)))
    }

    /// The groups of a container (Apple's `predicateForGroupsInContainer(withIdentifier:)`): those
    /// whose card is in it, and the `CATEGORIES` groups that a contact of it lists.
    ///
    /// ```swift
    /// let groups = try store.groups(matching: .matchingContainer(withIdentifier: "contacts.vcf"))
    /// ```
    public static func matchingContainer(withIdentifier identifier: String) -> GroupPredicate {
        GroupPredicate(kind: .container(identifier))
    }

    /// Whether the group matches, its cards in `index`.
    func evaluate(_ indexed: StoreIndex.IndexedGroup, in index: StoreIndex) -> Bool {
        switch kind {
        case .all: return true
        case .identifiers(let identifiers): return identifiers.contains(indexed.group.identifier)
        case .container(let identifier): return indexed.positions.contains { Container(path: index.files[$0.file].path).identifier == identifier }
        }
    }
}
