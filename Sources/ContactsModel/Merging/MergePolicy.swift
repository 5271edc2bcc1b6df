/// Which contact of a group of duplicates is kept when they are merged: the kept one stays in
/// its place with every line of its card, and gets what the others add.
///
/// ```swift
/// var request = SaveRequest()
/// request.merge([older, newer], prefer: .new)   // newer is kept, older is deleted
/// try store.execute(request)
/// ```
public enum MergePolicy: String, Sendable {
    /// The first of the group (in store or file order: usually the oldest).
    case old
    /// The last of the group.
    case new

    /// The place of the kept one in a group of `count` (at least 1).
    package func keptIndex(among count: Int) -> Int { self == .old ? 0 : count - 1 }
}
