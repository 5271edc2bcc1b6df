/// What E.164 parsing needs to know of one region: its calling code, its international call
/// prefixes, its national (trunk) prefixes and the possible lengths of its national numbers, read
/// once from the generated ``phoneMetadataTable`` (libphonenumber's metadata; see
/// `scripts/phone-metadata.py`).
///
/// ```swift
/// let gb = PhoneMetadata.region("gb")!   // countryCode 44, internationalPrefixes ["00"]
/// gb.lengthCheck(of: 10)                 // .possible
/// ```
struct PhoneMetadata: Sendable {
    /// An ISO 3166 region code in upper case (`GB`), or `001` for a non-geographic calling code.
    let region: String
    let countryCode: Int
    /// Prefixes dialled to call abroad from the region, longest first; `d` stands for any digit.
    let internationalPrefixes: [[UInt8]]
    /// Prefixes dialled before a national number within the region, longest first.
    let nationalPrefixes: [[UInt8]]
    /// The possible lengths of a national significant number, ascending.
    let possibleLengths: [Int]
    /// Lengths only possible when dialled locally (without the area code).
    let localOnlyLengths: [Int]

    /// How a national number's length compares with the possible lengths (libphonenumber's
    /// `ValidationResult`).
    enum LengthCheck { case possible, possibleLocalOnly, tooShort, tooLong, invalidLength }

    /// The length check of a national significant number of `length` digits.
    func lengthCheck(of length: Int) -> LengthCheck {
        guard let shortest = possibleLengths.first, let longest = possibleLengths.last else { return .invalidLength }
        if localOnlyLengths.contains(length) { return .possibleLocalOnly }
        if length < shortest { return .tooShort }
        if length > longest { return .tooLong }
        return possibleLengths.contains(length) ? .possible : .invalidLength
    }

    /// Whether a national number of `length` digits has one of the possible lengths (the part of
    /// libphonenumber's national-number pattern that needs no regex).
    func hasPossibleLength(_ length: Int) -> Bool { possibleLengths.contains(length) }

    /// The metadata of a region code (any case), or `nil` for an unknown one.
    static func region(_ code: String) -> PhoneMetadata? {
        index.byRegion[code] ?? index.byRegion[code.uppercased()]
    }

    /// The main region of a calling code (the first libphonenumber lists), or `nil`.
    static func main(forCountryCode code: Int) -> PhoneMetadata? { index.mainByCode[code] }

    private struct Index: Sendable {
        var byRegion: [String: PhoneMetadata] = [:]
        var mainByCode: [Int: PhoneMetadata] = [:]
    }

    private static let index: Index = {
        var index = Index()
        for line in phoneMetadataTable.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            precondition(fields.count == 6, "phoneMetadataTable: a line has \(fields.count) fields")
            func list(_ field: Substring.UTF8View.SubSequence) -> [[UInt8]] {
                field.split(separator: UInt8(ascii: ",")).map(Array.init)
            }
            func numbers(_ field: Substring.UTF8View.SubSequence) -> [Int] {
                list(field).map { $0.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            }
            let metadata = PhoneMetadata(
                region: String(decoding: fields[0], as: UTF8.self), countryCode: numbers(fields[1])[0],
                internationalPrefixes: list(fields[2]), nationalPrefixes: list(fields[3]),
                possibleLengths: numbers(fields[4]), localOnlyLengths: numbers(fields[5]))
            if metadata.region != "001" { index.byRegion[metadata.region] = metadata }
            if index.mainByCode[metadata.countryCode] == nil { index.mainByCode[metadata.countryCode] = metadata }
        }
        return index
    }()
}
