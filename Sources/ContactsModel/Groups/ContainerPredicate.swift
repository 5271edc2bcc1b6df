/// Which containers ``ContactStore/containers(matching:)`` returns, as Apple's `CNContainer`
/// predicates.
///
/// ```swift
/// let all = try store.containers(matching: .all)
/// let adas = try store.containers(matching: .containerOfContact(withIdentifier: ada.identifier))
/// ```
public struct ContainerPredicate: Sendable {
    enum Kind: Sendable {
        case all
        case identifiers(Set<String>)
        case ofContact(String)
        case ofGroup(String)
    }

    let kind: Kind

    /// Every container.
    public static let all = ContainerPredicate(kind: .all)

    /// The containers with these identifiers (Apple's `predicateForContainers(withIdentifiers:)`).
    ///
    /// ```swift
    /// let work = try store.containers(matching: .matchingIdentifiers(["work.vcf"]))
    /// ```
    public static func matchingIdentifiers(_ identifiers: [String]) -> ContainerPredicate {
        ContainerPredicate(kind: .identifiers(Set(identifiers)))
    }

    /// The container that holds a contact (Apple's `predicateForContainerOfContact(withIdentifier:)`).
    ///
    /// ```swift
    /// let home = try store.containers(matching: .containerOfContact(withIdentifier: ada.identifier)).first
    /// ```
    public static func containerOfContact(withIdentifier identifier: String) -> ContainerPredicate {
        ContainerPredicate(kind: .ofContact(identifier))
    }

    /// The containers of a group (Apple's `predicateForContainerOfGroup(withIdentifier:)`): the one
    /// holding its card, or those holding the contacts that list a `CATEGORIES` group.
    ///
    /// ```swift
    /// let places = try store.containers(matching: .containerOfGroup(withIdentifier: friends.identifier))
    /// ```
    public static func containerOfGroup(withIdentifier identifier: String) -> ContainerPredicate {
        ContainerPredicate(kind: .ofGroup(identifier))
    }

    /// The files of `index` whose containers match, in store order.
    func files(in index: StoreIndex) -> [Int] {
        switch kind {
        case .all:
            return Array(index.files.indices)
        case .identifiers(let identifiers):
            return index.files.indices.filter { identifiers.contains(Container(path: index.files[$0].path).identifier) }
        case .ofContact(let identifier):
            guard let position = index.byIdentifier[identifier], index[position].group == nil else { return [] }
            return [position.file]
        case .ofGroup(let identifier):
            return Set(index.group(withIdentifier: identifier)?.positions.map(\.file) ?? []).sorted()
        }
    }
}
