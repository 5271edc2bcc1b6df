/// The bytes of a typed phone number that parsing reads, libphonenumber's way: the `tel:` URI's
/// `;phone-context=` put in front, the text from the first digit or `+` to the last letter, digit
/// or `#`, and the extension split off at its end.
///
/// ```swift
/// let text = PhoneNumberText("(020) 7946-0001 ext. 12")
/// // text.number: "020) 7946-0001", text.extension: "12"
/// ```
struct PhoneNumberText {
    /// The number without its extension, ASCII digits for any decimal digit.
    var number: [UInt8]
    /// The extension's digits, or `nil`.
    var `extension`: String?

    init(_ typed: String) {
        var bytes = Self.asciiDigits(typed)
        if let context = Self.range(of: ";phone-context=", in: bytes) {
            let value = bytes[context.upperBound...].prefix { $0 != UInt8(ascii: ";") }
            var number = bytes[..<context.lowerBound]
            if let scheme = Self.range(of: "tel:", in: Array(number)) { number = number.dropFirst(scheme.upperBound) }
            bytes = (value.first == UInt8(ascii: "+") ? Array(value) : []) + number
        } else {
            if let scheme = Self.range(of: "tel:", in: bytes) { bytes.removeSubrange(..<scheme.upperBound) }
            if let sub = Self.range(of: ";isub=", in: bytes) { bytes.removeSubrange(sub.lowerBound...) }
        }
        guard let start = bytes.firstIndex(where: { $0.isASCIIDigit || $0 == UInt8(ascii: "+") }) else {
            self.number = []
            return
        }
        var end = bytes.count
        while end > start, !(bytes[end - 1].isASCIILetterOrDigit || bytes[end - 1] == UInt8(ascii: "#")) { end -= 1 }
        let text = Array(bytes[start..<end])
        if let (number, digits) = Self.splitExtension(text) {
            self.number = number
            self.extension = digits
        } else {
            self.number = text
        }
    }

    /// The digits of the number: letters as on a keypad when there are at least three of them
    /// (`0800 FLOWERS`), anything else dropped, a leading `+` kept apart.
    var digits: (plus: Bool, digits: [UInt8]) {
        let letters = number.count { $0.isASCIILetter }
        var out: [UInt8] = []
        out.reserveCapacity(number.count)
        for byte in number {
            if byte.isASCIIDigit {
                out.append(byte)
            } else if letters >= 3, byte.isASCIILetter {
                out.append(Self.keypad[Int((byte | 0x20) - UInt8(ascii: "a"))])
            }
        }
        return (number.first == UInt8(ascii: "+"), out)
    }

    /// `abc` → 2 … `wxyz` → 9.
    private static let keypad = Array("22233344455566677778889999".utf8)

    /// The number and the extension's digits when the text ends with one: `;ext=12`, `ext. 12`,
    /// `extension 12`, `x12`, `#12`, `~12`, `int 12`, `;12`, `,,12`, `,12`, or ` 12#`
    /// (libphonenumber's extension patterns for parsing, with their digit limits).
    private static func splitExtension(_ text: [UInt8]) -> ([UInt8], String)? {
        var end = text.count
        let hashSuffix = end > 0 && text[end - 1] == UInt8(ascii: "#")
        if hashSuffix { end -= 1 }
        var start = end
        while start > 0, text[start - 1].isASCIIDigit { start -= 1 }
        let digits = end - start
        guard digits > 0 else { return nil }
        let extensionDigits = String(decoding: text[start..<end], as: UTF8.self)
        if text[..<start].reversed().starts(with: ";ext=".utf8.reversed()), digits <= 20 {
            return number(text[..<(start - 5)], extensionDigits)
        }
        var labelEnd = start
        while labelEnd > 0, [0x20, 0x09, 0x2C, 0x2D].contains(text[labelEnd - 1]) { labelEnd -= 1 }
        if labelEnd > 0, text[labelEnd - 1] == UInt8(ascii: ":") || text[labelEnd - 1] == UInt8(ascii: ".") { labelEnd -= 1 }
        let lowered = text[..<labelEnd].map { $0.isASCIILetter ? $0 | 0x20 : $0 }
        for (label, limit) in labels where digits <= limit && lowered.reversed().starts(with: label.utf8.reversed()) {
            var numberEnd = labelEnd - label.utf8.count
            let spaces: [UInt8] = label.hasPrefix(",") || label == ";" ? [0x20, 0x09] : [0x20, 0x09, 0x2C]
            while numberEnd > 0, spaces.contains(text[numberEnd - 1]) { numberEnd -= 1 }
            return number(text[..<numberEnd], extensionDigits)
        }
        // American style: `- 503#` or ` 503#`.
        if hashSuffix, digits <= 6, start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x2D {
            var numberEnd = start
            while numberEnd > 0, text[numberEnd - 1] == 0x20 || text[numberEnd - 1] == 0x2D { numberEnd -= 1 }
            return number(text[..<numberEnd], extensionDigits)
        }
        return nil
    }

    /// Labels before an extension (lower case), with the most digits each may take; longest first.
    private static let labels: [(String, Int)] = [
        ("extension", 20), ("xtension", 20), ("extensio", 20), ("xtensio", 20), ("anexo", 20), ("extn", 20),
        ("xtn", 20), ("ext", 20), ("xt", 20), ("int", 9), (",,", 15), (";", 15), ("x", 9), ("#", 9), ("~", 9), (",", 9),
    ]

    /// The split when what stands before the extension is still a number (two digits at least).
    private static func number(_ rest: ArraySlice<UInt8>, _ digits: String) -> ([UInt8], String)? {
        rest.count { $0.isASCIIDigit } >= 2 ? (Array(rest), digits) : nil
    }

    /// The first occurrence of an ASCII `needle` (any case) in `bytes`.
    private static func range(of needle: String, in bytes: [UInt8]) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] | 0x20 == pattern[0] | 0x20 {
            if zip(bytes[start...], pattern).allSatisfy({ ($0.isASCIILetter ? $0 | 0x20 : $0) == $1 }) {
                return start..<(start + pattern.count)
            }
        }
        return nil
    }

    /// The UTF-8 bytes with every decimal digit (`٣`, `３`) as its ASCII digit and `＋` as `+`;
    /// ASCII text is taken as it is.
    private static func asciiDigits(_ typed: String) -> [UInt8] {
        if typed.utf8.allSatisfy({ $0 < 0x80 }) { return Array(typed.utf8) }
        var out: [UInt8] = []
        for scalar in typed.unicodeScalars {
            if scalar.isASCII {
                out.append(UInt8(scalar.value))
            } else if scalar == "\u{FF0B}" {
                out.append(UInt8(ascii: "+"))
            } else if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                out.append(UInt8(ascii: "0") + UInt8(value))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }
}
