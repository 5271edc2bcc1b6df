/// How a value of each ``PropertyRules/Shape`` is rewritten for another version.
extension PropertyRules.Shape {
    /// The shape of the property called `name`; `verbatim` for names the table does not list.
    init(name: String) {
        self = PropertyRules.of(name)?.shape ?? .verbatim
    }

    /// Whether `value` holds a CR or LF, looked for eight bytes at a time (a photo's data is
    /// most of what is looked through).
    private static func hasRawLineBreak(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { ByteSearch.firstLineBreak(in: $0, from: 0, to: $0.count) != nil }
    }

    /// `value` (escaped for `from`) escaped for `to` instead.
    func reescape(_ value: String, from: VCardVersion, to: VCardVersion) -> String {
        if from == to {
            // Newlines decoded from quoted-printable cannot stand raw in 3.0 or 4.0.
            guard to != .v2_1, Self.hasRawLineBreak(value) else { return value }
            return value.escapingRawNewlines()
        }
        switch self {
        case .verbatim:
            // A raw line break (from quoted-printable, or a 2.1 LABEL renamed X-LABEL) cannot stand in 3.0 or 4.0.
            guard to != .v2_1, Self.hasRawLineBreak(value) else { return value }
            return value.escapingRawNewlines()
        case .text:
            return Escaping.escape(Escaping.unescape(value, for: from), for: to)
        case .structured:
            return Escaping.split(value, on: .semicolon)
                .map { Escaping.escape(Escaping.unescape($0, for: from), for: to) }
                .joined(separator: ";")
        case .structuredLists:
            // 2.1 has no lists inside components: its commas are literal.
            return Escaping.split(value, on: .semicolon).map { component -> String in
                let items = from == .v2_1 ? [component] : Escaping.split(String(component), on: .comma)
                return items.map { Escaping.escape(Escaping.unescape($0, for: from), for: to) }
                    .joined(separator: ",")
            }.joined(separator: ";")
        case .list:
            let separator: UInt8 = from == .v2_1 ? .semicolon : .comma
            return Escaping.split(value, on: separator)
                .map { Escaping.escape(Escaping.unescape($0, for: from), for: to) }
                .joined(separator: ",")
        }
    }
}

extension String {
    /// The same text with each raw CR, LF or CRLF written as `\n`.
    fileprivate func escapingRawNewlines() -> String {
        var out: [UInt8] = []
        var previousWasCR = false
        for b in utf8 {
            defer { previousWasCR = b == .cr }
            if b == .cr { out += [.backslash, UInt8(ascii: "n")]; continue }
            if b == .lf { if !previousWasCR { out += [.backslash, UInt8(ascii: "n")] }; continue }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The same text without its CR and LF bytes (base64 data, where they mean nothing).
    func removingLineBreaks() -> String {
        guard utf8.contains(where: { $0 == .cr || $0 == .lf }) else { return self }
        return String(decoding: utf8.filter { $0 != .cr && $0 != .lf }, as: UTF8.self)
    }
}
