/// Typed views of a property's value and parameters.
extension Property {
    /// The value as plain text, with the escapes of the property's version decoded (2.1 has only `\;`).
    ///
    /// ```swift
    /// Property(name: "NOTE", value: #"Line 1\nLine 2\, more"#).text   // "Line 1\nLine 2, more"
    /// ```
    public var text: String { Escaping.unescape(value, for: version) }

    /// Replaces the value with `text`, escaped for the property's version; a card nested in the
    /// property (``embeddedCard``) goes with the value it stood for.
    public mutating func setText(_ text: String) {
        if embedded != nil { embeddedCard = nil }
        value = Escaping.escape(text, for: version)
    }

    /// The `;`-separated components of a structured value (N, ADR, ORG, GENDER), unescaped.
    ///
    /// ```swift
    /// Property(name: "N", value: #"Lovelace;Ada;;Countess\, of Lovelace;"#).components
    /// // ["Lovelace", "Ada", "", "Countess, of Lovelace", ""]
    /// ```
    public var components: [String] {
        Escaping.split(value, on: .semicolon).map { Escaping.unescape($0, for: version) }
    }

    /// Each component split again on unescaped `,` (N and ADR components may be lists).
    public var componentLists: [[String]] {
        Escaping.split(value, on: .semicolon).map { component in
            Escaping.split(String(component), on: .comma).map { Escaping.unescape($0, for: version) }
        }
    }

    /// Replaces a structured value with these components, each escaped (a nested card goes, as
    /// with ``setText(_:)``).
    public mutating func setComponents(_ components: [String]) {
        if embedded != nil { embeddedCard = nil }
        value = components.map { escapeComponent($0) }.joined(separator: ";")
    }

    private func escapeComponent(_ text: String) -> String {
        let escaped = Escaping.escape(text, for: version)
        // 2.1 escapes only ';'; a ',' inside a component is literal there.
        return escaped
    }

    /// The values of a list property (NICKNAME, CATEGORIES), split on unescaped `,` and unescaped.
    public var listValues: [String] {
        Escaping.split(value, on: .comma).map { Escaping.unescape($0, for: version) }
    }

    /// The decoded bytes of inline binary data: `ENCODING=b`/`BASE64`, or a `data:` URI (also
    /// one written with `\,` as in RFC 6350's examples, errata 3845).
    /// `nil` when the value is a link or not valid base64.
    public var binaryData: [UInt8]? {
        if Parameter.isInlineBase64(parameters) {
            return Base64.decode(self.value[...])
        }
        let value = ValueConversion.uriUnescaped(self.value)
        guard value.utf8.count > 5, ASCII.equals(value.utf8.prefix(5), lowercased: "data:"),
            let comma = value.firstIndex(of: ",")
        else { return nil }
        let header = value[value.index(value.startIndex, offsetBy: 5)..<comma]
        guard header.hasSuffix(";base64") || header.hasSuffix(";BASE64") else {
            return Array(value[value.index(after: comma)...].utf8)
        }
        return Base64.decode(value[value.index(after: comma)...])
    }

    /// The media type of inline data: from a `data:` URI, `MEDIATYPE`, or a 2.1/3.0 `TYPE=JPEG`.
    public var mediaType: String? {
        if value.utf8.count > 5, ASCII.equals(value.utf8.prefix(5), lowercased: "data:"),
            let end = value.firstIndex(where: { $0 == ";" || $0 == "," })
        {
            return String(value[value.index(value.startIndex, offsetBy: 5)..<end])
        }
        if let m = parameter("MEDIATYPE")?.values.first { return m }
        return nil
    }

    /// The first parameter called `name` (ignoring case). Of a line read from a file, only that
    /// parameter is decoded.
    public func parameter(_ name: String) -> Parameter? {
        guard edited == nil, let source else { return parameters.first { $0.hasName(name) } }
        // The parser saw each parameter of a line of types alone: it holds no other.
        if source.onlyTypeParameters, !(name.utf8.count == 4 && ASCII.caseInsensitiveEquals(name, "TYPE")) { return nil }
        var name = name
        return name.withUTF8 { name in source.parameter(last: false, version: version) { ASCII.caseInsensitiveEquals($0, name) } }
    }

    /// All `TYPE` values, lower-cased, from every `TYPE` parameter and 2.1 bare type.
    ///
    /// `TEL;TYPE=work,voice`, `TEL;TYPE=WORK;TYPE=VOICE` and `TEL;WORK;VOICE` all give `["work", "voice"]`.
    public var types: [String] {
        // Read from the line's bytes when nothing in its parameters needs decoding (nearly always).
        if edited == nil, let types = source?.typeValues() { return types }
        var result: [String] = []
        for p in parameters where p.hasName("TYPE") {
            for v in p.values {
                // A quoted 4.0 list ("work,voice") arrives as one value; most values have no comma,
                // and splitting them by character would cost more than the rest.
                guard v.utf8.contains(.comma) else {
                    if !v.isEmpty { result.append(ASCII.lowercased(v)) }
                    continue
                }
                for part in v.split(separator: ",") { result.append(ASCII.lowercased(String(part))) }
            }
        }
        return result
    }

    /// Calls `body` with the bytes of each of ``types``, in the case written: for a caller that
    /// compares them with a few words, without making an array of strings.
    func forEachType(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if edited == nil, let source, source.forEachTypeValue(body) { return }
        for var type in types { type.withUTF8(body) }
    }

    /// Whether `TYPE` includes `type`, ignoring case.
    public func hasType(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { wanted in
            var found = false
            forEachType { if !found, ASCII.caseInsensitiveEquals($0, wanted) { found = true } }
            return found
        }
    }

    /// The preference: `PREF=n` (4.0), or 1 for `TYPE=pref` (2.1, 3.0); `nil` when not preferred.
    public var preference: Int? {
        if let p = parameter("PREF")?.values.first, let n = Int(p) { return n }
        var preferred = false
        forEachType { if ASCII.equals($0, lowercased: "pref") { preferred = true } }
        return preferred ? 1 : nil
    }

    /// Adds `value` to the `TYPE` parameter (creating it), in the spelling of the version.
    public mutating func addType(_ type: String) {
        if let index = parameters.firstIndex(where: { $0.hasName("TYPE") }) {
            parameters[index].values.append(type)
        } else {
            parameters.append(Parameter(name: "TYPE", values: [type], isBare: version == .v2_1))
        }
    }
}
