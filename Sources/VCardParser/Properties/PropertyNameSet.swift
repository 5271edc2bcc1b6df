/// A fixed list of property names that other modules look properties up in, by the bytes of
/// their names as read (in any case): no name is made into a string, as reading a contact
/// looks up every line of a card.
///
/// ```swift
/// let fields = PropertyNameSet(["TEL", "EMAIL"])
/// fields.index(of: property)   // 1 for an `email` line, nil for a NOTE
/// ```
package struct PropertyNameSet: Sendable {
    private let table: NameTable<Int>

    /// The set of `names`, each found at its place in the list (the first of two that differ
    /// only in case).
    package init(_ names: [String]) {
        table = NameTable(names.enumerated().map { ($0.element, $0.offset) })
    }

    /// The place in the list of the property's name, or `nil` when it is not listed.
    package func index(of property: Property) -> Int? {
        if property.edited == nil, let source = property.source { return source.withName { table.value(for: $0) } }
        return table.value(for: property.name)
    }
}
