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
        for name in instantMessagingNames.keys { table[name] = .read }
        return table
    }()

    /// The names of the card's properties that no field holds, each once, in card order: what
    /// neither Google's nor Outlook's row carries. An inline photo is `PHOTO (inline)`, a second
    /// property where a row has one field for the name `NOTE (more than one)`.
    ///
    /// - Complexity: O(n) in the number of properties.
    static func unreadProperties(of card: VCard) -> [String] {
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
            case nil: reported = name.hasPrefix("X-CSV-") ? nil : name
            }
            if let reported, seen.insert(reported).inserted { names.append(reported) }
        }
        return names
    }
}
