import VCardFormats
import VCardParser

/// `vcardtool convert`: vCard 2.1, 3.0 and 4.0, jCard and xCard, from any to any.
struct Convert: Subcommand {
    static let name = "convert"
    static let abstract = "Convert cards between vCard 2.1, 3.0, 4.0, jCard and xCard."
    static let usage = "--to <format> [--from <format>] [<file-or-folder> ...]"
    static let discussion = """
        The input format is detected from the first byte that is not white space: '[' is jCard
        (RFC 7095), '<' is xCard (RFC 6351), anything else vCard of any version; --from overrides
        the guess. jCard and xCard are vCard 4.0, so other versions go through 4.0 on the way, by
        the version-conversion rules listed in the README. Output goes to standard output; for
        jCard and xCard the cards of all inputs form one document. Problems are reported on
        standard error as FILE:LINE:COLUMN: error: message [code]; exit status 1 if an input had
        errors (its readable cards are still converted), 2 if one could not be read.
        """
    static let options = [
        ("--to <format>", "2.1, 3.0 or 4.0 (vCard; 'vcard' is 4.0), jcard or xcard."),
        ("--from <format>", "vcard, jcard or xcard (default: detected from each input)."),
    ]
    static let examples = [
        ("vcardtool convert --to 4.0 old.vcf > new.vcf", "Convert vCard 2.1 or 3.0 to 4.0."),
        ("vcardtool convert --to jcard contacts.vcf > contacts.json", "Write jCard."),
        ("vcardtool convert --from jcard --to 3.0 < contacts.json > contacts.vcf", "Read jCard from standard input, write vCard 3.0."),
        ("vcardtool convert --to xcard contacts/ > contacts.xml", "Write a folder of .vcf files as one xCard document."),
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
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        guard let to = try arguments.option("to") else { throw UsageError("Missing '--to <format>'") }
        guard let target = Target(to) else {
            throw UsageError("Unknown format '\(to)'; use 2.1, 3.0, 4.0, jcard or xcard")
        }
        self.target = target
        if let from = try arguments.option("from") {
            guard let format = CardFormat(rawValue: from.lowercased()) else {
                throw UsageError("Unknown input format '\(from)'; use vcard, jcard or xcard")
            }
            source = format
        }
        files = try arguments.finish()
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var sawError = false
        var collected: [VCard] = []
        for input in try Input.expand(files) {
            let bytes = try input.bytes()
            let format = source ?? CardFormat.detect(bytes)
            let cards: [VCard]
            do {
                cards = try read(bytes, format: format, name: input.name) { d in
                    if d.severity == .error {
                        sawError = true
                        terminal.error(d.formatted(file: input.name))
                    }
                }
            } catch let error as FormatError {
                sawError = true
                let position = error.line > 0 ? "\(error.line):\(max(error.column, 1)):" : ""
                terminal.error("\(input.name):\(position) error: \(error.message) [invalid-\(format.rawValue)]")
                continue
            }
            switch target {
            case .vcard(let version):
                terminal.write(VCardWriter(style: .canonical, version: version).encode(cards))
            case .format:
                collected += cards
            }
        }
        if case .format(let format) = target { terminal.write(write(collected, as: format)) }
        return sawError ? .failure : .success
    }

    /// The cards of one input in `format`; vCard problems go to `diagnostics` as they are found.
    private func read(_ bytes: [UInt8], format: CardFormat, name: String, diagnostics: (Diagnostic) -> Void) throws -> [VCard] {
        switch format {
        case .vcard:
            var reader = VCardReader(bytes: bytes)
            var cards: [VCard] = []
            do {
                while let card = try reader.next() {
                    for d in reader.takeWarnings() { diagnostics(d) }
                    cards.append(card)
                }
            } catch let error as ParseError {
                for d in reader.takeWarnings() { diagnostics(d) }
                diagnostics(error.diagnostic)
                throw ToolError("\(name):\(error.position.line): stopped: \(error.diagnostic.message)")
            }
            for d in reader.takeWarnings() { diagnostics(d) }
            return cards
        case .jcard:
            return try JCard.decode(bytes)
        case .xcard:
            return try XCard.decode(bytes)
        }
    }

    private func write(_ cards: [VCard], as format: CardFormat) -> [UInt8] {
        switch format {
        case .vcard: return VCardWriter(style: .canonical, version: .v4).encode(cards)
        case .jcard: return JCard.encode(cards)
        case .xcard: return XCard.encode(cards)
        }
    }
}
