/// A postal address as the lines of an envelope, in the layout of its country, like Apple's
/// `CNPostalAddressFormatter`.
///
/// The country comes from ``PostalAddress/isoCountryCode``. Layouts follow each country's postal
/// conventions for US, CA, GB, DE, FR, IT, ES, NL, SE, JP, CN, KR, BR, IN and AU (the Nordic,
/// German-speaking and Benelux neighbours share the German form: postal code before the city). Any
/// other country, or none, gets the fallback: the street lines, then city, state and postal code on
/// one line, then the country. Japan, China and Korea write from the largest part to the smallest,
/// the country first (Korean with spaces between the parts, Chinese and Japanese without). Empty fields are left out with their separators, and a line with nothing is
/// not written.
///
/// ```swift
/// let address = PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA", postalCode: "95014",
///                             country: "United States", isoCountryCode: "us")
/// PostalAddressFormatter.string(from: address)   // "1 Infinite Loop\nCupertino CA 95014\nUnited States"
/// ```
public enum PostalAddressFormatter {
    /// The address's lines joined by `\n`; empty when every field is.
    public static func string(from address: PostalAddress) -> String {
        lines(of: address).joined(separator: "\n")
    }

    /// The address's lines in its country's layout.
    public static func lines(of address: PostalAddress) -> [String] {
        let layout = layouts[address.isoCountryCode.uppercased()] ?? fallback
        return layout.compactMap { line in
            let values = line.fields.map { address[keyPath: $0].trimmingSpaces() }.filter { !$0.isEmpty }
            guard !values.isEmpty else { return nil }
            let separator = line.separator ?? (values.allSatisfy(ContactFormatter.isEastAsian) ? "" : " ")
            return line.prefix + values.joined(separator: separator)
        }
    }

    /// One line of a layout: its fields, joined by `separator` (`nil`: a space, or nothing
    /// between parts written in Han, kana or Hangul), after `prefix` (`〒` before a Japanese
    /// postal code).
    private struct Line: Sendable {
        let fields: [KeyPath<PostalAddress, String> & Sendable]
        var separator: String? = nil
        var prefix = ""
    }

    private typealias Layout = [Line]

    private static let box = Line(fields: [\.postOfficeBox])
    private static let street = Line(fields: [\.street])
    private static let extended = Line(fields: [\.extendedAddress])
    private static let subLocality = Line(fields: [\.subLocality])
    private static let country = Line(fields: [\.country])
    private static let streetLines = [box, street, extended]

    /// City, state and postal code on one line (US, CA, AU), and the fallback.
    private static let northAmerican: Layout = streetLines + [Line(fields: [\.city, \.state, \.postalCode]), country]
    /// Postal code before the city.
    private static let continental: Layout = streetLines + [Line(fields: [\.postalCode, \.city]), country]
    private static let fallback = northAmerican

    private static let layouts: [String: Layout] = {
        var layouts: [String: Layout] = [
            "US": northAmerican, "CA": northAmerican, "AU": northAmerican,
            "GB": streetLines + [subLocality, Line(fields: [\.city]), Line(fields: [\.subAdministrativeArea]), Line(fields: [\.postalCode]), country],
            "IT": streetLines + [Line(fields: [\.postalCode, \.city, \.state]), country],
            "ES": streetLines + [Line(fields: [\.postalCode, \.city]), Line(fields: [\.state]), country],
            "BR": streetLines + [subLocality, Line(fields: [\.city, \.state], separator: " - "), Line(fields: [\.postalCode]), country],
            "IN": streetLines + [subLocality, Line(fields: [\.city, \.postalCode], separator: " - "), Line(fields: [\.state]), country],
            "JP": [country, Line(fields: [\.postalCode], prefix: "〒"), Line(fields: [\.state, \.city, \.subLocality])] + streetLines,
            "CN": [country, Line(fields: [\.state, \.city, \.subLocality])] + streetLines + [Line(fields: [\.postalCode])],
            // Korean separates the parts of an address with spaces, unlike Chinese and Japanese.
            "KR": [country, Line(fields: [\.state, \.city, \.subLocality], separator: " ")] + streetLines + [Line(fields: [\.postalCode])],
        ]
        for code in ["DE", "FR", "NL", "SE", "AT", "CH", "BE", "LU", "DK", "NO", "FI", "PL", "PT", "CZ"] {
            layouts[code] = continental
        }
        return layouts
    }()
}
