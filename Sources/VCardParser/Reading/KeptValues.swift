/// Where the values of a card's lines with the names asked for lie in its bytes, as written
/// (escapes not undone), in the order of the lines: a first look at a card that makes none of
/// its properties (``VCardReader/AsRead/init(keepingValuesOf:_:)``).
///
/// Up to ``capacity`` places are held in the value itself, so a card costs no allocation.
/// ``isComplete`` is `false` when a line so named is not among them: one past the capacity, one
/// whose value is longer than 65,535 bytes, or one whose value is not the bytes it lies in (a
/// folded line, a quoted-printable or charset-encoded value); and for a card read without
/// ``VCardReader/AsRead/init(keepingValuesOf:_:)``, which places nothing. A reader that must see
/// every value then hands the card back to be parsed in full. A line past the parser's limits is
/// not placed, as a parse in full reads it as raw text, not as a property of that name.
///
/// The values are as written: escapes not undone, letters in the case they have. A test that
/// cannot tell a value apart from what it looks for (`ann\@example.com`, `Ann@Example.com`)
/// answers "may match", and the card is parsed in full to decide.
///
/// ```swift
/// let asRead = VCardReader.AsRead<ArraySlice<UInt8>>(keepingValuesOf: ["EMAIL"]) { card in
///     let mayMatch = !card.values.isComplete || card.containsValue { value in
///         value.contains(UInt8(ascii: "\\")) || value.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }.elementsEqual("ann@example.com".utf8)
///     }
///     return mayMatch ? nil : card.bytes     // nil: parsed in full, then given to `transform`
/// }
/// ```
public struct KeptValues: RandomAccessCollection, Sendable {
    /// How many places are held.
    public static let capacity = 4

    // Kept small (26 bytes): a card read is moved from the parse to its reader several times,
    // and a larger one was copied by `memcpy` each time. Offsets fit 32 bits: ``CardFramer``
    // cuts no larger card.
    private var starts: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    private var lengths: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
    private var placeCount: UInt8 = 0
    /// Whether every line so named has its place here.
    public private(set) var isComplete = true

    /// The places of a card read without keeping any: none, and not complete.
    static let notKept: KeptValues = {
        var none = KeptValues()
        none.markIncomplete()
        return none
    }()

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(placeCount) }

    /// The place of the `index`th value: indices of ``CardAsRead/bytes``.
    public subscript(index: Int) -> Range<Int> {
        precondition(index >= 0 && index < endIndex, "index out of range")
        let start = withUnsafeBytes(of: starts) { Int($0.load(fromByteOffset: index * 4, as: UInt32.self)) }
        let length = withUnsafeBytes(of: lengths) { Int($0.load(fromByteOffset: index * 2, as: UInt16.self)) }
        return start..<(start + length)
    }

    /// Adds the place of the next value, or notes that it cannot be held.
    mutating func append(_ place: Range<Int>) {
        guard endIndex < Self.capacity, place.count <= Int(UInt16.max) else {
            isComplete = false
            return
        }
        let slot = endIndex
        withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: UInt32(place.lowerBound), toByteOffset: slot * 4, as: UInt32.self) }
        withUnsafeMutableBytes(of: &lengths) { $0.storeBytes(of: UInt16(place.count), toByteOffset: slot * 2, as: UInt16.self) }
        placeCount += 1
    }

    /// Notes a line so named whose value does not lie as written in the card's bytes.
    mutating func markIncomplete() {
        isComplete = false
    }
}
