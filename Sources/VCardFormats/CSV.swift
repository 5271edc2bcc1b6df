import VCardParser

/// Contacts as CSV: one row per card under a header row, in the layout of Google Contacts, of
/// Outlook, or of chosen vCard properties (``CSVLayout``).
///
/// Writing reads each card as a `ContactsModel.Contact` (any vCard version) and fills the
/// layout's columns; reading makes one vCard 4.0 card per row, from the columns of the header
/// row, whatever their order. Importing a table and exporting it again in its layout gives the
/// same table (Google: with values that share a label in one group, as Google writes them).
/// Fields are quoted as RFC 4180 says; input may start with a UTF-8 byte-order mark.
///
/// ```swift
/// let table = CSV.encode(cards)                          // Google CSV
/// let outlook = CSV.encode(cards, layout: .outlook)
/// let again = try CSV.decode(table)                      // the layout is read from the header
/// ```
///
/// What each layout keeps is listed in the README's CSV section; values a layout has no column
/// for are reported in `warnings`, never dropped silently.
public enum CSV {
    /// The cards as a CSV table.
    ///
    /// - Parameters:
    ///   - cards: Cards of any version.
    ///   - layout: The columns to write (default: Google's).
    ///   - warnings: Receives one line per card whose values did not all fit the layout.
    /// - Returns: UTF-8 CSV, rows ending with CRLF, no byte-order mark.
    /// - Complexity: O(n) in the size of the cards.
    public static func encode(_ cards: [VCard], layout: CSVLayout = .google, warnings: inout [String]) -> [UInt8] {
        var writer = CSVTableWriter(layout: layout)
        if writer.needsMeasuring { for card in cards { writer.measure(card) } }
        var out: [UInt8] = []
        for card in cards { writer.write(card, to: &out, warnings: &warnings) }
        writer.finish(to: &out)
        return out
    }

    /// The cards as a CSV table, ignoring values the layout has no column for.
    public static func encode(_ cards: [VCard], layout: CSVLayout = .google) -> [UInt8] {
        var warnings: [String] = []
        return encode(cards, layout: layout, warnings: &warnings)
    }

    /// Reads a contacts CSV.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 CSV with a header row, with or without a byte-order mark.
    ///   - layout: How to read the columns; `nil` detects Google's and Outlook's header rows and
    ///     otherwise reads the columns as vCard property names (``CSVLayout/fields(_:)``).
    /// - Returns: One vCard 4.0 card per row.
    /// - Throws: ``FormatError`` when the input has no header row or a quoted field that is
    ///   never closed (at the line where its quote opened).
    public static func decode(_ bytes: [UInt8], layout: CSVLayout? = nil) throws(FormatError) -> [VCard] {
        var reader = CSVCardReader(ByteStream(bytes: bytes), layout: layout)
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }

    /// Cards from a header row and the rows under it (see ``decode(_:layout:)``).
    public static func cards(header: [String], rows: [[String]], layout: CSVLayout? = nil) -> [VCard] {
        let rows = rows.filter { $0.contains { !$0.trimmingSpaces().isEmpty } }
        switch layout ?? CSVLayout.detect(header: header) ?? .fields(header) {
        case .google: return GoogleCSV.contacts(header: header, rows: rows).map { $0.card() }
        case .outlook: return OutlookCSV.contacts(header: header, rows: rows).map { $0.card() }
        case .fields: return PlainCSV.cards(header: header, rows: rows)
        }
    }
}
