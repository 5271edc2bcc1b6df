import VCardParser

/// A place users import cards into (`validate --for`), and what it rejects beyond the RFCs.
///
/// A target turns into errors the warnings it is known to reject (Nextcloud answers 415 to a
/// second FN), and adds rules of its own, each with the public source that shows it.
///
/// ```swift
/// let nextcloud = ImportTarget.named("nextcloud")!
/// nextcloud.rejects(.repeatedProperty)   // true
/// ```
struct ImportTarget: Sendable {
    /// A rule of the target: what it rejects and where that is documented.
    struct Rule: Sendable {
        /// What the target rejects, for people ("vCard 2.1").
        var summary: String
        /// The public source: an RFC, an issue, the target's documentation.
        var source: String
        /// The finding about `card` (its 1-based `index` in its file), or `nil`.
        var check: @Sendable (_ card: VCard, _ index: Int) -> Diagnostic?
        /// The `vcardtool repair` action that fixes what the rule finds in the file's bytes
        /// rather than in a card (`stripped-bom`), if any.
        var repairedBy: String? = nil
    }

    /// `rfc`, `nextcloud`…
    var name: String
    /// The warnings the target rejects, with their sources.
    var rejected: [(code: DiagnosticCode, source: String)]
    /// The target's own rules.
    var rules: [Rule]

    /// Whether a finding with `code` stops the import.
    func rejects(_ code: DiagnosticCode) -> Bool { rejected.contains { $0.code == code } }

    /// `finding` as the target judges it: an error when the target rejects its code.
    func judged(_ finding: Diagnostic) -> Diagnostic {
        var judged = finding
        if rejects(finding.code) { judged.severity = .error }
        return judged
    }

    /// The findings of the target's own rules on `card`, as errors; with `repairing`, not those
    /// of the rules that a repair of the file's bytes fixes.
    func problems(in card: VCard, index: Int, repairing: Bool = false) -> [Diagnostic] {
        rules.compactMap { rule in repairing && rule.repairedBy != nil ? nil : rule.check(card, index) }
    }

    /// Whether `repair` runs the action called `name` for this target.
    func repairs(with name: String) -> Bool { rules.contains { $0.repairedBy == name } }

    /// The target called `name`, or `nil`.
    static func named(_ name: String) -> ImportTarget? { all.first { $0.name == name } }

    /// `--help` text: each target, then one line per source: what it rejects — the source.
    static var help: String {
        all.map { target in
            var lines: [(what: String, source: String)] = []
            for (code, source) in target.rejected {
                if let last = lines.indices.last, lines[last].source == source {
                    lines[last].what += ", \(code)"
                } else {
                    lines.append(("\(code)", source))
                }
            }
            lines += target.rules.map { ($0.summary, $0.source) }
            return "  \(target.name):\n" + lines.map { "    \($0.what) — \($0.source)" }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static let all: [ImportTarget] = [rfc, nextcloud, icloud, google, outlook]

    /// Every MUST of the RFCs that the default (lenient) run reports as a warning.
    static let rfc = ImportTarget(
        name: "rfc",
        rejected: [
            DiagnosticCode.repeatedProperty, .missingProperty, .missingFN, .missingVersion, .impossibleDate, .badDate,
            .badValue, .badURI, .badBase64, .badParameterValue, .badEscape, .invalidUTF8, .missingEnd,
        ]
        .map { ($0, "RFC 6350 §3.3, §4, §5, §6; RFC 2426 §3") },
        rules: [])

    /// Nextcloud validates every card with sabre/vobject and answers 415 to the first problem.
    static let nextcloud = ImportTarget(
        name: "nextcloud",
        rejected: [
            (.repeatedProperty, "sabre/vobject validate: nextcloud/contacts#206 (FN), #129 (PRODID)"),
            (.missingFN, "nextcloud/contacts#3980"),
            (.invalidName, "nextcloud/server#6711, #8827: sabre's 'Invalid Mimedir file … did not follow iCalendar/vCard conventions'"),
            (.missingEnd, "sabre/vobject: 'Document ended prematurely' (scripts/sabre-vs-vcardtool.sh); Radicale: 'never closed'"),
            (.commentLine, "Radicale: 'Failed to parse line: # …' (scripts/radicale-upload.sh); a vCard has no comment lines (RFC 6350 §3.3)"),
            (.badBase64, "Radicale (vobject): 'decoding with base64 codec failed' (scripts/radicale-upload.sh)"),
        ],
        rules: [
            Rule(
                summary: "no UID", source: "sabre-io/vobject#176: 'UID is not required for vCards, but for CardDAV it is'; sabre-io/dav#343",
                check: { card, _ in
                    card.properties.contains { $0.hasName("UID") }
                        ? nil
                        : Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: card.line), "nextcloud (CardDAV) requires a UID")
                }),
            Rule(
                summary: "vCard 2.1", source: "nextcloud/contacts#990, #1663: 'CardDAV servers are not allowed to accept vCard 2.1'",
                check: { card, _ in version21(card, "nextcloud") }),
            Rule(
                summary: "ENCODING=BASE64 in 3.0 (sabre wants b)", source: "nextcloud/server#3366, sabre-io/vobject#415",
                check: { card, _ in parameter(in: card, "ENCODING", "base64", only: .v3, "nextcloud (sabre) rejects ENCODING=BASE64 in vCard 3.0; 3.0 writes ENCODING=b") }),
            Rule(
                summary: "ENCODING=QUOTED-PRINTABLE", source: "nextcloud/android#7120",
                check: { card, _ in parameter(in: card, "ENCODING", "quoted-printable", only: nil, "nextcloud (sabre) rejects ENCODING=QUOTED-PRINTABLE") }),
            Rule(
                summary: "a '\"' inside an unquoted parameter value", source: "RFC 6350 §3.3 (QSAFE-CHAR); Radicale refuses the line (scripts/radicale-upload.sh)",
                check: { card, _ in
                    card.properties.first { RawParameters($0)?.hasStrayQuote == true }.map {
                        Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: $0.line), "nextcloud (CardDAV) cannot read a '\"' inside a parameter value that is not quoted")
                    }
                }),
            byteOrderMark("nextcloud", source: "sabre/vobject reads the mark as part of a line that does not follow the vCard format (scripts/radicale-upload.sh)"),
        ])

    /// iCloud imports vCard 3.0 and rejects a whole file for one card it does not take.
    static let icloud = ImportTarget(
        name: "icloud",
        rejected: [
            (.missingFN, "filefix.org/vcard-error-icloud-invalid-contact-data.html"),
            (.missingProperty, "sabre-io/vobject#503: iCloud rejects a 3.0 card without N"),
        ],
        rules: [
            Rule(
                summary: "vCard 2.1", source: "filefix.org/vcard-error-icloud-invalid-contact-data.html: iCloud only accepts 3.0 or later",
                check: { card, _ in version21(card, "icloud") }),
            Rule(
                summary: "quoted-printable", source: "filefix.org/vcard-error-icloud-invalid-contact-data.html",
                check: { card, _ in parameter(in: card, "ENCODING", "quoted-printable", only: nil, "icloud rejects ENCODING=QUOTED-PRINTABLE") }),
            byteOrderMark("icloud", source: "correctvcf.com/help/vcf-common-import-errors (iCloud UTF-8 BOM)"),
            Rule(
                summary: "a PHOTO over 224 KB", source: "filefix.org/vcard-error-icloud-invalid-contact-data.html: iCloud's 224 KB photo limit",
                check: { card, _ in
                    guard let photo = card.properties.first(where: isOversizedPhoto) else { return nil }
                    return Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: photo.line), "icloud rejects a PHOTO over 224 KB; repair --photos FOLDER moves it to a file")
                }),
        ])

    /// Google Contacts keeps at most 25,000 contacts.
    static let google = ImportTarget(
        name: "google",
        rejected: [],
        rules: [
            Rule(
                summary: "more than 25,000 cards", source: "contactsplus.com/blog/7-tips-tricks-google-contacts: a limit of 25,000 contacts",
                check: { card, index in
                    index == 25_001 ? Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: card.line), "google keeps at most 25,000 contacts; this is card 25,001") : nil
                })
        ])

    /// Outlook opens one card per .vcf file.
    static let outlook = ImportTarget(
        name: "outlook",
        rejected: [],
        rules: [
            Rule(
                summary: "more than one card in a file", source: "sperrysoftware.com/Email-Tools/vcard-limitations: Outlook reads one contact per vCard file",
                check: { card, index in
                    index == 2 ? Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: card.line), "outlook reads only the first card of a file; split it (vcardtool split)") : nil
                })
        ])

    /// iCloud's photo limit, in decoded bytes.
    static let photoLimit = 224 * 1024

    /// Whether `property` is a PHOTO whose data is over ``photoLimit`` (estimated from its
    /// length first, so that small photos are not decoded).
    static func isOversizedPhoto(_ property: Property) -> Bool {
        guard property.hasName("PHOTO"), (property.raw?.count ?? property.value.utf8.count) * 3 / 4 > photoLimit else { return false }
        return (property.binaryData?.count ?? 0) > photoLimit
    }

    /// The rule against a UTF-8 byte-order mark at the start of a file, which `repair` strips.
    private static func byteOrderMark(_ target: String, source: String) -> Rule {
        Rule(
            summary: "a UTF-8 byte-order mark", source: source,
            check: { card, index in
                // The mark stays with the bytes of the first card: before BEGIN:VCARD or in its line.
                index == 1 && (card.rawPrefix + (card.rawBegin ?? [])).starts(with: [0xEF, 0xBB, 0xBF])
                    ? Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: 1), "\(target) rejects a file that starts with a UTF-8 byte-order mark") : nil
            }, repairedBy: "stripped-bom")
    }

    private static func version21(_ card: VCard, _ target: String) -> Diagnostic? {
        card.version == .v2_1
            ? Diagnostic(
                .error, .rejectedByTarget, at: SourcePosition(line: card.first("VERSION")?.line ?? card.line),
                "\(target) rejects vCard 2.1; convert it (vcardtool cat --to 3.0)") : nil
    }

    /// The first property of `card` with a `name` parameter of `value` (a 2.1 bare value too: it is
    /// read under the name it stands for), in `version` or any.
    private static func parameter(in card: VCard, _ name: String, _ value: String, only version: VCardVersion?, _ message: String) -> Diagnostic? {
        guard version == nil || card.version == version else { return nil }
        let found = card.properties.first { p in
            p.parameters.contains { $0.hasName(name) && $0.values.contains { $0.lowercased() == value } }
        }
        return found.map { Diagnostic(.error, .rejectedByTarget, at: SourcePosition(line: $0.line), message) }
    }
}
