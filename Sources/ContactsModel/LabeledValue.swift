/// A value with a label and a stable identifier, like one phone number of a contact.
///
/// `settingValue(_:)` and `settingLabel(_:)` return copies that keep the identifier, so a value
/// can be replaced in place: same position, same label, same line in the card.
/// ```swift
/// let old = contact.phoneNumbers[0]
/// contact.phoneNumbers[0] = old.settingValue(PhoneNumber(stringValue: "+1 555 0199"))
/// ```
public struct LabeledValue<Value: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    /// Stable for the life of the contact; ties the value to its line in the card.
    public let identifier: String
    /// The label (`.work`, `.main`, a custom text), or `nil`.
    public var label: Label?
    /// The value: a ``PhoneNumber``, an address, a ``PostalAddress``…
    public var value: Value

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }

    /// A new labeled value with a fresh identifier.
    public init(label: Label?, value: Value) {
        self.init(identifier: UUIDString.random(), label: label, value: value)
    }

    init(identifier: String, label: Label?, value: Value) {
        self.identifier = identifier
        self.label = label
        self.value = value
    }

    /// A copy with another value and the same identifier and label.
    public func settingValue(_ value: Value) -> LabeledValue {
        LabeledValue(identifier: identifier, label: label, value: value)
    }

    /// A copy with another label and the same identifier and value.
    public func settingLabel(_ label: Label?) -> LabeledValue {
        LabeledValue(identifier: identifier, label: label, value: value)
    }
}
