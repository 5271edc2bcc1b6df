import VCardParser

/// The plain layout: one column per vCard property name (`FN,EMAIL,TEL`), chosen by the user.
///
/// A cell holds the values of every property of that name, joined by ` ::: `: text values
/// unescaped (`NOTE` with a real comma and line break), structured values (`N`, `ADR`, `ORG`,
/// `GENDER`, `CLIENTPIDMAP`: the structured shapes of `VCardParser.PropertyRules`) as their vCard 4.0 value, components separated by `;` and escaped.
/// Parameters are not written. Reading makes vCard 4.0 cards with one property per value, in
/// column order, and an `FN` derived from `N`, `ORG`, `NICKNAME` or `EMAIL` when the table has
/// none (`VCardParser.VCard.converted(to:notices:)` lists the rule). A column whose name is
/// not a vCard name (letters, digits, `-`), or is `BEGIN`, `END` or `VERSION`, is kept as an
/// `X-CSV-…` property with the column's name in `X-COLUMN` (`X-CSV-END;X-COLUMN=END:…`).
enum PlainCSV {
    /// Whether a value of `name` is written as its `;`-separated components (``PropertyRules``).
    static func isStructured(_ name: String) -> Bool {
        PropertyRules.of(name)?.shape.isStructured ?? false
    }

    /// The header row: the property names, upper-cased.
    static func header(_ fields: [String]) -> [String] { fields.map { $0.uppercased() } }

    /// The card's row under ``header(_:)``.
    static func row(_ card: VCard, fields: [String]) -> [String] {
        header(fields).map { name in
            card.properties(named: name).filter { !$0.isMalformed }.map { cell(of: $0, name) }
                .joined(separator: GoogleCSV.separator)
        }
    }

    private static func cell(of property: Property, _ name: String) -> String {
        guard isStructured(name) else { return property.text }
        return property.components.map { Escaping.escape($0, for: .v4) }.joined(separator: ";")
    }

    static func cards(header: [String], rows: [[String]]) -> [VCard] {
        let names = header.map { column -> String in
            let name = column.trimmingSpaces().uppercased()
            // BEGIN and END would end the card or start another; VERSION is the card's own.
            return Property.writtenName(for: name) == name ? name : CSVContact.extraPropertyName(column)
        }
        return rows.map { row in
            var card = VCard(version: .v4)
            for (i, name) in names.enumerated() where i < row.count {
                for value in GoogleCSV.split(row[i]) {
                    var p = Property(name: name, value: "", version: .v4)
                    if isStructured(name) { p.value = value } else { p.setText(value) }
                    if name.hasPrefix("X-CSV-") { p.parameters.append(Parameter(name: "X-COLUMN", values: [header[i]])) }
                    card.append(p)
                }
            }
            var derived: [Diagnostic] = []  // a CSV cell has no line to report it at
            card.addRequiredProperties(notices: &derived)
            return card
        }
    }
}
