/// Where a store keeps contacts and groups, in the shape of Apple's `CNContainer`: each `.vcf`
/// file of a folder store, the file of a file store, or the memory of a memory store.
///
/// The identifier is the file's name (`ada.vcf`), or `memory`. A ``SaveRequest`` adds a contact
/// or a group to a container by that identifier: in a folder store, an existing file gets the
/// card appended and another name is a new file; a file or memory store accepts only its one
/// container's identifier.
///
/// ```swift
/// for container in try store.containers(matching: .all) {
///     let count = try store.unifiedContacts(matching: .matchingContainer(withIdentifier: container.identifier), keysToFetch: []).count
///     print(container.name, count)
/// }
/// ```
public struct Container: Hashable, Sendable, Identifiable {
    /// The file's name in its folder, or `memory`.
    public let identifier: String
    /// The name to show: the same as the identifier.
    public var name: String { identifier }

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }

    /// The identifier of the memory store's one container.
    static let memoryIdentifier = "memory"

    /// The container of the file at `path` (`nil`: memory).
    init(path: String?) {
        guard let path else {
            identifier = Self.memoryIdentifier
            return
        }
        identifier = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
    }
}
