/// A postal address, the seven components of `ADR`.
///
/// ```swift
/// let address = PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA",
///                             postalCode: "95014", country: "USA")
/// ```
public struct PostalAddress: Hashable, Sendable {
    public var postOfficeBox: String
    public var extendedAddress: String
    public var street: String
    public var city: String
    public var state: String
    public var postalCode: String
    public var country: String

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
