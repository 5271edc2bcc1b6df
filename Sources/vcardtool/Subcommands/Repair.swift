import ContactsModel
import VCardParser

/// `vcardtool repair`: the cards with what can be fixed without guessing fixed, each repair
/// named on standard error, and the cards that still have errors set aside.
struct Repair: Subcommand {
    static let name = "repair"
    static let abstract = "Fix what validate finds that can be fixed without guessing; set aside the rest."
    static let usage = "[--for <target>] [--rejects <file>] [--in-place | --into <folder> [--split-every <n>] [--split-size <bytes>]] [<file> ...]"
    static let discussion = """
        Writes the cards with these repairs, each printed on standard error as
        FILE:LINE: repaired: NAME, ... for the card at LINE; every other line is written as read:
          converted-2.1             with --for nextcloud or icloud, a 2.1 card as 3.0 (every
                                    line; as 'vcardtool cat --to 3.0' writes it)
          derived-fn                FN from N, ORG, NICKNAME or EMAIL (RFC 6350 §6.2.1)
          derived-n                 N from FN, in 2.1 and 3.0 (RFC 2426 §3.1.2)
          dropped-duplicate-prodid  PRODID after the first (RFC 6350 §6.7.3)
          base64-to-b               3.0 ENCODING=BASE64 as ENCODING=b (RFC 2426 §3.1.4)
          dropped-empty-parameter   an empty parameter, TEL;;TYPE=x or NOTE;:x (RFC 6350 §3.3)
          added-uid                 with --for nextcloud, a UID derived from the card's bytes
                                    (CardDAV requires one: sabre-io/vobject#176)
          stripped-bom              with --for nextcloud or icloud, the UTF-8 byte-order mark
          split-oversized-photo     with --for icloud and --photos FOLDER, a PHOTO over iCloud's
                                    224 KB leaves the card for FOLDER/UID.jpg (or FN, .png…),
                                    so the contact imports and the photo is kept
        A card that still has an error for the target (as 'vcardtool validate --for TARGET'
        reports it: a line without ':', a second FN, vCard 2.1 for nextcloud or icloud…), or
        whose UID a card kept before has, is left out and printed on standard error as
        FILE:LINE: rejected: message [code]; with --rejects FILE, it is written there byte for
        byte. A second run changes nothing.
        With --split-every N or --split-size BYTES (or both), the output goes to numbered files
        in --into FOLDER (created if missing), named after the first input: export.vcf gives
        export-001.vcf, export-002.vcf… (cards-001.vcf from standard input), each with at most
        N cards and at most BYTES bytes, for a target that limits an import. A card is never
        cut: a card bigger than BYTES is written alone to its file, with a warning. Joined
        ('cat FOLDER/export-*.vcf'), the files are the output without the options, byte for
        byte. Each file is written in full and then linked under its name; an existing file is
        never replaced (one that already holds the same bytes is left alone).
        Exit status: 0 when every card was kept, 1 when a card was rejected, 2 on trouble.
        """
    static let options = [
        ("--for <target>", "rfc, nextcloud, icloud, google or outlook (see 'vcardtool help validate')."),
        ("--rejects <file>", "Write the cards that cannot be repaired to FILE, byte for byte."),
        ("--in-place", "Rewrite each file (a regular file) atomically instead of printing it."),
        ("--split-every <n>", "Write at most N cards a file (needs --into)."),
        ("--split-size <bytes>", "Write at most BYTES bytes a file; a bigger card goes alone (needs --into)."),
        ("--into <folder>", "The folder for the numbered files of --split-every and --split-size."),
        ("--photos <folder>", "With --for icloud, move a photo over 224 KB out of its card to a file in FOLDER."),
    ]
    static let examples = [
        ("vcardtool repair --for nextcloud --rejects left.vcf export.vcf > import.vcf", "Prepare an import."),
        ("vcardtool repair --in-place contacts/", "Repair a folder of cards in place."),
        ("vcardtool repair --into parts/ --split-size 1000000 export.vcf", "Files of at most 1 MB."),
    ]

    var target: ImportTarget?
    var rejectsPath: String?
    var inPlace: Bool
    /// The limits of each output file, with `--into`; `nil`: one output.
    var parts: (folder: String, name: String, packer: PartPacker)?
    /// Where photos taken out of cards go (`--photos`).
    var photosFolder: String?
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
        photosFolder = try arguments.option("photos")
        let (every, size, folder) = (try arguments.positiveInteger("split-every"), try arguments.positiveInteger("split-size"), try arguments.option("into"))
        files = try arguments.finish()
        if photosFolder != nil && !CardRepair.actions.contains(where: { $0.name == "split-oversized-photo" && $0.runs(for: target) }) {
            throw UsageError("--photos needs a target whose photo limit it works around: --for icloud")
        }
        if inPlace && (files.isEmpty || files.contains("-")) { throw UsageError("--in-place needs files, not standard input") }
        switch (every ?? size, folder) {
        case (nil, nil): break
        case (nil, _?): throw UsageError("--into needs --split-every or --split-size")
        case (_?, nil), (_?, ""?): throw UsageError("--split-every and --split-size need --into <folder>")
        case (_?, let folder?):
            if inPlace { throw UsageError("--in-place rewrites each file; it does not split") }
            parts = (folder, Self.partName(files.first), PartPacker(maxCards: every, maxBytes: size))
        }
    }

    /// What the run has set aside and kept so far, over all inputs.
    private struct Tally {
        /// The rejected cards, byte for byte.
        var rejects: [UInt8] = []
        var rejected = 0
        /// The UIDs of the cards kept: a later card with one of them is rejected (`duplicate-uid`,
        /// as `validate` reports it; a CardDAV server answers no-uid-conflict, RFC 6352 §6.3.2.1).
        var uids: Set<String> = []
        /// The folder of `--photos`.
        var photos: PhotoFolder?
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        var tally = Tally()
        tally.photos = try photosFolder.map(PhotoFolder.init)
        var packer = parts?.packer
        for input in try Input.expand(files, terminal) {
            guard inPlace else {
                let cards = try repair(input, terminal, &tally).cards
                if packer == nil { terminal.write(Array(cards.map(\.bytes).joined())) }
                for card in cards {
                    guard let line = card.line else { packer?.append(card.bytes); continue }
                    if packer?.add(card.bytes) == false, let parts, let number = packer?.parts.count {
                        terminal.message("\(input.name):\(line): warning: card of \(card.bytes.count) bytes is over --split-size; written alone to \(Self.partFile(parts.name, number))")
                    }
                }
                continue
            }
            guard input.isRegularFile, let path = input.path else { throw ToolError("\(input.name): not a regular file; --in-place rewrites regular files") }
            do {
                let before = tally
                try FileRewrite.rewrite(path) { source, output in
                    guard let source else { throw ToolError("\(input.name): no longer exists") }
                    tally = before  // a file that changed meanwhile is read again
                    var current = input
                    current.descriptor = source
                    let (cards, changed) = try repair(current, terminal, &tally)
                    try output.write(Array(cards.map(\.bytes).joined()))
                    return changed
                }
            } catch let error as FileWriteError {
                throw ToolError(error.description)
            }
        }
        if let rejectsPath {
            do { try FileRewrite.replace(rejectsPath, with: tally.rejects) } catch { throw ToolError(error.description) }
        }
        if let parts, let packer { try Self.write(packer.parts, into: parts.folder, named: parts.name, terminal) }
        return tally.rejected > 0 ? .failure : .success
    }

    /// One card of the output, encoded as the input was, with the text around it that goes
    /// with it (the byte-order mark before the first, the text after the last).
    struct RepairedCard {
        var bytes: [UInt8]
        /// The line the card begins on in its input; `nil` for text from an input with no card kept.
        var line: Int?
    }

    /// The cards of `input` repaired, and whether they differ from the input. A card is rejected
    /// for an error that the parser, the validator or the target finds (the parser's findings on
    /// a card arrive before the card), or for a UID a card kept before has.
    private func repair(_ input: Input, _ terminal: Terminal, _ tally: inout Tally) throws -> (cards: [RepairedCard], changed: Bool) {
        let writer = VCardWriter()
        var out: [UInt8] = []
        var ends: [(offset: Int, line: Int)] = []  // where each card kept ends in `out`
        var changed = false
        var index = 0
        let reader: VCardReader
        do {
            var parsed: [Diagnostic] = []  // the parser's findings on the card being read
            reader = try input.forEachCard(diagnostics: { d in
                if d.severity == .error { terminal.report(d, in: input.name) }
                parsed.append(d)
            }) { card, _ in
                defer { parsed = [] }
                index += 1
                var setAside = CardRepair.SetAside(keepsPhotos: tally.photos != nil)
                let (fixed, actions) = CardRepair.repair(card, for: target, setAside: &setAside)
                var problems = parsed + CardValidator.problems(in: fixed) + (target?.problems(in: fixed, index: index, repairing: true) ?? [])
                let uid = fixed.uid.flatMap { $0.isEmpty ? nil : $0 }
                if let uid, tally.uids.contains(uid) {
                    problems.append(Diagnostic(.error, .duplicateUID, at: SourcePosition(line: fixed.first("UID")?.line ?? card.line), "UID \(uid) is also used by a card before"))
                }
                if let error = problems.map({ target?.judged($0) ?? $0 }).first(where: { $0.severity == .error }) {
                    terminal.message("\(input.name):\(card.line): rejected: \(error.message) [\(error.code)]")
                    tally.rejects += card.bytesAsRead
                    tally.rejected += 1
                    changed = true
                    return
                }
                if let uid { tally.uids.insert(uid) }
                if !actions.isEmpty {
                    terminal.message("\(input.name):\(card.line): repaired: \(actions.joined(separator: ", "))")
                    changed = true
                }
                for photo in setAside.photos {
                    let file = try tally.photos!.store(photo.bytes, fileExtension: photo.fileExtension, of: fixed)
                    terminal.message("\(input.name):\(card.line): photo of \(photo.bytes.count) bytes written to \(file)")
                }
                writer.write(fixed, to: &out)
                ends.append((out.count, card.line))
            }
        } catch is InputStopped {
            throw ToolError("\(input.name): not repaired because reading stopped at an error")
        }
        out += reader.trailingBytes
        let stripsBOM = target?.repairs(with: "stripped-bom") == true
        var shift = 0
        if stripsBOM, out.starts(with: [0xEF, 0xBB, 0xBF]) {
            out.removeFirst(3)
            shift = 3
            terminal.message("\(input.name):1: repaired: stripped-bom")
            changed = true
        }
        // Each card from the end of the one before; the last one takes the text after it.
        var cards: [RepairedCard] = []
        var start = 0
        for (index, card) in ends.enumerated() {
            let end = index == ends.count - 1 ? out.count : card.offset - shift
            cards.append(RepairedCard(bytes: reader.inputEncoding.encode(Array(out[start..<end]), withByteOrderMark: start == 0 && !stripsBOM), line: card.line))
            start = end
        }
        if ends.isEmpty { cards.append(RepairedCard(bytes: reader.inputEncoding.encode(out, withByteOrderMark: !stripsBOM), line: nil)) }
        return (cards, changed)
    }
}
