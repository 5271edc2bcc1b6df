import ContactsModel
import VCardParser

/// `vcardtool validate`: every problem, as `FILE:LINE:COLUMN: severity: message [code]`.
struct Validate: Subcommand {
    static let name = "validate"
    static let abstract = "Check cards and report every problem with its file and line."
    static let usage = "[--strict] [--summary] [<file-or-folder> ...]"
    static let discussion = """
        Prints each problem as FILE:LINE:COLUMN: error|warning: message [code]. Checks the
        structure (BEGIN/END, VERSION, FN where required), parameters, escapes, UTF-8, encodings
        and charsets, dates (BDAY, ANNIVERSARY, REV) and UIDs used by more than one card.
        Exit status: 1 if there are errors (or warnings, with --strict), else 0; 2 on unreadable input.
        """
    static let options = [
        ("--strict", "Treat warnings as errors for the exit status."),
        ("--summary", "Also print one line per file: cards, warnings, errors."),
    ]
    static let examples = [
        ("vcardtool validate contacts.vcf", "List the problems of a file."),
        ("vcardtool validate --strict export/ && echo clean", "Fail on any warning in a folder."),
    ]

    var strict: Bool
    var summary: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        strict = arguments.flag("strict")
        summary = arguments.flag("summary")
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var errors = 0, warnings = 0
        var uids: [String: (file: String, line: Int)] = [:]
        for input in try Input.expand(files, terminal) {
            var cards = 0, fileErrors = 0, fileWarnings = 0
            func report(_ d: Diagnostic) {
                if d.severity == .error { fileErrors += 1 } else { fileWarnings += 1 }
                terminal.print(TerminalText.escaped(d.formatted(file: input.name)))
            }
            do {
                try input.forEachCard(diagnostics: report) { card, _ in
                    cards += 1
                    for d in DateCheck.problems(in: card) { report(d) }
                    if let uid = card.uid, !uid.isEmpty {
                        if let first = uids[uid] {
                            report(Diagnostic(.error, .duplicateUID, at: SourcePosition(line: card.first("UID")?.line ?? card.line),
                                              "UID \(uid) is also used by the card at \(first.file):\(first.line)"))
                        } else {
                            uids[uid] = (input.name, card.line)
                        }
                    }
                }
            } catch is InputStopped {}
            if summary {
                terminal.print("\(TerminalText.escaped(input.name)): \(cards) cards, \(fileWarnings) warnings, \(fileErrors) errors")
            }
            errors += fileErrors
            warnings += fileWarnings
        }
        return errors > 0 || (strict && warnings > 0) ? .failure : .success
    }
}

/// Checks the values of date properties.
enum DateCheck {
    static func problems(in card: VCard) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for p in card.properties where p.hasName("BDAY") || p.hasName("ANNIVERSARY") || p.hasName("REV") || p.hasName("DEATHDATE") {
            if let type = p.parameter("VALUE")?.values.first?.lowercased(), type == "text" { continue }
            if !isDateOrDateTime(p.value) {
                result.append(Diagnostic(.warning, .badDate, at: SourcePosition(line: p.line),
                                         "\(p.name) value '\(p.value)' is not a date or date-time"))
            }
        }
        return result
    }

    /// ISO 8601 basic or extended dates, 4.0 truncated forms (`--0415`, `---15`), with an optional time.
    static func isDateOrDateTime(_ value: String) -> Bool {
        let v = value.trimmingSpaces()
        guard !v.isEmpty else { return false }
        let parts = v.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let date = parts[0]
        if !date.isEmpty {
            let digits = date.filter { $0 != "-" }
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), [2, 4, 6, 8].contains(digits.count) || date.hasPrefix("---") else { return false }
            if digits.count == 8 || (digits.count == 4 && date.hasPrefix("--")) {
                let md = digits.suffix(4)
                guard let m = Int(md.prefix(2)), let d = Int(md.suffix(2)), (1...12).contains(m), (1...31).contains(d) else { return false }
            }
        }
        guard parts.count == 2 else { return !date.isEmpty }
        let time = parts[1]
        return !time.isEmpty && time.allSatisfy { $0.isASCII && ($0.isNumber || ":+-Z.z".contains($0)) }
    }
}
