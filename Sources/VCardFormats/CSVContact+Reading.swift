import VCardParser

// MARK: - Which properties a row carries

extension CSVContact {
    /// How ``init(card:)`` reads a property.
    enum Reading {
        /// Every property of the name has a field.
        case read
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
            "N": .read, "FN": .read, "NICKNAME": .read, "ORG": .read, "TITLE": .read, "BDAY": .read, "NOTE": .read,
            "TEL": .read, "EMAIL": .read, "ADR": .read, "URL": .read, "CATEGORIES": .read,
            "X-PHONETIC-FIRST-NAME": .read, "X-PHONETIC-MIDDLE-NAME": .read, "X-PHONETIC-LAST-NAME": .read,
            "X-FILE-AS": .read, "RELATED": .read, "X-ABRELATEDNAMES": .read, "ANNIVERSARY": .read,
            "X-ANNIVERSARY": .read, "X-ABDATE": .read, "X-CUSTOM-FIELD": .read,
            "PHOTO": .firstLink, "LABEL": .before4, "X-RELATED": .before4,
        ]
        for name in instantMessagingNames.keys { table[name] = .read }
        return table
    }()

    /// The names of the card's properties that no field holds, each once, in card order: what
    /// neither Google's nor Outlook's row carries. An inline photo is `PHOTO (inline)`.
    ///
    /// - Complexity: O(n) in the number of properties.
    static func unreadProperties(of card: VCard) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var isFirstLink = true
        for property in card.properties {
            let name = property.name.uppercased()
            let reported: String?
            switch readings[name] {
            case .read, .metadata: reported = nil
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
