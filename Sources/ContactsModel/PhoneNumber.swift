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
/// PhoneNumber(stringValue: "020 7946 0001").e164(defaultRegion: "GB")  // "+442079460001"
/// ```
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// What the user typed, unchanged (a `tel:` URI is kept without its scheme).
    public let stringValue: String

    /// A number as typed; a `tel:` URI is accepted and kept without its scheme.
    public init(stringValue: String) {
        let bytes = stringValue.utf8
        // `tel:` in any case, then an ASCII byte: the scheme is four characters, told on the bytes.
        if bytes.count > 4, let next = bytes.dropFirst(4).first, next < 0x80 {
            let isScheme = zip(bytes.prefix(4), "tel:".utf8).allSatisfy { $0 | ($1 == UInt8(ascii: ":") ? 0 : 0x20) == $1 }
            self.stringValue = isScheme ? String(Substring(stringValue).dropFirst(4)) : stringValue
            return
        }
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

    /// The extension's digits: `23` in `+1 555 0100;ext=23`, `+1 555 0100 ext. 23`,
    /// `+1 555 0100 x23` or `+1 555 0100 #23` (libphonenumber's extension forms); `nil` when
    /// there is none.
    public var phoneExtension: String? { PhoneNumberText(stringValue).extension }

    /// The number as a 4.0 `tel:` URI (RFC 3966): a global number keeps its grouping with `-`
    /// (`+1 555 0199` → `tel:+1-555-0199`), and an extension is kept as `;ext=`. `nil` when the
    /// value is not a global number (`0800 FLOWERS`, `abc`, or a local `555 0100`, which RFC 3966
    /// §5.1.5 would need a `phone-context` for; ``parsed(defaultRegion:)`` places it): write it as
    /// text.
    public var telURI: String? {
        let text = PhoneNumberText(stringValue)
        // Read on the bytes: every byte a URI keeps is ASCII, so a character beyond ASCII (or
        // one an accent joins) leaves a byte that is not, and no URI.
        var grouped: [UInt8] = []
        for word in text.number.split(separator: UInt8(ascii: " ")) {
            if !grouped.isEmpty { grouped.append(UInt8(ascii: "-")) }
            grouped += word
        }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard grouped.contains(where: isDigit), grouped.allSatisfy({ isDigit($0) || "+-.()".utf8.contains($0) }) else { return nil }
        guard grouped.first == UInt8(ascii: "+"), !grouped.dropFirst().contains(UInt8(ascii: "+")) else { return nil }
        return "tel:" + String(decoding: grouped, as: UTF8.self) + (text.extension.map { ";ext=" + $0 } ?? "")
    }

    /// What was typed.
    public var description: String { stringValue }

    /// Whether two numbers are the same, however they are written: by E.164 when both are
    /// international (`+44 20 7946 0001` and `tel:+44-20-7946-0001`), else by their digits.
    public func matches(_ other: PhoneNumber) -> Bool { matches(other, defaultRegion: nil) }

    /// Whether two numbers are the same, however they are written: by E.164 when both can be
    /// placed (international, or national and read in `defaultRegion`), else by their digits;
    /// the extension is not compared.
    ///
    /// ```swift
    /// let a = PhoneNumber(stringValue: "020 7946 0001"), b = PhoneNumber(stringValue: "+44 20 7946 0001")
    /// a.matches(b, defaultRegion: "GB")   // true
    /// a.matches(b, defaultRegion: nil)    // false: without a region 020… is not placed
    /// ```
    public func matches(_ other: PhoneNumber, defaultRegion: String?) -> Bool {
        comparisonKey(defaultRegion: defaultRegion) == other.comparisonKey(defaultRegion: defaultRegion)
    }

    /// What ``matches(_:defaultRegion:)`` compares: the E.164 form when the number can be placed,
    /// else its ``digits``.
    public func comparisonKey(defaultRegion: String?) -> String {
        e164(defaultRegion: defaultRegion) ?? digits
    }

    /// The number placed in the world (see ``ParsedPhoneNumber``), or `nil` when it has no
    /// country code and no `defaultRegion` places it, or is not a number.
    ///
    /// ```swift
    /// PhoneNumber(stringValue: "0044 20 7946 0001").parsed(defaultRegion: "GB")?.e164  // "+442079460001"
    /// PhoneNumber(stringValue: "020 7946 0001").parsed(defaultRegion: nil)             // nil: never guessed
    /// ```
    /// - Parameter defaultRegion: An ISO 3166 region code (`GB`, `us`) for numbers written
    ///   nationally; an unknown code is no region.
    public func parsed(defaultRegion: String?) -> ParsedPhoneNumber? {
        ParsedPhoneNumber(stringValue, defaultRegion: defaultRegion)
    }

    /// Whether `code` is a region libphonenumber's metadata knows (`GB`, `us`), as
    /// ``parsed(defaultRegion:)`` takes it.
    ///
    /// ```swift
    /// PhoneNumber.isKnownRegion("gb")   // true
    /// PhoneNumber.isKnownRegion("UK")   // false: the code is GB
    /// ```
    public static func isKnownRegion(_ code: String) -> Bool { PhoneMetadata.region(code) != nil }

    /// The E.164 form (`+442079460001`, no extension), or `nil` as for ``parsed(defaultRegion:)``.
    ///
    /// ```swift
    /// PhoneNumber(stringValue: "(650) 253-0000").e164(defaultRegion: "US")   // "+16502530000"
    /// ```
    public func e164(defaultRegion: String?) -> String? { parsed(defaultRegion: defaultRegion)?.e164 }
}
