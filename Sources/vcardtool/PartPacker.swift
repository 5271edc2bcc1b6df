/// Cuts a run of cards into parts that an import limit accepts (`repair --split-every`,
/// `--split-size`): in order, at most `maxCards` cards and at most `maxBytes` bytes a part,
/// never cutting a card. A card bigger than `maxBytes` gets a part of its own.
///
/// Joined, the parts are the bytes added, byte for byte.
///
/// ```swift
/// var packer = PartPacker(maxCards: 2, maxBytes: nil)
/// for card in [a, b, c] { packer.add(card) }
/// packer.parts   // [a + b, c]
/// ```
struct PartPacker {
    /// The most cards a part holds, if limited.
    var maxCards: Int?
    /// The most bytes a part holds, if limited.
    var maxBytes: Int?
    /// The parts so far.
    private(set) var parts: [[UInt8]] = []
    /// How many cards the last part holds.
    private var cardsInLast = 0

    init(maxCards: Int?, maxBytes: Int?) {
        self.maxCards = maxCards
        self.maxBytes = maxBytes
    }

    /// Adds the bytes of one card (with the text around it that goes with it) to the last part,
    /// or to a new one when it would go over a limit.
    ///
    /// - Returns: `false` when the card alone is over ``maxBytes``: its part holds only it.
    @discardableResult
    mutating func add(_ card: [UInt8]) -> Bool {
        if let last = parts.indices.last, cardsInLast < maxCards ?? .max, parts[last].count + card.count <= maxBytes ?? .max {
            parts[last] += card
            cardsInLast += 1
        } else {
            parts.append(card)
            cardsInLast = 1
        }
        return card.count <= maxBytes ?? .max
    }

    /// Adds bytes that are not a card (an input's text with no card in it) to the last part.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let last = parts.indices.last { parts[last] += bytes } else { parts.append(bytes) }
    }
}
