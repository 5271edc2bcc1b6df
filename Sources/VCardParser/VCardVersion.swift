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
