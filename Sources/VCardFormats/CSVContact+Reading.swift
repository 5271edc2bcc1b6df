import ContactsModel
import VCardParser

// MARK: - Which properties a row carries

extension CSVContact {
    /// How ``init(card:)`` reads a property.
    enum Reading {
        /// Every property of the name has a field.
        case read
        /// One field for the name: a second property of it is not carried (``init(card:)``
        /// keeps the last one).
        case single
        /// Only the first link (`http://`, `https://`) has a field: `PHOTO`.
        case firstLink
        /// Read in 2.1 and 3.0 only (through the card converted to 4.0): 3.0 `LABEL` becomes
        /// `ADR;LABEL=`, `X-RELATED` becomes `RELATED`.
        case before4
        /// Not about the contact, so never reported: the version line, the producer and the
        /// revision of the file, and `X-ABLabel`, which labels another property.
        case metadata
    }

    /// The one table of what a Google or Outlook row can carry, by upper-case property name:
    /// every property ``init(card:)`` gives a field. A property not named here, nor `X-CSV-…`,
    /// has no field and so no column in either layout (`UID`, `GEO`, `ROLE`, `KIND`, `X-FOO`).
    static let readings: [String: Reading] = {
        var table: [String: Reading] = [
            "VERSION": .metadata, "PRODID": .metadata, "REV": .metadata, "X-ABLABEL": .metadata,
            "N": .single, "FN": .single, "NICKNAME": .single, "ORG": .single, "TITLE": .single, "BDAY": .single, "NOTE": .single,
            "TEL": .read, "EMAIL": .read, "ADR": .read, "URL": .read, "CATEGORIES": .read,
            "X-PHONETIC-FIRST-NAME": .single, "X-PHONETIC-MIDDLE-NAME": .single, "X-PHONETIC-LAST-NAME": .single,
            "X-FILE-AS": .single, "RELATED": .read, "X-ABRELATEDNAMES": .read, "ANNIVERSARY": .read,
            "X-ANNIVERSARY": .read, "X-ABDATE": .read, "X-CUSTOM-FIELD": .read,
            "PHOTO": .firstLink, "LABEL": .before4, "X-RELATED": .before4,
        ]
        for name in InstantMessageAddress.propertyNames { table[name] = .read }
        return table
    }()

    /// The names of the card's properties that no field holds, each once, in card order: what
    /// neither Google's nor Outlook's row carries. An inline photo is `PHOTO (inline)`, a second
    /// property where a row has one field for the name `NOTE (more than one)`.
    ///
    /// With `customFields` (Google's layout), a property carried in a custom field
    /// (``customFieldValue(of:)``) is not reported.
    ///
    /// - Complexity: O(n) in the number of properties.
    static func unreadProperties(of card: VCard, customFields: Bool) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var isFirstLink = true
        var singles: Set<String> = []
        for property in card.properties {
            let name = property.name.uppercased()
            let reported: String?
            switch readings[name] {
            case .read, .metadata: reported = nil
            case .single: reported = singles.insert(name).inserted ? nil : name + " (more than one)"
            case .before4: reported = card.version == .v4 ? name : nil
            case .firstLink:
                let isLink = Self.isLink(property)
                reported = isLink && isFirstLink ? nil : isLink ? name : name + " (inline)"
                if isLink { isFirstLink = false }
            case nil:
                let carried = name.hasPrefix("X-CSV-") || customFields && customFieldValue(of: property) != nil
                reported = carried ? nil : name
            }
            if let reported, seen.insert(reported).inserted { names.append(reported) }
        }
        return names
    }
}

// MARK: - Properties in Google's custom fields

extension CSVContact {
    /// Whether a property of this upper-case name rides in Google's `Custom Field N` under its
    /// own name when the card has one: no other field holds it, and its name says what it is
    /// when read back (an `X-` name, or one vCard 4.0 defines: `ROLE`, `GEO`, `UID`, `KIND`…;
    /// not 3.0's `CLASS`, which a 4.0 card would have to rename).
    static func isCustomFieldName(_ name: String) -> Bool {
        readings[name] == nil && !name.hasPrefix("X-CSV-") && Property.isValidName(name) && Text.uppercased(name) == name
            && (name.hasPrefix("X-") || ValueType.default(for: name) != .unknown)
    }

    /// The cell of a property Google carries in a custom field (``isCustomFieldName(_:)``):
    /// a date, time or UTC offset in ISO 8601 extended form (`+01:00`, as in `Birthday`), the
    /// text of a text property, the value as written for other types and for `X-` properties,
    /// whose type is unknown; `nil` for a property a cell cannot usefully hold (an
    /// inline `PHOTO`, `KEY`, `LOGO` or `SOUND`, base64 or a `data:` URI), one with parameters
    /// (`TYPE`, `VALUE`, `PREF`…, which the cell would lose) or one with another name.
    static func customFieldValue(of property: Property) -> String? {
        let name = Text.uppercased(property.name)
        guard isCustomFieldName(name), !property.isMalformed else { return nil }
        // A cell has no room for parameters: only the transfer ones (the value is decoded) go.
        let transferOnly = property.parameters.allSatisfy { p in
            p.hasName("CHARSET") || p.hasName("ENCODING") && !p.values.contains { ["b", "base64"].contains(Text.lowercased($0)) }
        }
        guard transferOnly, Text.lowercased(String(property.value.prefix(5))) != "data:" else { return nil }
        let type = ValueType.of(property)
        // Dates as the Birthday column has them: ISO 8601 extended, whatever the card's version.
        if type.isDateOrTime || type == .utcOffset { return DateAndTime.extended(property.value, type: type) }
        return isTextValued(name) ? property.text : property.value
    }

    /// The property a custom field stands for when its label is the name of one
    /// (``isCustomFieldName(_:)``): the inverse of ``customFieldValue(of:)``.
    static func customFieldProperty(_ field: Item) -> Property? {
        guard let name = field.label?.rawValue, isCustomFieldName(name) else { return nil }
        var property = Property(name: name, value: field.value, version: .v4)
        let type = ValueType.of(property)
        if type.isDateOrTime || type == .utcOffset {
            property.value = DateAndTime.basic(field.value, type: type)
        } else if isTextValued(name) {
            property.setText(field.value)
        }
        return property
    }

    /// Text, and not structured: its cell is the unescaped text (`ROLE`, `KIND`, `TZ`).
    private static func isTextValued(_ name: String) -> Bool {
        ValueType.default(for: name) == .text && !TypedProperty.shape(of: name).isStructured
    }
}
