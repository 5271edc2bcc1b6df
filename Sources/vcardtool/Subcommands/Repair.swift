import ContactsModel
import VCardParser

/// `vcardtool repair`: the cards with what can be fixed without guessing fixed, each repair
/// named on standard error, and the cards that still have errors set aside.
struct Repair: Subcommand {
    static let name = "repair"
    static let abstract = "Fix what validate finds that can be fixed without guessing; set aside the rest."
    static let usage = "[--for <target>] [--rejects <file>] [--in-place] [<file> ...]"
    static let discussion = """
        Writes the cards with these repairs, each printed on standard error as
        FILE:LINE: repaired: NAME, ... for the card at LINE; every other line is written as read:
          derived-fn                FN from N, ORG, NICKNAME or EMAIL (RFC 6350 §6.2.1)
          derived-n                 N from FN, in 2.1 and 3.0 (RFC 2426 §3.1.2)
          dropped-duplicate-prodid  PRODID after the first (RFC 6350 §6.7.3)
          base64-to-b               3.0 ENCODING=BASE64 as ENCODING=b (RFC 2426 §3.1.4)
          added-uid                 with --for nextcloud, a UID derived from the card's bytes
                                    (CardDAV requires one: sabre-io/vobject#176)
          stripped-bom              with --for icloud, the UTF-8 byte-order mark at the start
        A card that still has an error for the target (as 'vcardtool validate --for TARGET'
        reports it: a second FN, vCard 2.1 for nextcloud or icloud…) is left out and printed
        on standard error as FILE:LINE: rejected: message [code]; with --rejects FILE, it is
        written there byte for byte. A second run changes nothing.
        Exit status: 0 when every card was kept, 1 when a card was rejected, 2 on trouble.
        """
    static let options = [
        ("--for <target>", "rfc, nextcloud, icloud, google or outlook (see 'vcardtool help validate')."),
        ("--rejects <file>", "Write the cards that cannot be repaired to FILE, byte for byte."),
        ("--in-place", "Rewrite each file (a regular file) atomically instead of printing it."),
    ]
    static let examples = [
        ("vcardtool repair --for nextcloud --rejects left.vcf export.vcf > import.vcf", "Prepare an import."),
        ("vcardtool repair --in-place contacts/", "Repair a folder of cards in place."),
    ]

    var target: ImportTarget?
    var rejectsPath: String?
    var inPlace: Bool
    var files: [String]

    init(parsing arguments: inout Arguments) throws(UsageError) {
        if let name = try arguments.option("for") {
            guard let target = ImportTarget.named(name) else {
                throw UsageError("Unknown target '\(name)'; use \(ImportTarget.all.map(\.name).joined(separator: ", "))")
            }
            self.target = target
        }
        rejectsPath = try arguments.option("rejects")
        inPlace = arguments.flag("in-place")
        files = try arguments.finish()
        if inPlace && (files.isEmpty || files.contains("-")) { throw UsageError("--in-place needs files, not standard input") }
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var rejects: [UInt8] = []
        var rejected = 0
        for input in try Input.expand(files, terminal) {
            guard inPlace else {
                terminal.write(try repair(input, terminal, &rejects, &rejected).bytes)
                continue
            }
            guard input.isRegularFile, let path = input.path else { throw ToolError("\(input.name): not a regular file; --in-place rewrites regular files") }
            do {
                let (before, count) = (rejects, rejected)
                try FileRewrite.rewrite(path) { source, output in
                    guard let source else { throw ToolError("\(input.name): no longer exists") }
                    (rejects, rejected) = (before, count)  // a file that changed meanwhile is read again
                    var current = input
                    current.descriptor = source
                    let (bytes, changed) = try repair(current, terminal, &rejects, &rejected)
                    try output.write(bytes)
                    return changed
                }
            } catch let error as FileWriteError {
                throw ToolError(error.description)
            }
        }
        if let rejectsPath {
            do { try FileRewrite.replace(rejectsPath, with: rejects) } catch { throw ToolError(error.description) }
        }
        return rejected > 0 ? .failure : .success
    }

    /// The bytes of `input` repaired, and whether they differ from the input.
    private func repair(_ input: Input, _ terminal: Terminal, _ rejects: inout [UInt8], _ rejected: inout Int) throws -> (bytes: [UInt8], changed: Bool) {
        let writer = VCardWriter()
        var out: [UInt8] = []
        var changed = false
        var index = 0
        let reader: VCardReader
        do {
            reader = try input.forEachCard(diagnostics: { d in
                if d.severity == .error { terminal.report(d, in: input.name) }
            }) { card, _ in
                index += 1
                let (fixed, actions) = CardRepair.repair(card, for: target)
                let problems = (CardValidator.problems(in: fixed) + (target?.problems(in: fixed, index: index, repairing: true) ?? []))
                    .map { target?.judged($0) ?? $0 }
                if let error = problems.first(where: { $0.severity == .error }) {
                    terminal.message("\(input.name):\(card.line): rejected: \(error.message) [\(error.code)]")
                    rejects += card.bytesAsRead
                    rejected += 1
                    changed = true
                    return
                }
                if !actions.isEmpty {
                    terminal.message("\(input.name):\(card.line): repaired: \(actions.joined(separator: ", "))")
                    changed = true
                }
                writer.write(fixed, to: &out)
            }
        } catch is InputStopped {
            throw ToolError("\(input.name): not repaired because reading stopped at an error")
        }
        out += reader.trailingBytes
        let stripsBOM = target?.repairs(with: "stripped-bom") == true
        if stripsBOM, out.starts(with: [0xEF, 0xBB, 0xBF]) {
            out.removeFirst(3)
            terminal.message("\(input.name):1: repaired: stripped-bom")
            changed = true
        }
        return (reader.inputEncoding.encode(out, withByteOrderMark: !stripsBOM), changed)
    }
}
