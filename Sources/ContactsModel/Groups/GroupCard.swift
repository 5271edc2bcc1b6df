import VCardParser

/// What a store keeps of a group card: its form, name and members (the identifiers their
/// `urn:uuid:` references name). A class, so that a contact's slot pays one pointer for it.
final class GroupCard: Sendable {
    let form: Group.Form
    let name: String
    let members: [String]

    /// The group card's description, or `nil` when `card` is not a group (`KIND:group`, or Apple's
    /// `X-ADDRESSBOOKSERVER-KIND:group`).
    init?(_ card: VCard) {
        var form: Group.Form?
        var members: [String] = []
        for property in card.properties {
            if property.hasName("KIND") || property.hasName(Self.appleKind) {
                guard property.text.trimmingSpaces().lowercased() == "group" else { continue }
                form = property.hasName("KIND") ? .kindCard : .appleCard
            } else if property.hasName("MEMBER") || property.hasName(Self.appleMember) {
                members.append(Self.memberIdentifier(property.value))
            }
        }
        guard let form else { return nil }
        self.form = form
        self.members = members
        name = card.first("FN")?.text ?? card.first("N")?.components.first ?? ""
    }

    static let appleKind = "X-ADDRESSBOOKSERVER-KIND"
    static let appleMember = "X-ADDRESSBOOKSERVER-MEMBER"

    /// The identifier a `MEMBER` value names: the UUID of `urn:uuid:…`, else the URI as it is.
    static func memberIdentifier(_ value: String) -> String {
        let uri = value.trimmingSpaces()
        return uri.lowercased().hasPrefix("urn:uuid:") ? String(uri.dropFirst(9)) : uri
    }

    /// A new group card in the form of `version`: Apple's in 3.0 (and 2.1), `KIND:group` in 4.0.
    static func make(_ group: Group, version: VCardVersion) -> (card: VCard, form: Group.Form) {
        let escaped = Escaping.escape(group.name, for: version)
        if version == .v4 {
            let properties = [
                Property(name: "UID", value: group.identifier, version: version), Property(name: "KIND", value: "group", version: version),
                Property(name: "FN", value: escaped, version: version),
            ]
            return (VCard(version: version, properties: properties), .kindCard)
        }
        let properties = [
            Property(name: "N", value: escaped, version: version), Property(name: "FN", value: escaped, version: version),
            Property(name: appleKind, value: "group", version: version), Property(name: "UID", value: group.identifier, version: version),
        ]
        return (VCard(version: version, properties: properties), .appleCard)
    }

    /// `card` (a group card of `form`) with a member line for `identifier` after the last member
    /// line, unless it has one already.
    static func addingMember(_ identifier: String, to card: VCard, form: Group.Form) -> VCard {
        guard !card.properties.contains(where: { isMember($0, identifier) }) else { return card }
        var editor = CardEditor(card: card)
        editor.insert(Property(name: form == .appleCard ? appleMember : "MEMBER", value: "urn:uuid:" + identifier, version: card.version))
        return editor.applied(to: card)
    }

    /// `card` without the member lines for `identifier`.
    static func removingMember(_ identifier: String, from card: VCard) -> VCard {
        var result = card
        result.properties.removeAll { isMember($0, identifier) }
        return result
    }

    /// `card` (a group card) renamed: its `FN`, and its `N` where it has one.
    static func renaming(_ card: VCard, to name: String) -> VCard {
        var editor = CardEditor(card: card)
        editor.setSingle("FN", isEmpty: false, make: { Property(name: "FN", value: Escaping.escape(name, for: card.version), version: card.version) }, edit: { $0.setText(name) })
        if let n = editor.first("N") { editor.replace(at: n) { $0.setComponents([name]) } }
        return editor.applied(to: card)
    }

    private static func isMember(_ property: Property, _ identifier: String) -> Bool {
        (property.hasName("MEMBER") || property.hasName(appleMember)) && memberIdentifier(property.value) == identifier
    }
}
