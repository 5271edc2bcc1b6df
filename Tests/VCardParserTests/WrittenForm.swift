import Foundation
import VCardParser

/// What the writer's documented rules make of a value, written out again here on their own, to
/// say what a card read back from the writer's output must hold.
enum WrittenForm {
    /// Each CR, LF and CRLF as LF: how 3.0 and 4.0 give back a line break (`\n`, `^n`).
    static func lineBreaksAsLF(_ text: String) -> String {
        String(decoding: Array(text.utf8).replacing([0x0D, 0x0A], with: [0x0A]).map { $0 == 0x0D ? 0x0A : $0 }, as: UTF8.self)
    }

    /// A 2.1 parameter value: each `"` `;` `:` `,` CR, LF and CRLF becomes a space.
    static func parameterValue21(_ value: String) -> String {
        String(decoding: Array(value.utf8).replacing([0x0D, 0x0A], with: [0x20]).map { "\";:,\r\n".utf8.contains($0) ? 0x20 : $0 }, as: UTF8.self)
    }

    /// A value written without decoding (a property of no known kind, or one set through
    /// ``Property/value``): as it is in 2.1, where quoted-printable carries line breaks; with each
    /// raw line break as `\n` in 3.0 and 4.0.
    static func verbatimValue(_ value: String, in version: VCardVersion) -> String {
        guard version != .v2_1 else { return value }
        return String(decoding: Array(lineBreaksAsLF(value).utf8).replacing([0x0A], with: Array(#"\n"#.utf8)), as: UTF8.self)
    }

    /// The card as canonical output of its own version gives it back: group, property and
    /// parameter names as ``Property/writtenName(for:)`` and its kin write them (the card's
    /// first VERSION stays), in 2.1 parameter values other than types as
    /// ``parameterValue21(_:)`` writes them, and in 3.0 and 4.0 bare types as one `TYPE` where the
    /// first was (``mergingBareTypes(_:)``) and a base64 `ENCODING` as `b`.
    static func canonical(_ card: VCard) -> VCard {
        var card = card
        let versionIndex = card.properties.firstIndex { $0.hasName("VERSION") }
        for i in card.properties.indices where i != versionIndex && !card.properties[i].isMalformed {
            let p = card.properties[i]
            var q = p
            if Property.writtenName(for: p.name) != p.name { q.name = Property.writtenName(for: p.name) }
            if Property.writtenGroup(for: p.group) != p.group { q.group = Property.writtenGroup(for: p.group) }
            var parameters = p.parameters.map { parameter in
                var written = parameter
                written.name = Parameter.writtenName(for: parameter.name)
                if card.version == .v2_1 && !parameter.isBare && !parameter.hasName("TYPE") {
                    written.values = parameter.values.map(parameterValue21)
                }
                let base64 = parameter.values.contains { ["b", "base64"].contains($0.lowercased()) }
                if card.version != .v2_1 && parameter.hasName("ENCODING") && base64 { written.values = ["b"] }
                return written
            }
            if card.version != .v2_1 { parameters = mergingBareTypes(parameters) }
            if parameters != p.parameters { q.parameters = parameters }
            card.properties[i] = q
        }
        return card
    }

    /// Bare types (`;WORK;VOICE`, read from 2.1 syntax) as one `TYPE=WORK,VOICE` where the first was.
    static func mergingBareTypes(_ parameters: [Parameter]) -> [Parameter] {
        let isBareType = { (p: Parameter) in p.isBare && p.hasName("TYPE") }
        guard let first = parameters.firstIndex(where: isBareType) else { return parameters }
        var result = parameters.filter { !isBareType($0) }
        result.insert(Parameter(name: "TYPE", values: parameters.filter(isBareType).flatMap(\.values)), at: first)
        return result
    }

    /// What a conversion to 2.1 keeps on the line and what it moves to `X-PARAM-<NAME>`
    /// properties: 2.1 defines `TYPE`, `VALUE`, `ENCODING`, `CHARSET` and `LANGUAGE` and `X-`
    /// names, and a value is a word of printable ASCII without `;` `:` `,` `"`; `TYPE` values
    /// are split at their commas first, and `VALUE=uri` is `VALUE=URL`.
    static func split21(_ parameters: [Parameter]) -> (kept: [Parameter], moved: [(name: String, value: String)]) {
        var kept: [Parameter] = [], moved: [(name: String, value: String)] = []
        for parameter in parameters {
            let name = Parameter.writtenName(for: parameter.name).uppercased()
            let values = parameter.hasName("TYPE") ? parameter.values.flatMap { $0.split(separator: ",").map(String.init) } : parameter.values
            var keptValues: [String] = []
            for value in values {
                let known = ["TYPE", "VALUE", "ENCODING", "CHARSET", "LANGUAGE"].contains(name) || name.hasPrefix("X-")
                let word = value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && !";:,\"".unicodeScalars.contains($0) }
                if known && name == "VALUE" && ["uri", "url"].contains(value.lowercased()) {
                    keptValues.append("URL")
                } else if known && word {
                    keptValues.append(value)
                } else {
                    moved.append((name, value))
                }
            }
            if !keptValues.isEmpty { kept.append(Parameter(name: parameter.name, values: keptValues)) }
        }
        return (kept, moved)
    }

    /// The lines a reader that unfolds the usual way (Python vobject's way: folds, and
    /// quoted-printable soft breaks) takes for card boundaries: every line with a `:` whose name,
    /// after any group, is `BEGIN` or `END`.
    static func boundaryLines(_ output: [UInt8]) -> [String] {
        var lines: [String] = []
        for physical in String(decoding: output, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false) {
            if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += physical.dropFirst()
            } else if let last = lines.last, last.hasSuffix("="), last.uppercased().contains("QUOTED-PRINTABLE") {
                lines[lines.count - 1] = String(last.dropLast()) + physical
            } else {
                lines.append(String(physical))
            }
        }
        // By code points, as Python reads: a ':' followed by a combining mark is still a ':'.
        return lines.filter { line in
            let scalars = line.unicodeScalars
            guard scalars.contains(":") else { return false }
            let head = scalars.prefix { $0 != ":" && $0 != ";" }
            let name = head.split(separator: ".", omittingEmptySubsequences: false).last.map { String(String.UnicodeScalarView($0)).uppercased() }
            return name == "BEGIN" || name == "END"
        }
    }
}
