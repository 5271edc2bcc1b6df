import HostileInputs
import Testing
import VCardFormats
import VCardParser

/// Groups, property names and parameter names of arbitrary bytes, as lenient parsing keeps them
/// (`X-MESSAGING/XMPP-ALL`, group `some.other`) and as code may set them, written straight to
/// jCard and xCard (not through the vCard writer first) and read back: always one card, every
/// property and parameter value back, every name the reader gives one the vCard writer writes as
/// it is, and a warning exactly when the writer had to change a name.
@Suite struct NamePropertyTests {
    static let iterations = 2000

    /// Names the formats or vCard treat specially, and the characters found in real names.
    static let words = [
        "END", "begin", "VERSION", "group", "GROUP", "value", "vcard", "parameters", "text", "1x", "-p", "x-", "TEL",
        "item1", "X-MESSAGING/XMPP-ALL", "X-WAB-WEDDING_ANNIVERSARY", "X-GOOGLE TALK", "some.other", "a.b.c",
    ]

    /// A word, or one to eight arbitrary bytes (decoded as UTF-8, repaired), with the
    /// characters of real names among them.
    static func name(_ rng: inout SplitMix64) -> String {
        if rng.chance(30) { return rng.pick(words) }
        let bytes = (0..<rng.int(in: 1...8)).map { _ in
            rng.chance(40) ? rng.pick(Array("/_ .:;=\"<>&\r\n,-9aZ".utf8)) : UInt8(truncatingIfNeeded: rng.next())
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 4.0 card: FN, then one to three properties with random names, each value `vN` and each
    /// parameter value `pN`, so that each comes back findable.
    static func card(_ rng: inout SplitMix64) -> VCard {
        var card = VCard(version: .v4, properties: [Property(name: "FN", value: "A")])  // VERSION first
        for n in 0..<rng.int(in: 1...3) {
            let group: String? = rng.chance(50) ? nil : rng.chance(10) ? "" : name(&rng)
            let parameters = (0..<rng.below(3)).map { k in Parameter(name: name(&rng), values: ["p\(n)\(k)"]) }
            card.properties.append(Property(group: group, name: name(&rng), parameters: parameters, value: "v\(n)"))
        }
        return card
    }

    /// Whether the card's names (after its VERSION) are all ones `format` holds as they are
    /// (ignoring case), by the RFCs rather than by the writer's code: what the writer must not
    /// change, and need not report. An empty group is no group, as in vCard.
    static func namesAreKept(_ card: VCard, _ format: CardFormat) -> Bool {
        card.properties.dropFirst().allSatisfy { p in
            let reserved = ["begin", "end", "version", format == .xcard ? "group" : ""]
            let isXMLName = { (name: String) in format != .xcard || name.first!.isLetter }
            return Property.isValidName(p.name) && !reserved.contains(p.name.lowercased()) && isXMLName(p.name)
                && (p.group.map { $0.isEmpty || Property.isValidName($0) } ?? true)
                && p.parameters.allSatisfy { parameter in
                    Property.isValidName(parameter.name) && isXMLName(parameter.name)
                        && (format == .xcard || parameter.name.lowercased() != "group")
                        && parameter.name.lowercased() != "value"
                }
        }
    }

    @Test(arguments: [CardFormat.jcard, .xcard])
    func arbitraryNamesCostNoCard(_ format: CardFormat) throws {
        var rng = SplitMix64(seed: 0x14_0001)
        var failures = 0
        for iteration in 0..<Self.iterations {
            let card = Self.card(&rng)
            var warnings: [String] = []
            let bytes = format == .jcard ? JCard.encode([card], warnings: &warnings) : XCard.encode([card], warnings: &warnings)
            let (cards, errors) = FormatPropertyTests.read(bytes, format)
            var problems: [String] = []
            if cards.count != 1 || !errors.isEmpty { problems.append("read \(cards.count) cards, errors \(errors)") }
            if let back = cards.first {
                let written = card.properties.dropFirst(), read = back.properties.filter { !$0.hasName("VERSION") }
                // A name that came out as N or ADR has its components padded (RFC 6350 §6.2.2).
                if read.map({ $0.value.prefix { $0 != ";" } }) != written.map({ $0.value[...] }) {
                    problems.append("values \(read.map(\.value)) for \(written.map(\.value))")
                }
                for (p, q) in zip(written, read) {
                    let sent = p.parameters.filter { $0.name.lowercased() != "value" }.flatMap(\.values).sorted()
                    if q.parameters.filter({ $0.name != "VALUE" }).flatMap(\.values).sorted() != sent {
                        problems.append("parameters \(q.parameters) for \(p.parameters)")
                    }
                    let changed =
                        [Property.writtenName(for: q.name) == q.name, Property.writtenGroup(for: q.group) == q.group]
                        + q.parameters.map { Parameter.writtenName(for: $0.name) == $0.name }
                    if changed.contains(false) {
                        problems.append("read names the vCard writer would change: \(q)")
                    }
                }
                if warnings.isEmpty != Self.namesAreKept(card, format) {
                    problems.append("warnings \(warnings) for names kept: \(Self.namesAreKept(card, format))")
                }
                if try VCardReader.allCards(VCardWriter(style: .canonical, version: .v4).encode([back])).count != 1 {
                    problems.append("not one card as vCard")
                }
            }
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record("\(format) iteration \(iteration): \(problems.joined(separator: "; "))\n\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(failures == 0)
    }
}
