/// The three vCard versions in use: 2.1 (the old "versit" format), 3.0 (RFC 2426) and 4.0 (RFC 6350).
///
/// ```swift
/// let version = VCardVersion(rawValue: "3.0")   // .v3
/// ```
public enum VCardVersion: String, Hashable, Sendable, CaseIterable, Comparable {
    case v2_1 = "2.1"
    case v3 = "3.0"
    case v4 = "4.0"

    /// Older versions first.
    public static func < (lhs: VCardVersion, rhs: VCardVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension VCardVersion {
    /// Its place in ``allCases`` (2.1, 3.0, 4.0), without making that array.
    @inline(__always)
    var offset: Int {
        switch self {
        case .v2_1: 0
        case .v3: 1
        case .v4: 2
        }
    }

    /// One bit in ``offset``'s place: for sets of versions in a byte.
    @inline(__always)
    var bit: UInt8 { 1 << UInt8(offset) }

    /// The version `bytes` spell exactly, as ``init(rawValue:)`` reads a string, without making
    /// one: a card's VERSION line is read once a card.
    ///
    /// ```swift
    /// Array("4.0".utf8).withUnsafeBufferPointer { VCardVersion(spelledBy: $0) }   // .v4
    /// ```
    init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 3, bytes[1] == .period else { return nil }
        switch (bytes[0], bytes[2]) {
        case (UInt8(ascii: "2"), UInt8(ascii: "1")): self = .v2_1
        case (UInt8(ascii: "3"), UInt8(ascii: "0")): self = .v3
        case (UInt8(ascii: "4"), UInt8(ascii: "0")): self = .v4
        default: return nil
        }
    }
}
