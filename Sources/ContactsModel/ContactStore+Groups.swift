extension ContactStore {
    /// The groups that match, in store order: group cards (`KIND:group`, Apple's
    /// `X-ADDRESSBOOKSERVER-KIND:group`), then the `CATEGORIES` the contacts list (see ``Group``).
    ///
    /// ```swift
    /// for group in try store.groups(matching: .all) {
    ///     let members = try store.unifiedContacts(matching: .matchingGroup(withIdentifier: group.identifier), keysToFetch: [.names])
    ///     print(group.name, members.map(\.formattedName))
    /// }
    /// ```
    /// - Parameter predicate: which groups (``GroupPredicate/all`` by default).
    /// - Returns: the groups, each with the revision a save checks.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public func groups(matching predicate: GroupPredicate = .all) throws(ContactStoreError) -> [Group] {
        let index = try currentIndex()
        return index.groups().filter { predicate.evaluate($0, in: index) }.map(\.group)
    }

    /// The containers that match: each file of a folder store (by name), the file of a file store,
    /// or the memory of a memory store (see ``Container``).
    ///
    /// ```swift
    /// let names = try store.containers(matching: .all).map(\.identifier)   // ["ada.vcf", "grace.vcf"]
    /// ```
    /// - Parameter predicate: which containers (``ContainerPredicate/all`` by default).
    /// - Returns: the containers, in store order.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)``.
    public func containers(matching predicate: ContainerPredicate = .all) throws(ContactStoreError) -> [Container] {
        let index = try currentIndex()
        return predicate.files(in: index).map { Container(path: index.files[$0].path) }
    }
}
