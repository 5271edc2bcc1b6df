/// A fixed list of property names that other modules look properties up in, by the bytes of
/// their names as read (in any case): no name is made into a string, as reading a contact
/// looks up every line of a card.
///
/// ```swift
/// let fields = PropertyNameSet(["TEL", "EMAIL"])
/// fields.forEachListed(in: card.properties) { index, place in … }   // place 1 for an `email` line
/// ```
package struct PropertyNameSet: Sendable {
    private let table: NameTable<Int>

    /// The set of `names`, each found at its place in the list (the first of two that differ
    /// only in case).
    package init(_ names: [String]) {
        table = NameTable(names.enumerated().map { ($0.element, $0.offset) })
    }

    /// Calls `body` with the index of each property whose name is listed and the name's place
    /// in the list, in order. Names are read where the lines lie, so no property is copied: a
    /// look-up called on each element of the array copied every line of the card first.
    package func forEachListed(in properties: [Property], _ body: (_ index: Int, _ place: Int) -> Void) {
        properties.withUnsafeBufferPointer { properties in
            for index in properties.indices {
                let place =
                    if properties[index].edited == nil, properties[index].source != nil {
                        properties[index].source.unsafelyUnwrapped.withName { table.value(for: $0) }
                    } else {
                        table.value(for: properties[index].name)
                    }
                if let place { body(index, place) }
            }
        }
    }
}
