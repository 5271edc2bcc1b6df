import VCardParser

extension Contact {
    /// What ``setMainPhoneNumber(_:label:)`` did.
    public enum PhoneChange: Equatable, Sendable {
        /// An existing number was replaced (its label and position kept).
        case replaced(old: PhoneNumber)
        /// The contact had no phone number; one was added with the label.
        case added
        /// The number was already the same.
        case unchanged
    }

    /// The index in ``phoneNumbers`` of the main number: the one labeled `label` (main by
    /// default), else the preferred one (`PREF=1`, `TYPE=pref`), else the first.
    ///
    /// ```swift
    /// if let i = contact.mainPhoneNumberIndex() { print(contact.phoneNumbers[i].value) }
    /// ```
    public func mainPhoneNumberIndex(label: Label = .main) -> Int? {
        guard !phoneNumbers.isEmpty else { return nil }
        if let i = phoneNumbers.firstIndex(where: { $0.label == label }) { return i }
        if let card = sourceCard {
            let preferred = phoneNumbers.indices.compactMap { i -> (Int, Int)? in
                guard let p = sourceIndex[phoneNumbers[i].identifier].map({ card.properties[$0] }), let pref = p.preference else { return nil }
                return (pref, i)
            }
            if let best = preferred.min(by: { $0.0 < $1.0 }) { return best.1 }
        }
        return 0
    }

    /// Replaces the main phone number (see ``mainPhoneNumberIndex(label:)``) keeping its
    /// identifier, label and position, or adds `number` labeled `label` when there is none.
    ///
    /// ```swift
    /// var contact = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
    /// contact.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
    /// let updated = contact.vCard(writingGeneratedIdentifier: false)   // only the TEL line changed
    /// ```
    @discardableResult
    public mutating func setMainPhoneNumber(_ number: PhoneNumber, label: Label = .main) -> PhoneChange {
        guard let i = mainPhoneNumberIndex(label: label) else {
            phoneNumbers.append(LabeledValue(label: label, value: number))
            return .added
        }
        let old = phoneNumbers[i].value
        guard old.stringValue != number.stringValue else { return .unchanged }
        phoneNumbers[i] = phoneNumbers[i].settingValue(number)
        return .replaced(old: old)
    }

    /// Removes the main phone number (see ``mainPhoneNumberIndex(label:)``); its `TEL` line goes
    /// when the card is written.
    ///
    /// ```swift
    /// var contact = Contact(card: card, keys: [.phoneNumbers])
    /// let removed = contact.removeMainPhoneNumber()     // nil when the contact had no phone
    /// ```
    @discardableResult
    public mutating func removeMainPhoneNumber(label: Label = .main) -> PhoneNumber? {
        guard let i = mainPhoneNumberIndex(label: label) else { return nil }
        return phoneNumbers.remove(at: i).value
    }
}
