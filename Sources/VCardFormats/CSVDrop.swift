/// What of one card a Google or Outlook CSV row has no column for: the properties no column
/// stands for (`UID`, `GEO`, `X-FOO`), and values that found no free column (Outlook's fourth
/// email).
///
/// Its ``description`` is the warning line ``CSVTableWriter/write(_:to:warnings:)`` reports:
///
/// ```swift
/// let drop = CSVDrop(card: "Ada Lovelace", layoutName: "Outlook",
///                    items: [.property("UID"), .property("GEO")])
/// drop.description    // "Ada Lovelace: no Outlook column for UID, GEO"
/// ```
public struct CSVDrop: Hashable, Sendable, CustomStringConvertible {
    /// One thing the row does not hold.
    public struct Item: Hashable, Sendable {
        /// What is counted when many cards are summarized: a property name (`UID`) or a kind
        /// of value (`email`, `phone`, `categories`).
        public var key: String
        /// How the warning names it: `UID`, `email 4@example.org`.
        public var text: String

        /// An item with its summary key and its text.
        public init(key: String, text: String) {
            self.key = key
            self.text = text
        }

        /// A property that has no column, named by its upper-case name.
        public static func property(_ name: String) -> Item { Item(key: name, text: name) }
    }

    /// The card's formatted name, or `row N` when it has none (the header is row 1).
    public var card: String
    /// The layout's name as the warning says it: `Google`, `Outlook`.
    public var layoutName: String
    /// What has no column: values that found no free column first, then properties, in card order.
    public var items: [Item]

    /// A drop of `items` from the row of `card` in the layout named `layoutName`.
    public init(card: String, layoutName: String, items: [Item]) {
        self.card = card
        self.layoutName = layoutName
        self.items = items
    }

    /// `Ada Lovelace: no Outlook column for UID, X-FOO, GEO`.
    public var description: String {
        "\(card): no \(layoutName) column for \(items.map(\.text).joined(separator: ", "))"
    }
}
