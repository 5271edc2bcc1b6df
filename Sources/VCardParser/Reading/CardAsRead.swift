/// A card read only to be checked (``VCardReader/forEachCard(threads:batchBytes:transform:asRead:preparing:diagnostics:_:)``).
public struct CardAsRead: Sendable {
    /// The bytes the card was read from: what the lossless writer writes for it.
    public let bytes: ArraySlice<UInt8>
    /// The line of its `BEGIN:VCARD`.
    public let line: Int
    /// The card's properties with the names asked for (``VCardReader/AsRead/names``), in order,
    /// and, when the reader validates the cards too (as `validate` does), those the checks needed;
    /// none when the reader keeps values by place (``values``).
    public let properties: [Property]
    /// With ``VCardReader/AsRead/init(keepingValuesOf:_:)``: where the values of the lines with
    /// the names asked for lie in ``bytes``, in place of their properties; otherwise none, and
    /// not complete.
    public let values: KeptValues
    /// With ``VCardReader/AsRead/validates``: what ``CardValidator/findings(in:)`` finds in the
    /// card.
    package var findings: CardValidator.Findings? {
        if case .findings(let findings) = outcome { findings } else { nil }
    }
    /// With ``VCardReader/AsRead/init(writing:_:)``: what its writer writes for the card,
    /// written as the card's lines were read.
    ///
    /// ```swift
    /// let normalized = VCardReader.AsRead(writing: VCardWriter(style: .canonical)) { $0.written }
    /// ```
    public var written: [UInt8]? {
        if case .written(let written) = outcome { written } else { nil }
    }
    /// What a reader that validates or writes the card adds to it: never both, so in one field
    /// (a card read is moved through memory more than once, and a field more was a copy more).
    private let outcome: Outcome

    enum Outcome {
        case none
        case findings(CardValidator.Findings)
        case written([UInt8])
    }

    init(bytes: ArraySlice<UInt8>, line: Int, properties: [Property], values: KeptValues, outcome: Outcome) {
        self.bytes = bytes
        self.line = line
        self.properties = properties
        self.values = values
        self.outcome = outcome
    }

    /// Whether `test` holds for the bytes of any of ``values``.
    ///
    /// ```swift
    /// let hasLongEmail = card.containsValue { $0.count > 60 }
    /// ```
    public func containsValue(where test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            values.contains { place in
                test(UnsafeBufferPointer(rebasing: buffer[(place.lowerBound - bytes.startIndex)..<(place.upperBound - bytes.startIndex)]))
            }
        }
    }

    /// A card of only ``properties`` (in the version they were read in, with no bytes of its
    /// own): for the checks written against a card that look at those properties alone, such as
    /// a search's first look at the values it compares.
    package var keptCard: VCard {
        VCard(parsedVersion: properties.first?.version ?? .v3, properties: properties)
    }
}

extension VCardReader {
    /// How ``forEachCard(threads:batchBytes:transform:asRead:preparing:diagnostics:_:)`` reads a card it
    /// only checks: the names of the properties to make (or, ``init(keepingValuesOf:_:)``, of
    /// the lines whose values to place), and the value for the card, or `nil` to have it parsed
    /// in full and given to `transform`.
    ///
    /// ```swift
    /// let passThrough = VCardReader.AsRead<ArraySlice<UInt8>> { $0.bytes }
    /// ```
    public struct AsRead<Value>: Sendable {
        /// The names of the properties made, or with ``init(keepingValuesOf:_:)`` of the lines
        /// whose values are placed (ignoring ASCII case).
        public var names: [String]
        /// The value for a card only checked, or `nil` to have it parsed in full.
        public var read: @Sendable (CardAsRead) -> Value?
        /// Whether each card is also validated (``CardAsRead/findings``).
        @usableFromInline package internal(set) var validates = false
        /// Whether the lines named are kept as the places of their values
        /// (``CardAsRead/values``) rather than as properties.
        public private(set) var keepsValuesOnly = false
        /// With ``init(writing:_:)``: the writer that writes each card as it is read.
        public private(set) var writer: VCardWriter?

        public init(keeping names: [String] = [], _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            self.names = names
            self.read = read
        }

        /// Cards read with no property made: only where the values of the lines with `names`
        /// lie in their bytes (``CardAsRead/values``), the cheapest first look at a card.
        ///
        /// ```swift
        /// // A value with an escape or in other case could be the address too (``KeptValues``).
        /// let untouched = VCardReader.AsRead<ArraySlice<UInt8>>(keepingValuesOf: ["EMAIL"]) { card in
        ///     let mayMatch = !card.values.isComplete || card.containsValue { value in
        ///         value.contains(UInt8(ascii: "\\")) || value.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }.elementsEqual("ann@example.com".utf8)
        ///     }
        ///     return mayMatch ? nil : card.bytes
        /// }
        /// ```
        public init(keepingValuesOf names: [String], _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            self.init(keeping: names, read)
            keepsValuesOnly = true
        }

        /// The same reading of each card, with `read` making the value: for a caller that
        /// wraps the value of another.
        ///
        /// ```swift
        /// let sized = asRead.reading { card in asRead.read(card).map { ($0, card.bytes.count) } }
        /// ```
        public func reading<Other>(_ read: @escaping @Sendable (CardAsRead) -> Other?) -> AsRead<Other> {
            var other = AsRead<Other>(keeping: names, read)
            other.validates = validates
            other.keepsValuesOnly = keepsValuesOnly
            other.writer = writer
            return other
        }

        /// Cards written by a canonical or converting `writer` as they are read, with no
        /// property made: `read` gets each with its ``CardAsRead/written``, the bytes `writer`
        /// writes for the card. A card the writer converts to another version, or with a line
        /// that only a property makes right (a malformed line, parameters to write anew, a
        /// decoded value in 3.0 or 4.0, a nested card), is parsed in full and given to
        /// `transform` instead, with the same diagnostics either way.
        ///
        /// ```swift
        /// let writer = VCardWriter(style: .canonical)
        /// let normalized = VCardReader.AsRead(writing: writer) { card in card.written }
        /// try reader.forEachCard(threads: 2, transform: { writer.encode([$0]) }, asRead: normalized,
        ///                        diagnostics: { print("contacts.vcf:\($0)") }) { output.append(contentsOf: $0) }
        /// ```
        public init(writing writer: VCardWriter, _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            precondition(!writer.copiesWhole, "a lossless writer copies a card read as its bytes")
            self.init(keeping: [], read)
            self.writer = writer
        }

        /// Cards read to be validated: `read` gets each with its ``CardAsRead/findings``, at
        /// about the cost of a read (``CardChecker``), and the properties it names.
        package init(validatingKeeping names: [String], _ read: @escaping @Sendable (CardAsRead) -> Value?) {
            self.init(keeping: names, read)
            validates = true
        }
    }
}
