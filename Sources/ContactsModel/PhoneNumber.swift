/// A phone number as the user typed it, comparable by its digits.
///
/// ```swift
/// let a = PhoneNumber(stringValue: "+1 (555) 010-0100")
/// let b = PhoneNumber(stringValue: "tel:+1-555-010-0100")
/// a.matches(b)           // true (a == b compares what was typed: false)
/// a.digits               // "+15550100100"
/// ```
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// What the user typed, unchanged (a `tel:` URI is kept without its scheme).
    public let stringValue: String

    /// A number as typed; a `tel:` URI is accepted and kept without its scheme.
    public init(stringValue: String) {
        var s = Substring(stringValue)
        if s.utf8.count > 4, s.prefix(4).lowercased() == "tel:" { s = s.dropFirst(4) }
        self.stringValue = String(s)
    }

    /// The digits with a leading `+` when the number has one, and any extension after `;ext=`
    /// or `x` dropped: the form used for comparison.
    public var digits: String {
        var out = ""
        for (i, c) in stringValue.unicodeScalars.enumerated() {
            if c == "+" && out.isEmpty && i < 3 { out.append("+"); continue }
            if c == ";" || c == "x" || c == "X" { break }
            if let d = c.properties.numericType, d == .decimal, let v = c.properties.numericValue {
                out.append(String(Int(v)))
            }
        }
        return out
    }

    /// The number as a 4.0 `tel:` URI (RFC 3966): a global number keeps its grouping with `-`
    /// (`+1 555 0199` → `tel:+1-555-0199`); anything else is written as its digits.
    public var telURI: String {
        let trimmed = stringValue.split(separator: " ", omittingEmptySubsequences: true).joined(separator: "-")
        let visual = trimmed.allSatisfy { $0.isASCII && ($0.isNumber || "+-.()".contains($0)) }
        if visual && trimmed.hasPrefix("+") && trimmed.dropFirst().allSatisfy({ $0 != "+" }) { return "tel:" + trimmed }
        return "tel:" + digits
    }

    /// What was typed.
    public var description: String { stringValue }

    /// Whether two numbers have the same digits, however they are written.
    public func matches(_ other: PhoneNumber) -> Bool { digits == other.digits }
}
