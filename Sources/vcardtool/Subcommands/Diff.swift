#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContactsModel
import VCardParser

/// `vcardtool diff`: which cards and properties differ in meaning between two files or folders.
struct Diff: Subcommand {
    static let name = "diff"
    static let abstract = "Compare two files or folders of cards by meaning, not by bytes."
    static let usage = "[--format text|json] [--color auto|always|never] [--region <CC>] <old> <new>"
    static let discussion = """
        Pairs cards by UID; the others with a card equal in meaning, else with the card most
        alike: sharing N, FN, an EMAIL (ignoring case) or a TEL (the same number, as dupes
        compares it) counts 2, ORG 1, and a pair needs 2. Best score first, then in file
        order, one to one; two cards with
        different UIDs never pair. Lists the cards added (+), removed (-) and changed (~); in a
        changed card, the properties added, removed and changed (old → new).
        Differences that mean nothing are ignored: folding and the line ends of the file, the
        order of properties and parameters, the case of names, TYPE=a,b vs TYPE=a;TYPE=b vs
        2.1's ;A;B, a VALUE that names the default type (URL;VALUE=uri in 4.0), escapes and
        transfer encodings that decode to the same value, trailing empty components of N or
        ADR, group names (item1 vs item2) with the same X-ABLabel, and the spelling of dates,
        times and UTC offsets (19061209 = 1906-12-09, -0500 = -05:00, a time in another zone
        for the same instant), and the form of a phone number (+44 20 7946 0001 is
        tel:+44-20-7946-0001 and +44 (0)20 7946 0001; with --region GB, also 020 7946 0001 and
        0044 20 7946 0001). A change you could not see is shown escaped: \\r, \\t, spaces at
        either end as \\x20, no-break and zero-width characters as \\xA0 and \\u200B; inline
        data of one size with a digest of its bytes.
        VERSION, PRODID and REV are properties like the others: a change to them is reported.
        Colours are used when standard output is a terminal, TERM is not dumb and NO_COLOR is
        not set (or --color always|never).
        Exit status: 0 when the cards are the same, 1 when they differ, 2 on errors.

        With git, add to ~/.gitconfig:
          [difftool "vcard"]
              cmd = vcardtool diff \\"$LOCAL\\" \\"$REMOTE\\"
        and run 'git difftool -y -t vcard -- contacts.vcf' (or 'git difftool -y -x "vcardtool diff"').
        """
    static let options = [
        ("--format text|json", "Print a readable list (the default) or one JSON object."),
        ColorChoice.option,
        PhoneRegion.option,
    ]
    static let examples = [
        ("vcardtool diff old.vcf new.vcf", "What changed between two exports."),
        ("vcardtool diff --format json backup/ contacts/", "The same for two folders, as JSON."),
        ("git difftool -y -x 'vcardtool diff' HEAD~1 -- contacts.vcf", "Compare with the previous commit."),
    ]

    var format: OutputFormat
    var color: ColorChoice
    var phoneRegion: String?
    var old: String
    var new: String

    init(parsing arguments: inout Arguments) throws(UsageError) {
        format = try OutputFormat.parse(&arguments)
        color = try ColorChoice.parse(&arguments)
        phoneRegion = try PhoneRegion.parse(&arguments)
        let paths = try arguments.finish()
        guard paths.count == 2 else { throw UsageError("Expected two files or folders, <old> and <new>; got \(paths.count)") }
        (old, new) = (paths[0], paths[1])
    }

    func run(_ terminal: Terminal) throws -> ExitStatus {
        // Each side is read twice: standard input, if named, is copied once to a file.
        var spool: Input?
        defer { if let path = spool?.path { unlink(path) } }
        let oldSide = try Input.rereadable(Input.expand([old], terminal), spool: &spool)
        let newSide = try Input.rereadable(Input.expand([new], terminal), spool: &spool)
        var pairing = DiffPairing()
        let phoneRegion = self.phoneRegion
        let entry: @Sendable (VCard) -> DiffPairing.Entry = { DiffPairing.Entry($0, phoneRegion: phoneRegion) }
        let oldErrors = try Self.forEachCard(oldSide, reportingErrorsTo: terminal, entry) { _, entry in pairing.addOld(entry) }
        let newErrors = try Self.forEachCard(newSide, reportingErrorsTo: terminal, entry) { _, entry in pairing.addNew(entry) }
        pairing.pairEqualCards()
        if pairing.needsKeys {
            _ = try Self.forEachCard(oldSide, reportingErrorsTo: nil, SimilarityKeys.of) { i, keys in pairing.addOld(i, keys: keys) }
            _ = try Self.forEachCard(newSide, reportingErrorsTo: nil, SimilarityKeys.of) { j, keys in pairing.addNew(j, keys: keys) }
        }
        pairing.finish()
        var report = DiffReport(json: format == .json, colored: color.isOn(outputIsTerminal: terminal.outputIsTerminal))
        if format == .json {  // the changed cards come last: a pass for the others first
            try Self.describe(pairing, oldSide, newSide, in: &report, terminal, phoneRegion: phoneRegion, changes: false)
            report.beginChanges(terminal)
            try Self.describe(pairing, oldSide, newSide, in: &report, terminal, phoneRegion: phoneRegion, addedAndRemoved: false)
        } else {
            try Self.describe(pairing, oldSide, newSide, in: &report, terminal, phoneRegion: phoneRegion)
        }
        report.finish(terminal)
        return report.isEmpty && !oldErrors && !newErrors ? .success : .failure
    }

    /// The last pass: the new side again, on the parsing threads, with the cards that have
    /// nothing to describe dropped there, and the old side alongside it, card by card, as far as
    /// the changed cards need. Only old cards of changed pairs that come before their new cards'
    /// turn are kept: none when both sides have their cards in the same order. It describes the
    /// changed pairs, or the added and removed cards, or both.
    private static func describe(
        _ pairing: DiffPairing, _ oldSide: [Input], _ newSide: [Input],
        in report: inout DiffReport, _ terminal: Terminal, phoneRegion: String?,
        changes: Bool = true, addedAndRemoved: Bool = true
    ) throws {
        let changedOld = changes ? Set(pairing.changed.values) : []
        let old = OldCards(inputs: oldSide)
        var early: [Int32: VCard] = [:]
        /// Old card `i`, reading up to it; the removed cards on the way go to the report.
        func oldCard(_ i: Int32) throws -> VCard? {
            if let card = early.removeValue(forKey: i) { return card }
            while let (n, card) = try old.next() {
                if addedAndRemoved && pairing.isRemoved(n) { report.removed(DiffReport.Card(card)) }
                if n == i { return card }
                if changedOld.contains(Int32(n)) { early[Int32(n)] = card }
            }
            return nil
        }
        if changes && !pairing.changed.isEmpty || addedAndRemoved && !pairing.added.isEmpty {
            _ = try forEachCard(newSide, reportingErrorsTo: nil, keeping(pairing.describedNewUIDs)) { j, card in
                guard let card else { return }
                if addedAndRemoved && pairing.added.contains(Int32(j)) { report.added(DiffReport.Card(card)) }
                guard changes, let i = pairing.changed[Int32(j)], let old = try oldCard(i) else { return }
                report.changed(DiffReport.Card(card), PropertyChange.changes(from: old, to: card, phoneRegion: phoneRegion), to: terminal)
            }
        }
        if addedAndRemoved && pairing.removedCount > 0 { _ = try oldCard(-1) }  // the removed cards after the last change
    }

    /// The old side's cards in order with their numbers, read one at a time on this thread.
    /// Problems were reported in the first pass: here a limit just ends that input. A class, so
    /// the file it has open is closed when the pass stops early.
    private final class OldCards {
        let inputs: [Input]
        private var nextInput = 0
        private var reader: VCardReader?
        private var descriptor: Int32?
        private var number = 0

        init(inputs: [Input]) { self.inputs = inputs }

        deinit { endInput() }

        func next() throws -> (Int, VCard)? {
            while true {
                if reader == nil {
                    guard nextInput < inputs.count else { return nil }
                    (reader, descriptor) = try inputs[nextInput].makeReader(options: ParseOptions())
                    nextInput += 1
                }
                let card: VCard?
                do { card = try reader!.next() } catch is ParseError { card = nil }
                _ = reader!.takeWarnings()
                guard let card else {
                    endInput()
                    continue
                }
                number += 1
                return (number - 1, card)
            }
        }

        private func endInput() {
            if let descriptor { close(descriptor) }
            (reader, descriptor) = (nil, nil)
        }
    }

    /// Keeps a card whose UID hash is one of `uids`, or that has no UID.
    private static func keeping(_ uids: Set<UInt64>) -> @Sendable (VCard) -> VCard? {
        { card in
            let uid = DiffPairing.Entry.uidHash(card)
            return uid == 0 || uids.contains(uid) ? card : nil
        }
    }

    /// Each card of one side with its number, made into a `T` on the parsing threads; parse
    /// errors go to `terminal` when it is given (the first pass; the second is silent).
    private static func forEachCard<T>(
        _ inputs: [Input], reportingErrorsTo terminal: Terminal?,
        _ transform: @escaping @Sendable (VCard) -> T, _ body: (Int, T) throws -> Void
    ) throws -> Bool {
        var n = 0
        var hadErrors = false
        for input in inputs {
            do {
                try input.forEachCard(
                    diagnostics: { d in
                        guard d.severity == .error else { return }
                        hadErrors = true
                        terminal?.report(d, in: input.name)
                    }, transform: transform
                ) { value, _ in
                    try body(n, value)
                    n += 1
                }
            } catch is InputStopped {}  // the cards before the limit count; the error was reported
        }
        return hadErrors
    }
}
