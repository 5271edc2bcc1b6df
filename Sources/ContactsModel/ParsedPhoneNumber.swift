/// A phone number placed in the world: its country calling code, national significant number and
/// extension, as libphonenumber parses it (`+`, international call prefixes such as `00`, `011`
/// or `810`, national trunk prefixes such as `0`, `1` or `8`, keypad letters, `tel:` URIs).
///
/// A number written without a country code is placed only with a default region: without one it
/// does not parse, and compares by its digits (``PhoneNumber/matches(_:defaultRegion:)``).
///
/// ```swift
/// let n = PhoneNumber(stringValue: "(020) 7946-0001 ext. 12").parsed(defaultRegion: "GB")!
/// n.e164            // "+442079460001"
/// n.international   // "+44 20 7946 0001 ext. 12"
/// n.national        // "020 7946 0001 ext. 12"
/// n.telURI          // "tel:+44-20-7946-0001;ext=12"
/// n.region          // "GB"
/// n.isPossible      // true
/// ```
public struct ParsedPhoneNumber: Hashable, Sendable {
    /// The country calling code: `44`.
    public let countryCode: Int
    /// The national significant number, without trunk prefix: `2079460001`.
    public let nationalNumber: String
    /// The extension's digits, or `nil`.
    public let `extension`: String?
    /// The region of the calling code: the default region when it has this code (`GG` for a
    /// `+44` number read with `GG`), else the code's main region (`GB`); `001` for a
    /// non-geographic code (`+800`). Number ranges within a shared code are not told apart.
    public let region: String
    /// Whether the national number has a length possible for the calling code (libphonenumber's
    /// `is_possible_number`, which does not check the number ranges).
    public let isPossible: Bool

    /// The E.164 form: `+442079460001`, without the extension.
    public var e164: String { "+\(countryCode)\(nationalNumber)" }

    /// The international form, grouped as libphonenumber groups it, with the extension:
    /// `+44 20 7946 0001 ext. 12`.
    public var international: String { "+\(countryCode) " + grouped(national: false) + writtenExtension }

    /// The national form, with the national (trunk) prefix and grouped as libphonenumber writes
    /// it, with the extension: `020 7946 0001 ext. 12` (`(201) 555-0123` in the US, `8 (812)
    /// 123-45-67` in Russia). Only dialled from within its country, it drops the calling code.
    public var national: String { grouped(national: true) + writtenExtension }

    /// The RFC 3966 global number, its groups joined by `-`, with `;ext=` and the extension:
    /// `tel:+44-20-7946-0001;ext=12`.
    public var telURI: String {
        let groups = grouped(national: false).split { !$0.isASCII || !$0.isNumber }
        return "tel:+\(countryCode)-" + groups.joined(separator: "-") + (`extension`.map { ";ext=" + $0 } ?? "")
    }

    private func grouped(national: Bool) -> String {
        PhoneFormats.forCountryCode(countryCode)?.write(nationalNumber, national: national) ?? nationalNumber
    }

    private var writtenExtension: String {
        guard let `extension` else { return "" }
        return (PhoneFormats.forCountryCode(countryCode)?.extensionPrefix ?? " ext. ") + `extension`
    }

    /// Parses `typed` (see ``PhoneNumber/parsed(defaultRegion:)``).
    init?(_ typed: String, defaultRegion: String?) {
        let text = PhoneNumberText(typed)
        let (plus, digits) = text.digits
        guard digits.count >= 2 else { return nil }
        let home = defaultRegion.flatMap(PhoneMetadata.region)
        // The national prefix is that of the default region, or of the calling code's main
        // region when the number has another (libphonenumber's `parse`).
        let countryCode: Int, metadata: PhoneMetadata
        var national: ArraySlice<UInt8>
        if let (code, rest) = Self.countryCode(plus: plus, digits, home), let main = PhoneMetadata.main(forCountryCode: code) {
            (countryCode, national) = (code, rest)
            metadata = home.map { $0.region == main.region } == true ? home! : main
        } else if let home {
            (countryCode, metadata, national) = (home.countryCode, home, digits[...])
        } else {
            return nil
        }
        guard national.count >= 2 else { return nil }
        if let stripped = Self.strippingNationalPrefix(national, metadata) {
            switch metadata.lengthCheck(of: stripped.count) {
            case .tooShort, .possibleLocalOnly, .invalidLength: break
            case .possible, .tooLong: national = stripped
            }
        }
        guard national.count >= 2, national.count <= 17 else { return nil }
        let main = PhoneMetadata.main(forCountryCode: countryCode) ?? metadata
        self.countryCode = countryCode
        self.nationalNumber = String(decoding: national, as: UTF8.self)
        self.extension = text.extension
        self.region = home?.countryCode == countryCode ? home!.region : main.region
        switch main.lengthCheck(of: national.count) {
        case .possible, .possibleLocalOnly: self.isPossible = true
        case .tooShort, .tooLong, .invalidLength: self.isPossible = false
        }
    }

    /// The calling code and what follows it, when the number has one: after `+`, after one of the
    /// region's international prefixes (not followed by `0`), or written without either before a
    /// national number too long for the region (libphonenumber's `maybe_extract_country_code`).
    private static func countryCode(plus: Bool, _ digits: [UInt8], _ home: PhoneMetadata?) -> (Int, ArraySlice<UInt8>)? {
        var rest = digits[...]
        if !plus {
            guard let home else { return nil }
            if let prefix = home.internationalPrefixes.first(where: { matches($0, rest) }),
                rest.dropFirst(prefix.count).first.map({ $0 != UInt8(ascii: "0") }) ?? false
            {
                rest = rest.dropFirst(prefix.count)
            } else {
                return nationalCountryCode(digits, home)
            }
        }
        guard rest.count > 2 else { return nil }
        var code = 0
        for length in 1...3 where rest.count > length {
            code = code * 10 + Int(rest[rest.startIndex + length - 1] - UInt8(ascii: "0"))
            if code == 0 { return nil }
            if PhoneMetadata.main(forCountryCode: code) != nil { return (code, rest.dropFirst(length)) }
        }
        return nil
    }

    /// The region's own calling code written before a national number without `+`
    /// (`44 20 7946 0001` in GB), taken when the number is not possible with it and is without it,
    /// or is too long with it.
    private static func nationalCountryCode(_ digits: [UInt8], _ home: PhoneMetadata) -> (Int, ArraySlice<UInt8>)? {
        let code = Array(String(home.countryCode).utf8)
        guard digits.starts(with: code) else { return nil }
        var potential = digits.dropFirst(code.count)
        if let stripped = strippingNationalPrefix(potential, home) { potential = stripped }
        if (!home.hasPossibleLength(digits.count) && home.hasPossibleLength(potential.count))
            || home.lengthCheck(of: digits.count) == .tooLong
        {
            return (home.countryCode, potential)
        }
        return nil
    }

    /// The number without the region's longest national prefix it starts with, unless the number
    /// had a possible length with the prefix and has none without it; `nil` when none applies.
    private static func strippingNationalPrefix(_ number: ArraySlice<UInt8>, _ metadata: PhoneMetadata) -> ArraySlice<UInt8>? {
        guard let prefix = metadata.nationalPrefixes.first(where: { matches($0, number) }) else { return nil }
        let rest = number.dropFirst(prefix.count)
        if metadata.hasPossibleLength(number.count) && !metadata.hasPossibleLength(rest.count) { return nil }
        return rest
    }

    /// Whether `digits` starts with `prefix`, where `d` in the prefix stands for any digit.
    private static func matches(_ prefix: [UInt8], _ digits: ArraySlice<UInt8>) -> Bool {
        prefix.count <= digits.count
            && zip(prefix, digits).allSatisfy { $0 == $1 || $0 == UInt8(ascii: "d") }
    }
}
