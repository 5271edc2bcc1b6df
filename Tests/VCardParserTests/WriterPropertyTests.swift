import HostileInputs
import Testing
import VCardParser

/// Cards with random groups, names, parameter names and values (any Unicode, line breaks and
/// the characters vCard syntax uses), written in every style and version and read back: one card
/// each time, no warning about structure, every name as ``Property/writtenName(for:)`` maps it,
/// and every value back as the documented rules say (`WrittenForm`).
@Suite struct WriterPropertyTests {
    static let iterations = 3000

    /// Warnings that would mean the writer broke a card's structure or wrote a name it may not.
    static let structural: Set<DiagnosticCode> = [
        .junkOutsideCard, .missingEnd, .malformedEnd, .malformedBegin, .missingVersion, .unknownVersion,
        .malformedLine, .unterminatedQuote, .blankLine, .invalidName, .invalidParameter, .limitExceeded,
    ]

    /// The drawn names whose values no conversion rule touches (besides names that are mapped).
    static let verbatimNames: Set<String> = ["X-FOO", "X-LOWER", "END", "BEGIN", "VERSION"]

    static let pieces = [
        "\r", "\n", "\r\n", ":", ";", "\"", ",", "=", "^", "\\", ".", " ", "\t", "^n", "\\n", "\\,",
        "BEGIN:VCARD", "END:VCARD", "VCARD", "BEGIN", "END", "item1.", "a", "Z", "9", "-",
    ]

    /// One text of 0 to 8 pieces: syntax characters and words, or any Unicode scalar.
    static func text(_ rng: inout SplitMix64) -> String { rng.text(pieces: pieces) }

    /// A name from `words` (valid, reserved, or of a known kind) or any text.
    static func name(_ words: [String], _ rng: inout SplitMix64) -> String {
        Bool.random(using: &rng) ? words.randomElement(using: &rng)! : text(&rng)
    }

    /// A drawn property, and the text it was given through ``Property/setText(_:)`` (`nil`
    /// when its raw ``Property/value`` was set instead).
    struct Drawn {
        var property: Property
        var text: String?
    }

    static func property(_ version: VCardVersion, _ rng: inout SplitMix64) -> Drawn {
        let group: String? = Bool.random(using: &rng) ? nil : name(["item1", ""], &rng)
        let parameters = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
            Parameter(
                name: name(["TYPE", "X-P", "LANGUAGE", "x-q"], &rng),
                values: (0..<Int.random(in: 1...2, using: &rng)).map { _ in text(&rng) })
        }
        var p = Property(
            group: group, name: name(["NOTE", "X-FOO", "x-lower", "END", "begin", "Version"], &rng),
            parameters: parameters, value: "", version: version)
        guard Int.random(in: 0..<4, using: &rng) > 0 else {
            p.value = text(&rng)
            return Drawn(property: p, text: nil)
        }
        let t = text(&rng)
        p.setText(t)
        return Drawn(property: p, text: t)
    }

    @Test func randomCardsKeepTheirStructureAndValues() throws {
        var rng = SplitMix64(seed: 13)
        for iteration in 0..<Self.iterations {
            let version = VCardVersion.allCases.randomElement(using: &rng)!
            let drawn = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.property(version, &rng) }
            let card = try WriterSafetyTests.card(version, drawn.map(\.property))
            var writers = [("lossless", VCardWriter()), ("canonical", VCardWriter(style: .canonical))]
            for target in VCardVersion.allCases { writers.append(("canonical \(target.rawValue)", VCardWriter(style: .canonical, version: target))) }
            for (label, writer) in writers {
                let output = writer.encode([card])
                let problems = try Self.problems(output, drawn, from: version, to: writer.version ?? version)
                guard problems.isEmpty else {
                    Issue.record(
                        """
                        iteration \(iteration), \(version.rawValue) card written \(label): \(problems.joined(separator: "; "))
                        \(drawn.map { "\($0.property.group.debugDescription) \($0.property.name.debugDescription) \($0.property.parameters) \($0.property.value.debugDescription)" }.joined(separator: "\n"))
                        \(String(decoding: output, as: UTF8.self).debugDescription)
                        """)
                    return
                }
            }
        }
    }

    /// What is wrong with `output`, the card holding `drawn` (of `version`) written as `target`.
    static func problems(_ output: [UInt8], _ drawn: [Drawn], from version: VCardVersion, to target: VCardVersion) throws -> [String] {
        let result = try VCardDecoder().decode(output)
        guard result.cards.count == 1, let card = result.cards.first else { return ["\(result.cards.count) cards"] }
        var problems = result.warnings.filter { $0.severity == .error || structural.contains($0.code) }.map(\.description)
        if WrittenForm.boundaryLines(output) != ["BEGIN:VCARD", "END:VCARD"] { problems.append("boundary lines \(WrittenForm.boundaryLines(output))") }
        // VERSION, FN:A and N:A;;;; come first, then the drawn properties in order, each followed
        // (in a conversion to 2.1) by the X-PARAM- properties of the parameters 2.1 cannot say.
        var rest = card.properties.dropFirst(3)
        let movesParameters = target == .v2_1 && version != .v2_1
        guard card.version == target else { return problems + ["\(card.version.rawValue) card"] }
        for d in drawn {
            guard let q = rest.popFirst() else { return problems + ["\(card.properties.count) properties"] }
            let p = d.property
            let (kept, moved) = movesParameters ? WrittenForm.split21(p.parameters) : (p.parameters, [])
            for (name, value) in moved {
                guard let x = rest.popFirst() else { return problems + ["no X-PARAM-\(name)"] }
                if x.name.uppercased() != "X-PARAM-" + name || x.group != q.group || x.text != value {
                    problems.append("moved \(x.group ?? "nil").\(x.name):\(x.text.debugDescription), expected X-PARAM-\(name):\(value.debugDescription)")
                }
            }
            // A second property of a name the target allows once (N after the card's own) stays
            // as an X- property (RFC 6350 §6 cardinality, RFC 2426 §3.1.2).
            let name = Property.writtenName(for: p.name).uppercased()
            let once = PropertyRules.of(name)?.cardinality(in: target)?.allowsSeveral == false
            let group = Property.writtenGroup(for: p.group) ?? (moved.isEmpty ? nil : q.group.flatMap { $0.hasPrefix("param") ? $0 : nil })
            if q.name.uppercased() != name && !(once && q.name.uppercased() == "X-" + name) { problems.append("name \(q.name)") }
            if q.group?.uppercased() != group?.uppercased() { problems.append("group \(q.group ?? "nil")") }
            problems += parameterProblems(kept, q, in: target)
            if let text = d.text, target == version || p.hasName("NOTE") {
                // Text decodes the same, line breaks as LF but in 2.1 to 2.1 (quoted-printable keeps them).
                let expected = version == .v2_1 && target == .v2_1 ? text : WrittenForm.lineBreaksAsLF(text)
                if q.text != expected { problems.append("text \(q.text.debugDescription), expected \(expected.debugDescription)") }
            } else if target == version || !Property.isValidName(p.name) || verbatimNames.contains(p.name.uppercased()) {
                // A value set raw, or of no known kind in another version, is written as it is,
                // raw line breaks escaped. (Another valid name may be one with rules: `n` is N.)
                let expected = WrittenForm.verbatimValue(p.value, in: target)
                if q.value != expected { problems.append("value \(q.value.debugDescription), expected \(expected.debugDescription)") }
            }
        }
        if !rest.isEmpty { problems.append("\(rest.count) more properties") }
        return problems
    }

    /// Types compare as ``Property/types`` lists them; other parameters by name and values.
    static func parameterProblems(_ written: [Parameter], _ q: Property, in target: VCardVersion) -> [String] {
        var types: [String] = []
        var others: [String] = []
        for parameter in written {
            let name = Parameter.writtenName(for: parameter.name).uppercased()
            var values = parameter.values
            if target == .v2_1 {
                if parameter.hasName("TYPE") { values = values.flatMap { $0.split(separator: ",").map(String.init) } }
                values = values.map(WrittenForm.parameterValue21)
            } else {
                values = values.map(WrittenForm.lineBreaksAsLF)
            }
            if name == "TYPE" {
                // Property.types lower-cases A-Z only.
                types += values.flatMap { $0.split(separator: ",").map { String(decoding: $0.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self) } }
            } else {
                others.append("\(name)=\(values)")
            }
        }
        let back = q.parameters.filter { !$0.hasName("TYPE") && !$0.hasName("CHARSET") && !$0.hasName("ENCODING") }
            .map { "\($0.name.uppercased())=\($0.values)" }
        var problems: [String] = []
        if q.types != types.filter({ !$0.isEmpty }) { problems.append("types \(q.types), expected \(types)") }
        if back != others { problems.append("parameters \(back), expected \(others)") }
        return problems
    }
}
