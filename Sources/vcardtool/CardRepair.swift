import ContactsModel
import VCardParser

/// The repairs `vcardtool repair` makes: each one named, each fixing one finding of `validate`
/// without guessing, each touching only its own lines (an unchanged property is written from
/// its bytes), and none applying to a card that already has what it adds, so a second run
/// changes nothing.
///
/// ```swift
/// var setAside = CardRepair.SetAside(keepsPhotos: false)
/// let (fixed, actions) = CardRepair.repair(card, for: .nextcloud, setAside: &setAside)   // actions: ["added-uid"]
/// ```
enum CardRepair {
    /// What the actions take out of a card for the command to keep elsewhere: the photos over a
    /// target's limit, when the command has a folder for them (`repair --photos`).
    struct SetAside {
        /// Whether `split-oversized-photo` may take a photo out (`--photos` was given).
        var keepsPhotos: Bool
        /// The decoded photos taken out, with the file name extension of their format.
        var photos: [(bytes: [UInt8], fileExtension: String)] = []
    }

    /// One repair: its name, the targets it runs for (`nil`: every one, and without `--for`),
    /// and the change, which returns whether it changed the card.
    struct Action: Sendable {
        var name: String
        var targets: Set<String>?
        var apply: @Sendable (inout VCard, inout SetAside) -> Bool

        /// Whether the action runs when repairing for `target` (`nil`: no `--for`).
        func runs(for target: ImportTarget?) -> Bool {
            guard let targets else { return true }
            return target.map { targets.contains($0.name) } ?? false
        }
    }

    /// `card` with every action for `target` applied, and the names of those that changed it;
    /// what they took out of the card is added to `setAside`.
    static func repair(_ card: VCard, for target: ImportTarget?, setAside: inout SetAside) -> (VCard, [String]) {
        var repaired = card
        var done: [String] = []
        for action in actions where action.runs(for: target) {
            if action.apply(&repaired, &setAside) { done.append(action.name) }
        }
        return (repaired, done)
    }

    static let actions: [Action] = [
        // nextcloud/contacts#990 ("CardDAV servers are not allowed to accept vCard 2.1"), and
        // iCloud, which imports 3.0 and later: the card converted as `convert --to 3.0` writes it
        // (quoted-printable and charsets decoded, bare types named), so every line may change.
        // First, so that the other actions see the 3.0 card.
        Action(
            name: "converted-2.1", targets: ["nextcloud", "icloud"],
            apply: { card, _ in
                guard card.version == .v2_1 else { return false }
                // The writer converts the transfer encodings and parameters as it writes: the
                // card is written as 3.0 and read back, so what follows sees a 3.0 card.
                let bytes = VCardWriter(style: .canonical, version: .v3).encode([card])
                guard let converted = try? VCardDecoder().decode(bytes).cards.first else { return false }
                card = converted
                return true
            }),
        // RFC 2426 §3.1.1, RFC 6350 §6.2.1: FN is required; derived as a conversion derives it.
        Action(name: "derived-fn", targets: nil, apply: { card, _ in addRequired("FN", to: &card) }),
        // RFC 2426 §3.1.2: N is required in 3.0 (and 2.1).
        Action(name: "derived-n", targets: nil, apply: { card, _ in addRequired("N", to: &card) }),
        // RFC 6350 §6.7.3, RFC 2426 §3.6.3: one PRODID; the first one stays.
        Action(
            name: "dropped-duplicate-prodid", targets: nil,
            apply: { card, _ in
                let indices = card.indices(of: "PRODID").dropFirst()
                for index in indices.reversed() { card.properties.remove(at: index) }
                return !indices.isEmpty
            }),
        // RFC 2426 §3.1.4 (ENCODING=b); nextcloud/server#3366: sabre rejects BASE64 in 3.0.
        Action(
            name: "base64-to-b", targets: nil,
            apply: { card, _ in
                guard card.version == .v3 else { return false }
                var changed = false
                for index in card.properties.indices where card.properties[index].parameters.contains(where: isBase64Encoding) {
                    card.properties[index].parameters = card.properties[index].parameters.map { p in
                        isBase64Encoding(p) ? Parameter(name: p.name, values: ["b"]) : p
                    }
                    changed = true
                }
                return changed
            }),
        // RFC 6350 §3.3, RFC 2426 §4: a parameter is never empty; an empty one (`;;`, `;:`) holds
        // nothing, and sabre/vobject and Radicale refuse the line. The property is written again.
        Action(
            name: "dropped-empty-parameter", targets: nil,
            apply: { card, _ in
                var changed = false
                for index in card.properties.indices where RawParameters(card.properties[index])?.hasEmptyParameter == true {
                    card.properties[index].parameters = card.properties[index].parameters
                    changed = true
                }
                return changed
            }),
        // sabre-io/vobject#176: CardDAV requires a UID; derived from the card's bytes, so the
        // same card always gets the same one.
        Action(
            name: "added-uid", targets: ["nextcloud"],
            apply: { card, _ in
                guard !card.properties.contains(where: { $0.hasName("UID") }) else { return false }
                card = card.addingUID(UUIDString.derived(from: card.bytesAsRead))
                return true
            }),
        // iCloud's 224 KB photo limit (ImportTarget.photoLimit): with --photos, the photo leaves
        // the card for a file of its own, so the contact imports and the photo is kept.
        Action(
            name: "split-oversized-photo", targets: ["icloud"],
            apply: { card, setAside in
                guard setAside.keepsPhotos else { return false }
                let oversized = card.properties.indices.filter { ImportTarget.isOversizedPhoto(card.properties[$0]) }
                for index in oversized {
                    let bytes = card.properties[index].binaryData ?? []
                    setAside.photos.append((bytes, photoFileExtension(bytes)))
                }
                for index in oversized.reversed() { card.properties.remove(at: index) }
                return !oversized.isEmpty
            }),
    ]

    private static func addRequired(_ name: String, to card: inout VCard) -> Bool {
        guard card.first(name) == nil, PropertyRules.of(name)?.cardinality(in: card.version)?.isRequired == true else { return false }
        var notices: [Diagnostic] = []
        var candidate = card
        candidate.addRequiredProperties(notices: &notices)
        // Only the property asked for: the other required one has an action of its own.
        guard let added = candidate.first(name) else { return false }
        let after = name == "FN" ? card.indices(of: "VERSION").first : card.indices(of: "FN").first
        card.properties.insert(added, at: after.map { $0 + 1 } ?? card.properties.count)
        return true
    }

    /// `jpg`, `png`… by the photo's first bytes; `bin` when they say nothing.
    private static func photoFileExtension(_ bytes: [UInt8]) -> String {
        let type = MediaType.sniffed(bytes: Array(bytes.prefix(16)))
        guard type.hasPrefix("image/") else { return "bin" }
        let subtype = type.dropFirst("image/".count)
        return subtype == "jpeg" ? "jpg" : String(subtype)
    }

    private static func isBase64Encoding(_ p: Parameter) -> Bool {
        p.hasName("ENCODING") && p.values.contains { $0.lowercased() == "base64" }
    }
}
