/// A person related to a contact, in the shape of Apple's `CNContactRelation`: a name, labeled
/// with the relation (``Label/spouse``, ``Label/manager``, or free text).
///
/// Apple writes relations in vCard 3.0 as `itemN.X-ABRELATEDNAMES` with an `itemN.X-ABLabel`;
/// vCard 4.0 has `RELATED;VALUE=text`, whose `TYPE` says spouse, child, parent, sibling or
/// friend (other labels go in an `X-ABLabel` line, as in 3.0).
/// ```swift
/// contact.contactRelations.append(LabeledValue(label: .spouse, value: ContactRelation(name: "Jane Appleseed")))
/// ```
public struct ContactRelation: Hashable, Sendable {
    /// The related person's name (or, for a 4.0 `RELATED` URI, the URI).
    public var name: String

    /// A relation to the person called `name`.
    public init(name: String) { self.name = name }
}
