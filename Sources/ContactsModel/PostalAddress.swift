/// A postal address, the seven components of `ADR`.
///
/// ```swift
/// let address = PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA",
///                             postalCode: "95014", country: "USA")
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

    /// An address from its parts; the ones left out are empty.
    public init(postOfficeBox: String = "", extendedAddress: String = "", street: String = "", city: String = "",
                state: String = "", postalCode: String = "", country: String = "") {
        self.postOfficeBox = postOfficeBox
        self.extendedAddress = extendedAddress
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }

    /// From the components of an `ADR` value (missing ones are empty).
    init(components: [String]) {
        func at(_ i: Int) -> String { i < components.count ? components[i] : "" }
        self.init(postOfficeBox: at(0), extendedAddress: at(1), street: at(2), city: at(3), state: at(4),
                  postalCode: at(5), country: at(6))
    }

    var components: [String] { [postOfficeBox, extendedAddress, street, city, state, postalCode, country] }
}
