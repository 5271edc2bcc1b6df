import VCardParser

/// The findings of `validate` for one file, printed as text lines as they come
/// (`FILE:LINE:COLUMN: severity: message [code]`) or, for `--format json`, kept until the file
/// is read and printed as JSON Lines with the card each finding belongs to.
///
/// One JSON object per line: `{"file":"a.vcf","line":3,"column":1,"code":"repeated-property",
/// "severity":"error","message":"…","card":1}`; `line`, `column` and `card` are `null` where a
/// finding has none (a card read from jCard, xCard or CSV; text before the first card; `no-cards`).
struct ValidateReport {
    let file: String
    let json: Bool
    let terminal: Terminal
    /// The import target whose rejected warnings count as errors, if any (`--for`).
    let target: ImportTarget?
    private(set) var cards = 0
    private(set) var errors = 0
    private(set) var warnings = 0
    /// JSON mode: the findings and the card index of each that was known when it was found.
    private var pending: [(diagnostic: Diagnostic, card: Int?)] = []
    /// JSON mode: the line each card begins on, in order.
    private var cardLines: [Int] = []

    init(file: String, json: Bool, terminal: Terminal, target: ImportTarget?) {
        self.file = file
        self.json = json
        self.terminal = terminal
        self.target = target
    }

    /// Counts a card that begins on `line` (0 for a card with no vCard line).
    mutating func countCard(line: Int) {
        cards += 1
        if json { cardLines.append(line) }
    }

    /// Reports `diagnostic` (an error if the target rejects it); `card` is its 1-based card when
    /// known, else found from its line.
    mutating func report(_ finding: Diagnostic, card: Int? = nil) {
        let diagnostic = target?.judged(finding) ?? finding
        if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
        if json {
            pending.append((diagnostic, card))
        } else {
            terminal.print(TerminalText.escaped(diagnostic.formatted(file: file)))
        }
    }

    /// Prints what JSON mode kept, in the order found.
    func finish() {
        for (d, card) in pending {
            let line = d.position.line > 0
            let index = card ?? (line ? cardIndex(at: d.position.line) : nil)
            terminal.print(
                "{\"file\":\(DiffReport.quoted(file)),\"line\":\(line ? "\(d.position.line)" : "null"),"
                    + "\"column\":\(line ? "\(d.position.column)" : "null"),\"code\":\(DiffReport.quoted(d.code.rawValue)),"
                    + "\"severity\":\"\(d.severity.rawValue)\",\"message\":\(DiffReport.quoted(d.message)),"
                    + "\"card\":\(index.map(String.init) ?? "null")}")
        }
    }

    /// The card that begins last at or before `line`, 1-based; `nil` before the first card.
    private func cardIndex(at line: Int) -> Int? {
        var low = 0, high = cardLines.count
        while low < high {
            let mid = (low + high) / 2
            if cardLines[mid] <= line { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low : nil
    }
}
