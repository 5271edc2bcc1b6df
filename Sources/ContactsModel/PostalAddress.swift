/// A postal address: the seven components of `ADR`, and the ISO country code Apple writes beside
/// it (`itemN.X-ABADR:us`).
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
    public init(postOfficeBox: String = "", extendedAddress: String = "", street: String = "", city: String = "",
                state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = "") {
        self.postOfficeBox = postOfficeBox
        self.extendedAddress = extendedAddress
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// From the components of an `ADR` value (missing ones are empty).
    init(components: [String], isoCountryCode: String) {
        func at(_ i: Int) -> String { i < components.count ? components[i] : "" }
        self.init(postOfficeBox: at(0), extendedAddress: at(1), street: at(2), city: at(3), state: at(4),
                  postalCode: at(5), country: at(6), isoCountryCode: isoCountryCode)
    }

    /// Apple's line beside an `ADR` that holds ``isoCountryCode``.
    static let isoCountryCodeName = "X-ABADR"

    var components: [String] { [postOfficeBox, extendedAddress, street, city, state, postalCode, country] }
}
