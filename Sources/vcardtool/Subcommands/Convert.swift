#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardFormats
import VCardParser

/// `vcardtool convert`: vCard 2.1, 3.0 and 4.0, jCard, xCard and contacts CSV, from any to any.
struct Convert: Subcommand {
    static let name = "convert"
    static let abstract = "Convert cards between vCard 2.1, 3.0, 4.0, jCard, xCard and CSV."
    static let usage = "--to <format> [--from <format>] [<file-folder-or-url> ...]"
    static let discussion = """
        The input format is detected from the first byte that is not white space: '[' is jCard
        (RFC 7095), '<' is xCard (RFC 6351), a first line that is Google's or Outlook's CSV
        header row is CSV, anything else vCard of any version; --from overrides the guess (a CSV
        with other columns needs --from csv: its columns are read as vCard property names).
        jCard and xCard are vCard 4.0, so other versions go through 4.0 on the way, by the
        version-conversion rules listed in the README; a CSV row becomes a vCard 4.0 card. A
        property the target version requires (FN, and N in 2.1 and 3.0) that a card lacks is
        derived from the others and reported on standard error.
        CSV is written in Google Contacts' layout unless --layout outlook or --fields says
        otherwise; values the layout has no column for are reported on standard error. A CSV
        cell that starts with =, +, -, @, tab or CR is written as it is (the bytes Google and
        Outlook read back) and counted in a warning, since a spreadsheet may run it as a
        formula; --safe-csv writes it with a ' before it instead. Output goes to standard
        output; for jCard, xCard and CSV the cards of all inputs form one document. Problems
        are reported on standard error as 'vcardtool convert: FILE:LINE:COLUMN: error: message
        [code]'; exit status 1 if an input had errors (the readable cards are still converted:
        for jCard and xCard, every card but the one with the error, unless the input cannot be
        read on), 2 if one could not be read.
        """
    static let options = [
        ("--to <format>", "2.1, 3.0 or 4.0 (vCard; 'vcard' is 4.0), jcard, xcard or csv."),
        ("--from <format>", "vcard, jcard, xcard or csv (default: detected from each input)."),
        ("--layout <layout>", "CSV columns: google (default) or outlook."),
        ("--fields <names>", "CSV columns: these vCard properties, e.g. FN,EMAIL,TEL."),
        ("--safe-csv", "CSV: write ' before cells starting with =, +, -, @, tab or CR."),
        ("--charset <name>", "CSV input: utf-8 or windows-1252 (default: UTF-8, else 1252)."),
    ]
    static let examples = [
        ("vcardtool convert --to 4.0 old.vcf > new.vcf", "Convert vCard 2.1 or 3.0 to 4.0."),
        ("vcardtool convert --to jcard contacts.vcf > contacts.json", "Write jCard."),
        ("vcardtool convert --from jcard --to 3.0 < contacts.json > contacts.vcf", "Read jCard from standard input, write vCard 3.0."),
        ("vcardtool convert --to xcard contacts/ > contacts.xml", "Write a folder of .vcf files as one xCard document."),
        ("vcardtool convert --to csv --layout outlook contacts.vcf > outlook.csv", "Write Outlook's CSV."),
        ("vcardtool convert --to csv --safe-csv contacts.vcf > sheet.csv", "Write CSV for a spreadsheet: no cell runs as a formula."),
        ("vcardtool convert --to 3.0 google.csv > contacts.vcf", "Read a Google Contacts CSV export."),
    ]

    /// What `--to` names.
    enum Target: Equatable {
        case vcard(VCardVersion)
        case format(CardFormat)

        init?(_ argument: String) {
            switch argument.lowercased() {
            case "2.1": self = .vcard(.v2_1)
            case "3", "3.0": self = .vcard(.v3)
            case "4", "4.0", "vcard": self = .vcard(.v4)
            case let name:
                guard let format = CardFormat(rawValue: name), format != .vcard else { return nil }
                self = .format(format)
            }
        }
    }

    var target: Target
    var source: CardFormat?
    /// The CSV layout to write, or to read a CSV input with (default: Google's to write, the
    /// header row's to read).
    var csvLayout: CSVLayout?
    /// `--safe-csv`: neutralize cells that start like a formula.
    var safeCSV: Bool
    /// `--charset`: the text encoding of CSV input.
    var csvEncoding = CSVReader.Encoding.automatic
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        guard let to = try arguments.option("to") else { throw UsageError("Missing '--to <format>'") }
        guard let target = Target(to) else {
            throw UsageError("Unknown format '\(to)'; use 2.1, 3.0, 4.0, jcard, xcard or csv")
        }
        self.target = target
        if let from = try arguments.option("from") {
            guard let format = CardFormat(rawValue: from.lowercased()) else {
                throw UsageError("Unknown input format '\(from)'; use vcard, jcard, xcard or csv")
            }
            source = format
        }
        let layoutName = try arguments.option("layout")
        let fields = try arguments.option("fields")
        if let layoutName {
            guard let layout = CSVLayout(name: layoutName) else {
                throw UsageError("Unknown layout '\(layoutName)'; use google or outlook")
            }
            csvLayout = layout
        }
        if let fields {
            if layoutName != nil { throw UsageError("--layout and --fields go separately") }
            let names = fields.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            if names.isEmpty { throw UsageError("--fields needs property names, e.g. FN,EMAIL,TEL") }
            csvLayout = .fields(names)
        }
        if csvLayout != nil, target != .format(.csv), source != .csv {
            throw UsageError("--layout and --fields are for CSV (--to csv or --from csv)")
        }
        if let charset = try arguments.option("charset") {
            guard source == .csv else { throw UsageError("--charset is for CSV input (--from csv)") }
            guard let encoding = CSVReader.Encoding(charset: charset) else {
                throw UsageError("Unknown charset '\(charset)'; use utf-8 or windows-1252")
            }
            csvEncoding = encoding
        }
        safeCSV = arguments.flag("safe-csv")
        if safeCSV, target != .format(.csv) { throw UsageError("--safe-csv is for CSV output (--to csv)") }
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        let output = ConvertOutput(target, csvLayout: csvLayout, safeCSV: safeCSV)
        var inputs = try Input.expand(files, terminal)
        var spool: Input?
        defer { if let path = spool?.path { unlink(path) } }
        if output.needsMeasuring {
            // Google's CSV header depends on every card: a first pass, silent (the second reports).
            inputs = try Input.rereadable(inputs, spool: &spool)
            for input in inputs {
                try? read(input, terminal, diagnostics: { _ in }, formatError: { _, _ in }) { output.measure($0) }
            }
        }
        var sawError = false
        for input in inputs {
            try read(
                input, terminal, encoder: output.vcardWriter,
                warning: { w in
                    terminal.message("\(input.name):\(w.line):\(w.column): warning: \(w.message) [invalid-utf8]")
                },
                diagnostics: { d in
                    if d.severity == .error {
                        sawError = true
                        terminal.report(d, in: input.name)
                    }
                },
                formatError: { error, format in
                    sawError = true
                    let position = error.line > 0 ? "\(error.line):\(max(error.column, 1)):" : ""
                    terminal.message("\(input.name):\(position) error: \(error.message) [invalid-\(format.rawValue)]")
                }
            ) { output.write($0, from: input.name, to: terminal) }
        }
        output.finish(terminal)
        return sawError ? .failure : .success
    }

    /// Reads the cards of one input as a stream, in the format given or detected, and hands
    /// each to `body`; vCard input with an `encoder` is instead written to the terminal, encoded
    /// on the threads that parse it. vCard problems go to `diagnostics` as they are found; a
    /// jCard, xCard or CSV problem goes to `formatError`, and ends the input unless it was in
    /// one card only; CSV's one encoding warning goes to `warning`. Cards of jCard, xCard and
    /// CSV are 4.0: for a vCard target their dates take its form here (``forTarget(_:)``).
    private func read(
        _ input: Input, _ terminal: Terminal, encoder: VCardWriter? = nil,
        warning: (FormatError) -> Void = { _ in },
        diagnostics: (Diagnostic) -> Void, formatError: (FormatError, CardFormat) -> Void,
        _ body: (VCard) -> Void
    ) throws {
        let opened = try input.openStream()
        defer { input.closeStream(opened) }
        let fd = opened.fileDescriptor
        let format = source ?? CardFormat.detect(opened.prefix)
        do {
            switch format {
            case .vcard:
                let reader = VCardReader(fileDescriptor: fd, prefix: opened.prefix)
                if let encoder {
                    try input.forEachCard(
                        of: reader, diagnostics: diagnostics,
                        transform: { card in
                            var bytes: [UInt8] = []
                            var notices: [Diagnostic] = []
                            encoder.write(card, to: &bytes, notices: &notices)
                            return (bytes, notices)
                        }
                    ) { written, _ in
                        for notice in written.1 { terminal.report(notice, in: input.name) }
                        terminal.write(written.0)
                    }
                } else {
                    try input.forEachCard(of: reader, diagnostics: diagnostics, transform: { $0 }) { card, _ in body(card) }
                }
            case .jcard, .xcard, .csv:
                // --layout and --fields describe the output when it is CSV, else the CSV input.
                let layout = target == .format(.csv) ? nil : csvLayout
                var reader = format.reader(
                    ByteStream(fileDescriptor: fd, prefix: opened.prefix), csvLayout: layout,
                    csvEncoding: csvEncoding)!
                eachCard(&reader, format, formatError, warning, body)
            }
        } catch let error as FormatError {
            formatError(error, format)
        } catch is InputStopped {
            // A limit stopped the input: the cards before it are converted, the error was reported.
        }
    }

    /// Hands each card of a jCard, xCard or CSV reader to `body`, each error to `formatError`
    /// and CSV's one encoding warning to `warning`: after an error in one card the reader goes
    /// on with the next, and returns `nil` once the input cannot be read on.
    private func eachCard(
        _ reader: inout any CardReader, _ format: CardFormat,
        _ formatError: (FormatError, CardFormat) -> Void, _ warning: (FormatError) -> Void,
        _ body: (VCard) -> Void
    ) {
        while true {
            do {
                let card = try reader.next()
                if let w = reader.takeEncodingWarning() { warning(w) }
                guard let card else { return }
                body(card)
            } catch {
                formatError(error, format)
            }
        }
    }
}
