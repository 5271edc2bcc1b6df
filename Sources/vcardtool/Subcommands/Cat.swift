import VCardParser

/// `vcardtool cat`: reads cards and writes them out, losslessly by default.
struct Cat: Subcommand {
    static let name = "cat"
    static let abstract = "Print cards: byte for byte by default, or normalized, or converted."
    static let usage = "[--normalize] [--to <version>] [--phones <form> [--region <CC>]] [--warnings] [<file-folder-or-url> ...]"
    static let discussion = """
        Without options the output is the input, byte for byte, after a full parse: problems are
        reported on standard error (exit status 1 if any is an error), so it doubles as a check in
        a pipe. With --to, a property the target version requires and a card lacks (FN, N) is
        derived from the others and reported on standard error. Several inputs are concatenated. An input that hits a limit (a line longer than
        16 MiB) has its cards before that point printed, then the error; the next input follows.
        A failed write on standard output (a full disk) is reported and exits 2.
        With --phones, each TEL whose number parses as a possible number (with its country code,
        or in the --region) is rewritten in that form and every other byte of the card stays; each
        number left is reported on standard error as a warning [phone-left].
        """
    static let options = [
        ("--normalize", "Rewrite every card canonically (CRLF, folding at 75 octets, upper-case names)."),
        ("--to <version>", "Convert to vCard 2.1, 3.0 or 4.0 (implies --normalize)."),
        ("--phones <form>", "Rewrite TEL numbers as e164 (+442079460001), international (+44 20 7946 0001), national (020 7946 0001; a tel: URI stays global) or keep (only report the numbers that do not parse)."),
        PhoneRegion.option,
        ("--warnings", "Report warnings too, not only errors."),
    ]
    static let examples = [
        ("vcardtool cat contacts.vcf > copy.vcf", "Copy a file through the parser (identical bytes)."),
        ("vcardtool cat --to 4.0 old.vcf > new.vcf", "Convert to vCard 4.0."),
        ("vcardtool cat contacts/ > all.vcf", "Join a folder of one-card files."),
        ("vcardtool cat --phones e164 --region GB old.vcf > new.vcf", "Write every phone number in E.164, 020… read as British."),
    ]

    var writer: VCardWriter
    var showWarnings: Bool
    var phones: PhoneRewrite?
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        let normalize = arguments.flag("normalize")
        var version: VCardVersion?
        if let to = try arguments.option("to") {
            guard let v = VCardVersion(rawValue: to == "4" ? "4.0" : to == "3" ? "3.0" : to) else {
                throw UsageError("Unknown version '\(to)'; use 2.1, 3.0 or 4.0")
            }
            version = v
        }
        showWarnings = arguments.flag("warnings")
        let region = try PhoneRegion.parse(&arguments)
        if let form = try arguments.option("phones") {
            guard let form = PhoneRewrite.Form(rawValue: form) else {
                throw UsageError("Unknown phone form '\(form)'; use e164, international, national or keep")
            }
            phones = PhoneRewrite(form: form, region: region)
        }
        files = try arguments.finish()
        writer = VCardWriter(style: normalize || version != nil ? .canonical : .lossless, version: version)
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var sawError = false
        var endsMidLine = false
        for input in try Input.expand(files, terminal) {
            var out: [UInt8] = []
            if endsMidLine { out = [0x0D, 0x0A] }  // the previous file had no final line end
            var isFirstBlock = true
            var encoding = InputEncoding.utf8
            let writer = self.writer
            let phones = self.phones
            // A card that goes out as it came in is only checked, not made; one normalized in
            // its own version is written as its lines are read.
            let asRead: VCardReader.AsRead<(ArraySlice<UInt8>, [Diagnostic])>? =
                if phones != nil {
                    nil
                } else if writer.copiesWhole {
                    VCardReader.AsRead { card in (card.bytes, []) }
                } else {
                    VCardReader.AsRead(writing: writer) { card in card.written.map { ($0[...], []) } }
                }
            // An input stopped by a limit still gets the cards before it printed.
            var reader: VCardReader?
            do {
                reader = try input.forEachCard(
                    diagnostics: { d in
                        if d.severity == .error { sawError = true }
                        if d.severity == .error || showWarnings { terminal.report(d, in: input.name) }
                    },
                    transform: { card -> (ArraySlice<UInt8>, [Diagnostic]) in
                        // An untouched card is passed on as the bytes it was read from, not copied.
                        if phones == nil, let whole = writer.wholeCopy(of: card) { return (whole, []) }
                        var bytes: [UInt8] = []
                        var notices: [Diagnostic] = []
                        if let phones {
                            var edited = card
                            phones.rewrite(&edited) { notices.append($0) }
                            writer.write(edited, to: &bytes, notices: &notices)
                        } else {
                            writer.write(card, to: &bytes, notices: &notices)  // not copied: a copy counts ten references
                        }
                        return (bytes[...], notices)
                    },
                    asRead: asRead
                ) { written, inputEncoding in
                    let (bytes, notices) = written
                    for notice in notices { terminal.report(notice, in: input.name) }
                    encoding = inputEncoding
                    out.append(contentsOf: bytes)
                    if out.count >= Terminal.blockSize { flush(&out, encoding: outputEncoding(encoding), first: &isFirstBlock, terminal) }
                }
            } catch is InputStopped {}
            if let reader {
                encoding = reader.inputEncoding
                if writer.style == .lossless { out.append(contentsOf: reader.trailingBytes) }
            }
            if let last = out.last { endsMidLine = last != 0x0A && last != 0x0D }
            flush(&out, encoding: outputEncoding(encoding), first: &isFirstBlock, terminal)
        }
        return sawError ? .failure : .success
    }

    /// UTF-16 input is written back as UTF-16 in lossless mode; everything else is UTF-8.
    private func outputEncoding(_ input: InputEncoding) -> InputEncoding {
        writer.style == .lossless ? input : .utf8
    }

    private func flush(_ out: inout [UInt8], encoding: InputEncoding, first: inout Bool, _ terminal: Terminal) {
        terminal.write(encoding.encode(out, withByteOrderMark: first))
        first = false
        out.removeAll(keepingCapacity: true)
    }
}
