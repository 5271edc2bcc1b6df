/// The rules for moving a card between vCard 2.1, 3.0 and 4.0. Each rule works both ways, and
/// whatever the target version cannot say is kept as an `X-` property, never dropped:
///
/// | 2.1 / 3.0 | 4.0 |
/// |---|---|
/// | `TYPE=pref` (2.1 `;PREF`) | `PREF=1` |
/// | `PHOTO;ENCODING=b;TYPE=JPEG:…` (2.1 `ENCODING=BASE64`) | `PHOTO:data:image/jpeg;base64,…` (also LOGO, SOUND, KEY) |
/// | `TEL:+1 555 0100` (a global number) | `TEL;VALUE=uri:tel:+1-555-0100` |
/// | `LABEL;TYPE=work:…` next to `ADR;TYPE=work` | `ADR;TYPE=work;LABEL="…"` |
/// | `X-ANNIVERSARY`, Apple's `X-ABDATE` labeled anniversary | `ANNIVERSARY` |
/// | `X-ABShowAs:COMPANY`, `X-ADDRESSBOOKSERVER-KIND` | `KIND` |
/// | `AGENT` | `RELATED;TYPE=agent` |
/// | `X-GENDER`, `X-RELATED`, `X-LANG`, … (4.0-only names) | `GENDER`, `RELATED`, `LANG`, … |
/// | `NAME`, `MAILER`, `CLASS`, `SORT-STRING` (3.0-only names) | `X-NAME`, `X-MAILER`, … |
///
/// Quoted-printable and `CHARSET` are decoded to UTF-8, 2.1 bare types become `TYPE=` (both done
/// by the writer). A 4.0 card converted to 3.0 and back has the same properties as before.
///
/// ```swift
/// let v3 = card.converted(to: .v3)
/// ```
enum VersionConversion {
    static let onlyIn4: Set<String> = ["GENDER", "KIND", "LANG", "RELATED", "XML", "CLIENTPIDMAP", "MEMBER", "ANNIVERSARY",
                                        "BIRTHPLACE", "DEATHPLACE", "DEATHDATE", "EXPERTISE", "HOBBY", "INTEREST", "ORG-DIRECTORY"]
    static let onlyBefore4: Set<String> = ["NAME", "MAILER", "CLASS", "SORT-STRING", "LABEL", "AGENT"]
    static let inlineBinary: Set<String> = ["PHOTO", "LOGO", "SOUND", "KEY"]

    static func convert(_ card: VCard, to target: VCardVersion) -> VCard {
        guard card.version != target else { return card }
        var properties = card.properties
        if target == .v4 {
            properties = upTo4(properties, from: card.version)
        } else if card.version == .v4 {
            properties = downFrom4(properties, to: target)
        }
        carryNestedCards(&properties, to: target)
        var converted = VCard(parsedVersion: target, properties: properties)
        converted.line = card.line
        return converted
    }

    // MARK: - 2.1 / 3.0 → 4.0

    private static func upTo4(_ input: [Property], from source: VCardVersion) -> [Property] {
        var properties = input
        var labels: [Property] = []
        properties.removeAll { p in
            if p.hasName("LABEL") { labels.append(p); return true }
            return false
        }
        let abLabels = Dictionary(properties.compactMap { p in p.hasName("X-ABLabel") ? p.group.map { ($0.lowercased(), p.text) } : nil },
                                  uniquingKeysWith: { a, _ in a })
        var droppedGroups: Set<String> = []
        for i in properties.indices {
            var p = properties[i]
            let name = ASCII.uppercased(p.name)
            moveTypePrefToPref(&p)
            switch name {
            case _ where inlineBinary.contains(name):
                binaryToDataURI(&p)
            case "TEL":
                if p.parameter("VALUE") == nil, let uri = telURI(p.text) {
                    p.parameters.append(Parameter(name: "VALUE", values: ["uri"]))
                    p.value = uri
                }
            case "X-ANNIVERSARY":
                p.name = "ANNIVERSARY"
            case "X-ABDATE" where p.group.flatMap({ abLabels[$0.lowercased()] }) == "_$!<Anniversary>!$_":
                droppedGroups.insert(p.group!.lowercased())
                p.name = "ANNIVERSARY"
                p.group = nil
            case "X-ABSHOWAS" where ASCII.uppercased(p.text) == "COMPANY":
                p.name = "KIND"
                p.value = "org"
            case "X-ADDRESSBOOKSERVER-KIND":
                p.name = "KIND"
                p.value = ASCII.lowercased(p.value)
            case "AGENT":
                p.name = "RELATED"
                agentToRelated(&p, source: source)
            case _ where onlyBefore4.contains(name):
                p.name = "X-" + p.name
            case _ where name.hasPrefix("X-") && onlyIn4.contains(String(name.dropFirst(2))):
                p.name = String(p.name.dropFirst(2))
            default:
                break
            }
            properties[i] = p
        }
        properties.removeAll { $0.hasName("X-ABLabel") && $0.group.map { droppedGroups.contains($0.lowercased()) } == true }
        attachLabels(labels, to: &properties)
        return properties
    }

    private static func moveTypePrefToPref(_ p: inout Property) {
        if let rank = p.parameters.firstIndex(where: { $0.hasName("X-PREF") }) {
            p.parameters[rank].name = "PREF"  // a 4.0 rank other than 1, kept by an earlier conversion
        }
        guard p.hasType("pref"), p.parameter("PREF") == nil else { return }
        p.parameters = p.parameters.compactMap { parameter in
            guard parameter.hasName("TYPE") else { return parameter }
            var q = parameter
            q.values = q.values.filter { ASCII.lowercased($0) != "pref" }
            return q.values.isEmpty ? nil : q
        }
        p.parameters.append(Parameter(name: "PREF", values: ["1"]))
    }

    private static func binaryToDataURI(_ p: inout Property) {
        guard Parameter.isInlineBase64(p.parameters) else {
            if let value = p.parameter("VALUE"), ["url", "uri"].contains(ASCII.lowercased(value.value)) {
                p.parameters.removeAll { $0.hasName("VALUE") }
            }
            return
        }
        let imageType = p.parameters.first { $0.hasName("TYPE") }?.values.first
        let mediaType = imageType.map { mediaTypeFor(name: p.name, subtype: $0) } ?? "application/octet-stream"
        let data = String(decoding: p.value.utf8.filter { !($0 == .space || $0 == .tab || $0 == .cr || $0 == .lf) }, as: UTF8.self)
        p.parameters.removeAll { $0.hasName("ENCODING") || $0.hasName("TYPE") || $0.hasName("VALUE") }
        p.value = "data:\(mediaType);base64,\(data)"
    }

    private static func mediaTypeFor(name: String, subtype: String) -> String {
        if subtype.contains("/") { return ASCII.lowercased(subtype) }
        let top: String
        switch ASCII.uppercased(name) {
        case "SOUND": top = "audio"
        case "KEY": top = "application"
        default: top = "image"
        }
        let sub = ASCII.lowercased(subtype)
        return "\(top)/\(sub == "jpg" ? "jpeg" : sub)"
    }

    /// `tel:` form of a global number written with digits and separators only.
    static func telURI(_ text: String) -> String? {
        let trimmed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: "-")
        guard trimmed.hasPrefix("+"), trimmed.count > 1,
            trimmed.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || "-.()".contains($0)) })
        else { return nil }
        return "tel:" + trimmed
    }

    private static func agentToRelated(_ p: inout Property, source: VCardVersion) {
        let isURI = p.parameter("VALUE").map { ["uri", "url"].contains(ASCII.lowercased($0.value)) } ?? false
        p.parameters.removeAll { $0.hasName("VALUE") }
        p.parameters.insert(Parameter(name: "TYPE", values: ["agent"]), at: 0)
        if !isURI {
            p.parameters.append(Parameter(name: "VALUE", values: ["text"]))  // a nested card too (``carryNestedCards``)
        }
    }

    /// 3.0 `LABEL`s go onto the `ADR` with the same types (or the first without a label).
    private static func attachLabels(_ labels: [Property], to properties: inout [Property]) {
        for label in labels {
            let types = Set(label.types.filter { $0 != "pref" })
            let target = properties.indices.first { i in
                properties[i].hasName("ADR") && properties[i].parameter("LABEL") == nil && Set(properties[i].types.filter { $0 != "pref" }) == types
            } ?? properties.indices.first { properties[$0].hasName("ADR") && properties[$0].parameter("LABEL") == nil }
            if let target {
                properties[target].parameters.append(Parameter(name: "LABEL", values: [label.text]))
            } else {
                var kept = label
                kept.name = "X-LABEL"
                properties.append(kept)
            }
        }
    }

    // MARK: - 4.0 → 3.0 / 2.1

    private static func downFrom4(_ input: [Property], to target: VCardVersion) -> [Property] {
        var result: [Property] = []
        for var p in input {
            let name = ASCII.uppercased(p.name)
            prefToTypePref(&p, target: target)
            switch name {
            case _ where inlineBinary.contains(name):
                dataURIToBinary(&p, target: target)
            case "TEL":
                if let value = p.parameter("VALUE"), ASCII.lowercased(value.value) == "uri", p.value.lowercased().hasPrefix("tel:") {
                    p.parameters.removeAll { $0.hasName("VALUE") }
                    p.value = String(p.value.dropFirst(4))
                }
            case "ADR":
                if let label = p.parameter("LABEL") {
                    p.parameters.removeAll { $0.hasName("LABEL") }
                    result.append(p)
                    var line = Property(name: "LABEL", parameters: p.parameters.filter { $0.hasName("TYPE") }, value: "", version: target)
                    line.setText(label.value)
                    result.append(line)
                    continue
                }
            case "ANNIVERSARY":
                p.name = "X-ANNIVERSARY"
            case "KIND":
                if ASCII.lowercased(p.text) == "org" {
                    p.name = "X-ABShowAs"
                    p.value = "COMPANY"
                } else {
                    p.name = "X-ADDRESSBOOKSERVER-KIND"
                }
            case "RELATED" where p.hasType("agent"):
                p.name = "AGENT"
                p.parameters = p.parameters.compactMap { q in
                    guard q.hasName("TYPE") else { return q.hasName("VALUE") && ASCII.lowercased(q.value) == "text" ? nil : q }
                    var t = q
                    t.values = t.values.filter { ASCII.lowercased($0) != "agent" }
                    return t.values.isEmpty ? nil : t
                }
                if p.parameter("VALUE") == nil, p.value.contains(":"), !p.value.uppercased().hasPrefix("BEGIN:VCARD") {
                    p.parameters.append(Parameter(name: "VALUE", values: ["uri"]))
                }
            case _ where onlyIn4.contains(name):
                p.name = "X-" + p.name
            case _ where name.hasPrefix("X-") && onlyBefore4.contains(String(name.dropFirst(2))):
                p.name = String(p.name.dropFirst(2))
            default:
                break
            }
            result.append(p)
        }
        return result
    }

    private static func prefToTypePref(_ p: inout Property, target: VCardVersion) {
        guard let pref = p.parameter("PREF") else { return }
        p.parameters.removeAll { $0.hasName("PREF") }
        guard pref.value == "1" || Int(pref.value) == nil else {
            p.parameters.append(Parameter(name: "X-PREF", values: pref.values))
            return
        }
        p.addType("pref")
    }

    private static func dataURIToBinary(_ p: inout Property, target: VCardVersion) {
        guard p.value.utf8.count > 5, p.value.lowercased().hasPrefix("data:"), let comma = p.value.firstIndex(of: ",") else {
            if p.value.contains(":"), p.parameter("VALUE") == nil {
                p.parameters.append(Parameter(name: "VALUE", values: [target == .v2_1 ? "URL" : "uri"]))
            }
            return
        }
        let header = p.value[p.value.index(p.value.startIndex, offsetBy: 5)..<comma]
        guard header.lowercased().hasSuffix(";base64") else { return }
        let mediaType = header.dropLast(7)
        let subtype = mediaType.split(separator: "/").last.map { $0.uppercased() } ?? "JPEG"
        p.value = String(p.value[p.value.index(after: comma)...])
        p.parameters.append(Parameter(name: "ENCODING", values: [target == .v2_1 ? "BASE64" : "b"]))
        p.parameters.append(Parameter(name: "TYPE", values: [subtype]))
    }
}

extension VCard {
    /// The card in another vCard version, following the rules of ``VersionConversion``.
    ///
    /// ```swift
    /// let v4 = card.converted(to: .v4)
    /// print(String(decoding: VCardWriter(style: .canonical).encode([v4]), as: UTF8.self))
    /// ```
    public func converted(to version: VCardVersion) -> VCard {
        VersionConversion.convert(self, to: version)
    }
}
