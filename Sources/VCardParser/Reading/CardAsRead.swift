/// A card read only to be checked (``VCardReader/forEachCard(threads:batchBytes:transform:asRead:diagnostics:_:)``).
public struct CardAsRead: Sendable {
    /// The bytes the card was read from: what the lossless writer writes for it.
    public let bytes: ArraySlice<UInt8>
    /// The line of its `BEGIN:VCARD`.
    public let line: Int
    /// The card's properties with the names asked for (``VCardReader/AsRead/names``), in order,
    /// and, when the reader validates the cards too (as `validate` does), those the checks needed.
    public let properties: [Property]
    /// With ``VCardReader/AsRead/validates``: what ``CardValidator/findings(in:)`` finds in the
    /// card.
    package let findings: CardValidator.Findings?

    init(bytes: ArraySlice<UInt8>, line: Int, properties: [Property], findings: CardValidator.Findings?) {
        self.bytes = bytes
        self.line = line
        self.properties = properties
        self.findings = findings
    }

    /// A card of only ``properties`` (in the version they were read in, with no bytes of its
    /// own): for the checks written against a card that look at those properties alone, such as
    /// a search's first look at the values it compares.
    package var keptCard: VCard {
        VCard(parsedVersion: properties.first?.version ?? .v3, properties: properties)
    }
}

extension VCardReader {
    /// How ``forEachCard(threads:batchBytes:transform:asRead:diagnostics:_:)`` reads a card it
    /// only checks: the names of the properties to make, and the value for the card, or `nil`
    /// to have it parsed in full and given to `transform`.
    ///
    /// ```swift
    /// let passThrough = VCardReader.AsRead<ArraySlice<UInt8>> { $0.bytes }
    /// ```
    public struct AsRead<Value>: Sendable {
        /// The names of the properties made (ignoring case).
        public var names: [String]
        /// The value for a card only checked, or `nil` to have it parsed in full.
        public var read: @Sendable (CardAsRead) -> Value?
        /// Whether each card is also validated (``CardAsRead/findings``).
        @usableFromInline package internal(set) var validates = false

        public init(keeping names: [String] = [], _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            self.names = names
            self.read = read
        }

        /// Cards read to be validated: `read` gets each with its ``CardAsRead/findings``, at
        /// about the cost of a read (``CardChecker``), and the properties it names.
        package init(validatingKeeping names: [String], _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            self.init(keeping: names, read)
            validates = true
        }
    }
}
