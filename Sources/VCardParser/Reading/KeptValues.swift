/// Where the values of a card's lines with the names asked for lie in its bytes, as written
/// (escapes not undone), in the order of the lines: a first look at a card that makes none of
/// its properties (``VCardReader/AsRead/init(keepingValuesOf:_:)``).
///
/// Up to ``capacity`` places are held in the value itself, so a card costs no allocation.
/// ``isComplete`` is `false` when a line so named is not among them: one past the capacity, one
/// whose value is longer than 65,535 bytes, or one whose value is not the bytes it lies in (a
/// folded line, a quoted-printable or charset-encoded value, a malformed line). A reader that
/// must see every value then hands the card back to be parsed in full.
///
/// ```swift
/// let asRead = VCardReader.AsRead<ArraySlice<UInt8>>(keepingValuesOf: ["EMAIL"]) { card in
///     guard card.values.isComplete else { return nil }
///     let asked = card.values.contains { card.bytes[$0].elementsEqual("ann@example.com".utf8) }
///     return asked ? nil : card.bytes     // nil: parsed in full, then given to `transform`
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
    private var count: UInt8 = 0
    /// Whether every line so named has its place here.
    public private(set) var isComplete = true

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(count) }

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
        count += 1
    }

    /// Notes a line so named whose value does not lie as written in the card's bytes.
    mutating func markIncomplete() {
        isComplete = false
    }
}
