/// A postal address: the seven components of `ADR`, and the parts Apple writes beside it in
/// lines of the `ADR`'s group: the ISO country code (`itemN.X-ABADR:us`), the sub-locality
/// (`X-APPLE-SUBLOCALITY`) and the sub-administrative area (`X-APPLE-SUBADMINISTRATIVEAREA`).
///
/// ```swift
/// let address = PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA",
///                             postalCode: "95014", country: "USA", isoCountryCode: "us")
/// ```
public struct PostalAddress: Hashable, Sendable {
    /// Post office box (component 1).
    public var postOfficeBox: String
    /// Extended address: apartment, suite (component 2).
    public var extendedAddress: String
    /// Street address (component 3).
    public var street: String
    /// Locality (component 4).
    public var city: String
    /// A district of the city (Apple's `X-APPLE-SUBLOCALITY` in the `ADR`'s group); empty when none.
    public var subLocality: String
    /// A county or other area between city and state (Apple's `X-APPLE-SUBADMINISTRATIVEAREA`
    /// in the `ADR`'s group); empty when none.
    public var subAdministrativeArea: String
    /// Region, state or province (component 5).
    public var state: String
    /// Postal code (component 6).
    public var postalCode: String
    /// Country name (component 7).
    public var country: String
    /// The ISO 3166-1 alpha-2 code of the country, as Apple writes it (lower case): the
    /// `X-ABADR` line in the `ADR`'s group; empty when there is none.
    public var isoCountryCode: String

    /// An address from its parts; the ones left out are empty.
    public init(
        postOfficeBox: String = "", extendedAddress: String = "", street: String = "", city: String = "",
        state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = "",
        subLocality: String = "", subAdministrativeArea: String = ""
    ) {
        self.postOfficeBox = postOfficeBox
        self.extendedAddress = extendedAddress
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.subLocality = subLocality
        self.subAdministrativeArea = subAdministrativeArea
    }

    /// From the components of an `ADR` value (missing ones are empty) and the texts of the lines
    /// of its group by upper-cased name (see ``groupedLineNames``).
    init(components: [String], groupedLines: [String: String]) {
        func at(_ i: Int) -> String { i < components.count ? components[i] : "" }
        self.init(
            postOfficeBox: at(0), extendedAddress: at(1), street: at(2), city: at(3), state: at(4),
            postalCode: at(5), country: at(6), isoCountryCode: groupedLines["X-ABADR"] ?? "",
            subLocality: groupedLines["X-APPLE-SUBLOCALITY"] ?? "",
            subAdministrativeArea: groupedLines["X-APPLE-SUBADMINISTRATIVEAREA"] ?? "")
    }

    /// The lines Apple writes in an `ADR`'s group for the parts `ADR` has no component for.
    static let groupedLineNames = ["X-ABADR", "X-APPLE-SUBLOCALITY", "X-APPLE-SUBADMINISTRATIVEAREA"]

    /// The texts of those lines (`nil`: no line), in the order of ``groupedLineNames``.
    var groupedLines: [(name: String, text: String?)] {
        zip(Self.groupedLineNames, [isoCountryCode, subLocality, subAdministrativeArea]).map { ($0, $1.isEmpty ? nil : $1) }
    }

    var components: [String] { [postOfficeBox, extendedAddress, street, city, state, postalCode, country] }
}
