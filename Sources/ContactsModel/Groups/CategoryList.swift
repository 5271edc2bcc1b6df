import VCardParser

/// The `CATEGORIES` lines of a card, where Google's and Nextcloud's exports keep the groups a
/// contact is in: reading the names, and editing only those lines.
enum CategoryList {
    /// The names the card lists, trimmed, in order, each once.
    static func names(in card: VCard) -> [String] {
        var names: [String] = []
        for property in card.properties where property.hasName("CATEGORIES") {
            for name in property.listValues.map({ $0.trimmingSpaces() }) where !name.isEmpty && !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `card` listing `name`: added to its first `CATEGORIES` line, or in a new line at the end.
    static func adding(_ name: String, to card: VCard) -> VCard {
        guard !names(in: card).contains(name) else { return card }
        var editor = CardEditor(card: card)
        if let line = editor.first("CATEGORIES") {
            editor.replace(at: line) { $0.value += "," + Escaping.escape(name, for: card.version) }
        } else {
            editor.insert(Property(name: "CATEGORIES", value: Escaping.escape(name, for: card.version), version: card.version))
        }
        return editor.applied(to: card)
    }

    /// `card` with `name` replaced by `replacement` in every line listing it; `nil` removes it,
    /// and a line left empty goes.
    static func replacing(_ name: String, with replacement: String?, in card: VCard) -> VCard {
        var editor = CardEditor(card: card)
        for (index, property) in card.properties.enumerated() where property.hasName("CATEGORIES") {
            let values = property.listValues
            guard values.contains(where: { $0.trimmingSpaces() == name }) else { continue }
            var kept: [String] = []
            for value in values {
                let next = value.trimmingSpaces() == name ? replacement : value
                if let next, !kept.contains(next) { kept.append(next) }
            }
            if kept.isEmpty {
                editor.remove(at: index)
            } else {
                editor.replace(at: index) { $0.value = kept.map { Escaping.escape($0, for: card.version) }.joined(separator: ",") }
            }
        }
        return editor.applied(to: card)
    }
}
