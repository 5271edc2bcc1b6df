/// A fixed list of `TYPE` words that other modules ask properties about, found from the bytes
/// of the types as read (in any case): no array of strings is made, as ``Property/types`` makes.
///
/// ```swift
/// let words = TypeWordSet(["home", "work", "cell"])
/// words.found(in: property)   // 0b101 for `TEL;TYPE=HOME,CELL:…`
/// ```
package struct TypeWordSet: Sendable {
    private let table: NameTable<Int>

    /// The set of `words` (at most 32), word `i` found as bit `i`.
    package init(_ words: [String]) {
        precondition(words.count <= 32, "a word is one bit of a UInt32")
        table = NameTable(words.enumerated().map { ($0.element, $0.offset) })
    }

    /// The listed words among the property's `TYPE` values: bit `i` set for word `i`.
    package func found(in property: Property) -> UInt32 {
        var bits: UInt32 = 0
        property.forEachType { type in
            if let i = table.value(for: type) { bits |= 1 << UInt32(i) }
        }
        return bits
    }
}
