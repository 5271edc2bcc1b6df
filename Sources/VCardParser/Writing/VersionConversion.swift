/// The rules for moving a card between vCard 2.1, 3.0 and 4.0. Each rule works both ways, and
/// whatever the target version cannot say is kept as an `X-` property, never dropped:
///
/// | 2.1 / 3.0 | 4.0 |
/// |---|---|
/// | `TYPE=pref` (2.1 `;PREF`) | `PREF=1` |
/// | `PHOTO;ENCODING=b;TYPE=JPEG:…` (2.1 `BASE64`) | `PHOTO:data:image/jpeg;base64,…` (LOGO, SOUND, KEY; ``MediaType``) |
/// | `PHOTO;TYPE=JPEG;VALUE=uri:http://…` | `PHOTO;MEDIATYPE=image/jpeg:http://…` |
/// | `LABEL;TYPE=work:…` next to `ADR;TYPE=work` | `ADR;TYPE=work;LABEL="…"` |
/// | `X-ANNIVERSARY`, Apple's `X-ABDATE` labeled anniversary | `ANNIVERSARY` |
/// | `X-ABShowAs:COMPANY`, `X-ADDRESSBOOKSERVER-KIND` | `KIND` |
/// | `AGENT` | `RELATED;TYPE=agent` |
/// | `X-GENDER:Female` (Apple, Evolution) | `GENDER:F` (see ``GenderConversion``) |
/// | `X-RELATED`, `X-LANG`, `X-PRONOUNS`, … (names the source version lacks) | `RELATED`, `LANG`, `PRONOUNS`, … |
/// | `NAME`, `MAILER`, `CLASS`, `SORT-STRING` (3.0-only names) | `X-NAME`, `X-MAILER`, … |
/// | `N:a;b;;;` and `X-N:a;b;;;;c;d` | `N:a;b;;;;c;d` (RFC 9554 components, ``cutExtendedComponents(_:to:)``) |
///
/// Which version knows which name comes from ``PropertyRules``. The converted card then keeps to
/// the target's cardinalities (``enforceCardinality(_:in:)``: a second ANNIVERSARY with another
/// date becomes `X-ANNIVERSARY`) and gets the properties the target requires
/// (``addRequired(_:in:line:notices:)``: FN, and N in 2.1 and 3.0), each derivation reported.
///
/// Values (dates, UTC offsets, GEO, phone numbers, URIs, N and ADR) follow ``ValueConversion``,
/// parameters ``ParameterConversion``. Quoted-printable and `CHARSET` are decoded to UTF-8, 2.1
/// bare types become `TYPE=` (both done by the writer). A 4.0 card converted to 3.0 and back has
/// the same properties as before.
///
/// ```swift
/// let v3 = card.converted(to: .v3)
/// ```
enum VersionConversion {
    static func convert(_ card: VCard, to target: VCardVersion, notices: inout [Diagnostic]) -> VCard {
        guard card.version != target else { return card }
        var properties = card.version == .v2_1 ? ParameterConversion.from21(card.properties) : card.properties
        for i in properties.indices {
            ParameterConversion.splitTypeLists(&properties[i])
            ValueConversion.unescapeURI(&properties[i])
        }
        if target == .v4 {
            restoreExtendedComponents(&properties)
            properties = upTo4(properties, from: card.version)
        } else if card.version == .v4 {
            cutExtendedComponents(&properties, to: target)
            properties = downFrom4(properties, to: target)
        } else {
            // 2.1 and 3.0: what one of them lacks (3.0's CLASS in 2.1) is an X- property there.
            for i in properties.indices { rename(&properties[i], from: card.version, to: target) }
        }
        carryNestedCards(&properties, to: target)
        for i in properties.indices { ValueConversion.convert(&properties[i], to: target) }
        enforceCardinality(&properties, in: target)
        addRequired(&properties, in: target, line: card.line, notices: &notices)
        if target == .v2_1 { properties = ParameterConversion.moveUnsayable21(properties) }
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
        let abLabels = Dictionary(
            properties.compactMap { p in p.hasName("X-ABLabel") ? p.group.map { ($0.lowercased(), p.text) } : nil },
            uniquingKeysWith: { a, _ in a })
        var droppedGroups: Set<String> = []
        for i in properties.indices {
            var p = properties[i]
            let name = ASCII.uppercased(p.name)
            moveTypePrefToPref(&p)
            switch name {
            case _ where p.rules?.dataMediaType != nil:
                binaryToDataURI(&p)
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
            default:
                rename(&p, from: source, to: .v4)
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

    /// 2.1/3.0 media (inline base64, or a link with format words in `TYPE`) in the 4.0 form:
    /// a `data:` URI, or `MEDIATYPE=`; ``MediaType`` tells formats from other types.
    private static func binaryToDataURI(_ p: inout Property) {
        var mediaType: String?
        p.parameters = p.parameters.compactMap { parameter in
            guard parameter.hasName("TYPE") else { return parameter }
            var rest = parameter
            rest.values = parameter.values.filter { value in
                guard let type = MediaType.mediaType(forFormat: value, property: p.name) else { return true }
                if mediaType == nil { mediaType = type }
                return false
            }
            return rest.values.isEmpty ? nil : rest
        }
        guard Parameter.isInlineBase64(p.parameters) else {
            if let value = p.parameter("VALUE"), ["url", "uri"].contains(ASCII.lowercased(value.value)) {
                p.parameters.removeAll { $0.hasName("VALUE") }
            }
            if let mediaType, p.parameter("MEDIATYPE") == nil { p.parameters.append(Parameter(name: "MEDIATYPE", values: [mediaType])) }
            return
        }
        p.parameters.removeAll { $0.hasName("ENCODING") || $0.hasName("VALUE") }
        let data = String(decoding: p.value.utf8.filter { !($0 == .space || $0 == .tab || $0 == .cr || $0 == .lf) }, as: UTF8.self)
        guard !ASCII.lowercased(String(data.prefix(5))).hasPrefix("data:") else {
            p.value = data  // already a URI (`ENCODING=b` on a `data:` value)
            return
        }
        p.value = "data:\(mediaType ?? MediaType.sniffed(base64: data[...]));base64,\(data)"
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
            let target =
                properties.indices.first { i in
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
            case _ where p.rules?.dataMediaType != nil:
                mediaTypeToFormat(&p)
                dataURIToBinary(&p, target: target)
            case "ADR":
                if let label = p.parameter("LABEL") {
                    p.parameters.removeAll { $0.hasName("LABEL") }
                    result.append(p)
                    var line = Property(name: "LABEL", parameters: p.parameters.filter { $0.hasName("TYPE") }, value: "", version: target)
                    line.setText(label.value)
                    result.append(line)
                    continue
                }
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
            default:
                rename(&p, from: .v4, to: target)
            }
            result.append(p)
        }
        return result
    }

    // MARK: - Names

    /// Gives `p` its name in `target` (``PropertyRules/name(in:)``): a property `target` lacks
    /// becomes `X-`, and the `X-` form of one it has loses its `X-` where the source version
    /// lacks the property or allowed it only once where `target` allows several (a second 3.0
    /// FN kept as `X-FN` is a 4.0 FN again). A GENDER value changes form on the way
    /// (``GenderConversion``).
    static func rename(_ p: inout Property, from source: VCardVersion, to target: VCardVersion) {
        let name = p.propertyName
        if let rules = PropertyRules.of(name), !name.isExtension {
            guard !rules.isKnown(in: target) else { return }
            if name == "GENDER" { p.value = GenderConversion.legacyValue(p, for: target) }
            p.name = rules.name(in: target).rawValue
        } else if let rules = PropertyRules.standing(for: name, in: target) {
            let before = rules.cardinality(in: source)
            guard before == nil || (before?.allowsSeveral == false && rules.cardinality(in: target)?.allowsSeveral == true) else { return }
            if rules.name == "GENDER" { p.value = GenderConversion.value(ofLegacy: p) }
            p.name = rules.name.rawValue
        }
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
        p.value = String(p.value[p.value.index(after: comma)...])
        p.parameters.insert(Parameter(name: "ENCODING", values: [target == .v2_1 ? "BASE64" : "b"]), at: 0)
        insertFormat(of: String(header.dropLast(7)), into: &p)
    }

    /// 4.0's `MEDIATYPE=image/jpeg` as the 3.0 format word, `TYPE=JPEG`.
    private static func mediaTypeToFormat(_ p: inout Property) {
        guard let index = p.parameters.firstIndex(where: { $0.hasName("MEDIATYPE") }) else { return }
        let mediaType = p.parameters[index].value
        p.parameters.remove(at: index)
        insertFormat(of: mediaType, into: &p)
    }

    /// The format word of `mediaType` as the first `TYPE` value (`ENCODING=b;TYPE=JPEG,WORK`),
    /// as 3.0 writers put it; none for ``MediaType/unknown``.
    private static func insertFormat(of mediaType: String, into p: inout Property) {
        guard let format = MediaType.format(of: mediaType) else { return }
        if let index = p.parameters.firstIndex(where: { $0.hasName("TYPE") }) {
            p.parameters[index].values.insert(format, at: 0)
        } else {
            let after = p.parameters.firstIndex { $0.hasName("ENCODING") }.map { $0 + 1 } ?? 0
            p.parameters.insert(Parameter(name: "TYPE", values: [format]), at: after)
        }
    }
}

extension VCard {
    /// The card in another vCard version, following the rules of ``PropertyRules`` (names, value types, parameters and cardinality per version).
    ///
    /// ```swift
    /// let v4 = card.converted(to: .v4)
    /// print(String(decoding: VCardWriter(style: .canonical).encode([v4]), as: UTF8.self))
    /// ```
    public func converted(to version: VCardVersion) -> VCard {
        var notices: [Diagnostic] = []
        return VersionConversion.convert(self, to: version, notices: &notices)
    }

    /// The card in another vCard version, with a notice for each property the conversion had to
    /// make up because the target requires it (`derived-property`, at the card's `BEGIN` line).
    ///
    /// ```swift
    /// var notices: [Diagnostic] = []
    /// let v3 = card.converted(to: .v3, notices: &notices)
    /// // notices: ["1:1: warning: vCard 3.0 requires N: derived 'N:Lovelace;Ada;;;' from FN [derived-property]"]
    /// ```
    ///
    /// - Parameters:
    ///   - version: The version to convert to.
    ///   - notices: Receives one warning per derived property.
    /// - Returns: The converted card (the card itself when it has that version already).
    public func converted(to version: VCardVersion, notices: inout [Diagnostic]) -> VCard {
        VersionConversion.convert(self, to: version, notices: &notices)
    }
}
