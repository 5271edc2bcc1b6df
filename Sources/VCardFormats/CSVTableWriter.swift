import VCardParser

/// Writes a contacts CSV table (``CSV``) as the cards come: the header row before the first
/// card, then one row per card, with the same bytes as ``CSV/encode(_:layout:warnings:)``.
///
/// Outlook's layout and ``CSVLayout/fields(_:)`` have a fixed header, so each card is written
/// as it comes. Google's header has as many numbered groups (`E-mail 1`, `E-mail 2`, …) as the
/// card that needs most, so each card must go through ``measure(_:)`` before the first
/// ``write(_:to:warnings:)``: read the input twice, keeping nothing but a count per group.
///
/// ```swift
/// var writer = CSVTableWriter(layout: .google, neutralizingFormulas: true)
/// for card in cards { writer.measure(card) }       // a first pass (Google's layout only)
/// var out: [UInt8] = [], warnings: [String] = []
/// for card in cards { writer.write(card, to: &out, warnings: &warnings) }
/// writer.finish(to: &out)
/// ```
public struct CSVTableWriter {
    public let layout: CSVLayout
    /// Whether cells a spreadsheet could run as a formula get a `'` before them
    /// (``CSVWriter/append(_:to:neutralizingFormulas:)``).
    public let neutralizesFormulas: Bool
    /// How many cells of the rows written so far (the header aside) start like a formula
    /// (``CSVWriter/isFormulaLike(_:)``), neutralized or not.
    public private(set) var formulaLikeCells = 0
    /// Google's layout: how many numbered groups of each kind the header has.
    private var counts = Array(repeating: 0, count: GoogleCSV.groups.count)
    /// The rows written so far, the header included.
    private var rows = 0

    /// A table in `layout`; `neutralizingFormulas` writes cells that start like a formula with a
    /// `'` before them (off by default: the table then has the exact bytes Google and Outlook
    /// read back).
    public init(layout: CSVLayout = .google, neutralizingFormulas: Bool = false) {
        self.layout = layout
        neutralizesFormulas = neutralizingFormulas
    }

    /// Whether every card must go through ``measure(_:)`` before the first is written.
    public var needsMeasuring: Bool { layout == .google }

    /// Makes room in Google's header for the card's values (nothing to do for other layouts).
    public mutating func measure(_ card: VCard) {
        guard layout == .google else { return }
        for (k, count) in GoogleCSV.groupCounts(CSVContact(card: card)).enumerated() { counts[k] = max(counts[k], count) }
    }

    /// Appends the card's row (after the header row, for the first card). What the layout has
    /// no column for is reported in `warnings`, one line per card (``CSVDrop/description``):
    /// `Ada Lovelace: no Outlook column for UID, X-FOO, GEO`.
    public mutating func write(_ card: VCard, to out: inout [UInt8], warnings: inout [String]) {
        let first = warnings.count
        if let drop = writeRow(card, to: &out, warnings: &warnings) { warnings.insert(drop.description, at: first) }
    }

    /// Appends the card's row, like ``write(_:to:warnings:)``, but returns what the layout has no
    /// column for instead of reporting it, for callers that summarize many cards; other
    /// warnings (a blank row) still go to `warnings`.
    ///
    /// - Returns: What of the card has no column in Google's or Outlook's layout; `nil` when the
    ///   row holds all of it, and always for ``CSVLayout/fields(_:)``, whose columns are chosen.
    public mutating func writeRow(_ card: VCard, to out: inout [UInt8], warnings: inout [String]) -> CSVDrop? {
        writeHeaderIfNeeded(to: &out)
        rows += 1
        let row: [String]
        let drop: CSVDrop?
        switch layout {
        case .google:
            let contact = CSVContact(card: card)
            row = GoogleCSV.row(contact, counts: counts)
            drop = self.drop(contact, card, layoutName: "Google", dropped: [])
        case .outlook:
            let contact = CSVContact(card: card)
            let written = OutlookCSV.row(contact)
            row = written.cells
            drop = self.drop(contact, card, layoutName: "Outlook", dropped: written.dropped)
        case .fields(let names):
            row = PlainCSV.row(card, fields: names)
            drop = nil
        }
        if row.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
            // A row of empty cells reads back as no card: the card count would change unsaid.
            warnings.append("card \(rows - 1): nothing of it has a column in this layout; its row is blank and reads back as no card")
        }
        formulaLikeCells += row.reduce(0) { $0 + (CSVWriter.isFormulaLike($1) ? 1 : 0) }
        CSVWriter.append(row, to: &out, neutralizingFormulas: neutralizesFormulas)
        return drop
    }

    /// An FN the row does not give back (``CSVContact/keepsFormattedName``), values past the
    /// cells of the name, nickname and organization, the values that found no free column, then the properties no column stands for (``CSVContact/readings``;
    /// in Google's layout, but for those its custom fields carry); `nil` when there are none.
    private func drop(_ contact: CSVContact, _ card: VCard, layoutName: String, dropped: [CSVDrop.Item]) -> CSVDrop? {
        let formattedName: [CSVDrop.Item] = contact.keepsFormattedName ? [] : [.property("FN")]
        let unread = CSVContact.unreadProperties(of: card, customFields: layout == .google)
        let items = formattedName + contact.valuesWithoutACell + dropped + unread.map(CSVDrop.Item.property)
        guard !items.isEmpty else { return nil }
        let name = contact.formattedName.isEmpty ? "row \(rows)" : contact.formattedName
        return CSVDrop(card: name, layoutName: layoutName, items: items)
    }

    /// Ends the table: the header row alone when no card was written.
    public mutating func finish(to out: inout [UInt8]) {
        writeHeaderIfNeeded(to: &out)
    }

    private mutating func writeHeaderIfNeeded(to out: inout [UInt8]) {
        guard rows == 0 else { return }
        rows = 1
        switch layout {
        case .google: CSVWriter.append(GoogleCSV.header(counts: counts), to: &out)
        case .outlook: CSVWriter.append(OutlookCSV.header, to: &out)
        case .fields(let names): CSVWriter.append(PlainCSV.header(names), to: &out)
        }
    }
}
