/// A phone number as the user typed it, comparable by its digits.
///
/// ```swift
/// let a = PhoneNumber(stringValue: "+1 (555) 010-0100")
/// let b = PhoneNumber(stringValue: "tel:+1-555-010-0100")
/// a.matches(b)           // true (a == b compares what was typed: false)
/// a.digits               // "+15550100100"
/// PhoneNumber(stringValue: "+1 555 0100 ext. 23").telURI    // "tel:+1-555-0100;ext=23"
/// PhoneNumber(stringValue: "+1 555 0100 x23").phoneExtension // "23"
/// PhoneNumber(stringValue: "0800 FLOWERS").telURI           // nil: write it as text
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

    /// The digits with a leading `+` when the number has one, without the extension: the form
    /// used for comparison.
    public var digits: String {
        var out = String.UnicodeScalarView()
        // The extension's marker (`;ext=`, `ext.`, `x`…) holds `;`, `x` or `X`: the loop stops there.
        for (i, c) in stringValue.unicodeScalars.enumerated() {
            if c == "+" && out.isEmpty && i < 3 { out.append("+"); continue }
            if c == ";" || c == "x" || c == "X" { break }
            if c.isASCII {  // the common case, without looking up Unicode properties
                if ("0"..."9").contains(c) { out.append(c) }
            } else if let d = c.properties.numericType, d == .decimal, let v = c.properties.numericValue {
                out.append(contentsOf: String(Int(v)).unicodeScalars)
            }
        }
        return String(out)
    }

    /// The extension's digits: `23` in `+1 555 0100;ext=23`, `+1 555 0100 ext. 23` or
    /// `+1 555 0100 x23`; `nil` when there is none.
    public var phoneExtension: String? { parts.extension }

    /// The number as a 4.0 `tel:` URI (RFC 3966): a global number keeps its grouping with `-`
    /// (`+1 555 0199` → `tel:+1-555-0199`), a local one is written as its digits, and an
    /// extension is kept as `;ext=`. `nil` when the value is not a number (`0800 FLOWERS`, `abc`):
    /// write it as text.
    public var telURI: String? {
        let grouped = parts.number.split(separator: " ", omittingEmptySubsequences: true).joined(separator: "-")
        guard grouped.contains(where: { $0.isASCII && $0.isNumber }),
            grouped.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.()".contains($0)) })
        else { return nil }
        let suffix = parts.extension.map { ";ext=" + $0 } ?? ""
        if grouped.hasPrefix("+") && grouped.dropFirst().allSatisfy({ $0 != "+" }) { return "tel:" + grouped + suffix }
        guard !grouped.contains("+") else { return nil }
        return "tel:" + digits + suffix
    }

    /// What was typed.
    public var description: String { stringValue }

    /// The form numbers are compared by: two numbers match when their keys are equal, so an
    /// index of numbers hashes this key (`+1 (555) 010-0100` and `tel:+1-555-010-0100` both give
    /// `+15550100100`).
    public var comparisonKey: String { digits }

    /// Whether two numbers have the same ``comparisonKey``, however they are written.
    public func matches(_ other: PhoneNumber) -> Bool { comparisonKey == other.comparisonKey }

    /// The number and its extension: trailing ASCII digits after `;ext=`, `ext.`, `ext` or `x`
    /// (any case, spaces allowed around), when a digit stands before the marker.
    private var parts: (number: Substring, extension: String?) {
        let text = Substring(stringValue)
        let bytes = Array(text.utf8)
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        var start = end
        while start > 0, isDigit(bytes[start - 1]) { start -= 1 }
        var markerEnd = start
        while markerEnd > 0, bytes[markerEnd - 1] == 0x20 { markerEnd -= 1 }
        guard start < end else { return (text, nil) }
        let lowered = bytes[..<markerEnd].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        for marker in [";ext=", "ext.", "ext", "x"] where lowered.reversed().starts(with: marker.utf8.reversed()) {
            let number = bytes[..<(markerEnd - marker.utf8.count)]
            guard number.contains(where: isDigit) else { return (text, nil) }
            return (Substring(String(decoding: number, as: UTF8.self)), String(decoding: bytes[start..<end], as: UTF8.self))
        }
        return (text, nil)
    }
}
