import VCardFormats
import VCardParser

/// Where `convert` writes the cards of all its inputs, one at a time as they are read: vCard
/// of a version, or one jCard, xCard or CSV document. Memory stays at about one card. Google's
/// CSV header depends on every card: for it, the inputs go through ``measure(_:)`` in a first
/// pass (``needsMeasuring``). A class: the closures that read each input share it.
final class ConvertOutput {
    private enum Writer {
        case vcard(VCardWriter)
        case jcard(JCardWriter)
        case xcard(XCardWriter)
        case csv(CSVTableWriter)
    }

    private var writer: Writer
    /// CSV: what the first 20 cards have no column for, line by line, then counted.
    private var drops = CSVDropSummary(detailedCards: 20)

    init(_ target: Convert.Target, csvLayout: CSVLayout?, safeCSV: Bool) {
        switch target {
        case .vcard(let version): writer = .vcard(VCardWriter(style: .canonical, version: version))
        case .format(.jcard): writer = .jcard(JCardWriter())
        case .format(.xcard): writer = .xcard(XCardWriter())
        case .format(.csv): writer = .csv(CSVTableWriter(layout: csvLayout ?? .google, neutralizingFormulas: safeCSV))
        case .format(.vcard): writer = .vcard(VCardWriter(style: .canonical, version: .v4))
        }
    }

    /// Whether every card must go through ``measure(_:)`` before the first is written.
    var needsMeasuring: Bool {
        if case .csv(let csv) = writer { return csv.needsMeasuring }
        return false
    }

    func measure(_ card: VCard) {
        guard case .csv(var csv) = writer else { return }
        csv.measure(card)
        writer = .csv(csv)
    }

    /// The vCard writer, when the output is vCard (so that cards can be written on the threads
    /// that parse them).
    var vcardWriter: VCardWriter? {
        if case .vcard(let writer) = writer { return writer }
        return nil
    }

    /// Writes one card of the input called `input`; a property that jCard's and xCard's 4.0
    /// requires and the card lacks is derived and reported, as the vCard writer reports it.
    func write(_ card: VCard, from input: String, to terminal: Terminal) {
        var out: [UInt8] = []
        switch writer {
        case .vcard(let vcard):
            var notices: [Diagnostic] = []
            vcard.write(card, to: &out, notices: &notices)
            for notice in notices { terminal.report(notice, in: input) }
        case .jcard(var jcard):
            var warnings: [String] = []
            jcard.write(converted(card, from: input, terminal), to: &out, warnings: &warnings)
            writer = .jcard(jcard)
            for warning in warnings { terminal.message("warning: \(warning)") }
        case .xcard(var xcard):
            var warnings: [String] = []
            xcard.write(converted(card, from: input, terminal), to: &out, warnings: &warnings)
            writer = .xcard(xcard)
            for warning in warnings { terminal.message("warning: \(warning)") }
        case .csv(var csv):
            var warnings: [String] = []
            let drop = csv.writeRow(card, to: &out, warnings: &warnings)
            writer = .csv(csv)
            if let drop, let line = drops.add(drop) { terminal.message("warning: \(line)") }
            for warning in warnings { terminal.message("warning: \(warning)") }
        }
        terminal.write(out)
    }

    /// The card in 4.0, each derived property reported.
    private func converted(_ card: VCard, from input: String, _ terminal: Terminal) -> VCard {
        var notices: [Diagnostic] = []
        let v4 = card.converted(to: .v4, notices: &notices)
        for notice in notices { terminal.report(notice, in: input) }
        return v4
    }

    /// Ends the document; for CSV, counts what the cards after the 20th had no column for and,
    /// written without `--safe-csv`, warns once of the cells a spreadsheet could run as formulas.
    func finish(_ terminal: Terminal) {
        var out: [UInt8] = []
        switch writer {
        case .vcard: break
        case .jcard(var jcard): jcard.finish(to: &out)
        case .xcard(var xcard): xcard.finish(to: &out)
        case .csv(var csv):
            csv.finish(to: &out)
            if let summary = drops.summary { terminal.message("warning: \(summary)") }
            if !csv.neutralizesFormulas, csv.formulaLikeCells > 0 {
                let cells = csv.formulaLikeCells == 1 ? "1 cell starts" : "\(csv.formulaLikeCells) cells start"
                terminal.message("warning: \(cells) with =, +, -, @, tab or CR, which a spreadsheet may run as a formula; --safe-csv writes them with a ' before")
            }
        }
        terminal.write(out)
    }
}
