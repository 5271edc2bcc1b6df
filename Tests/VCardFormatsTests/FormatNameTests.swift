import Testing
import VCardFormats
import VCardParser

/// Each row of the names table of `TypedProperty+Names.swift`: what jCard and xCard write for a
/// name they cannot hold as it is (RFC 7095 §3.3, RFC 6351 §3.2 and §3.3, RFC 6350 §3.3), the
/// warning, and the card read back.
@Suite struct FormatNameTests {
    /// A card with FN and one property: `group.name;parameter=p:v`.
    static func card(group: String? = nil, _ name: String, parameter: String? = nil) -> VCard {
        let parameters = parameter.map { [Parameter(name: $0, values: ["p"])] } ?? []
        return VCard(
            version: .v4,
            properties: [
                Property(name: "FN", value: "A"), Property(group: group, name: name, parameters: parameters, value: "v"),
            ])
    }

    @Test(arguments: [
        (
            card(group: "some.other", "X-MESSAGING/XMPP-ALL"), #"["x-messaging-2fxmpp-all", {"group": "some-2Eother"}, "unknown", "v"]"#,
            [
                "X-MESSAGING/XMPP-ALL: group some.other is not a vCard name; written as some-2Eother",
                "X-MESSAGING/XMPP-ALL: not a vCard name; written as x-messaging-2fxmpp-all",
            ]
        ),
        (card("END"), #"["x-end", {}, "unknown", "v"]"#, ["END: the name of the card's own BEGIN, END or VERSION line; written as x-end"]),
        (card("1X", parameter: "-P"), #"["1x", {"-p": "p"}, "unknown", "v"]"#, []),
        (card("GROUP"), #"["group", {}, "unknown", "v"]"#, []),
        (card("NOTE", parameter: "GROUP"), #"["note", {"x-group": "p"}, "text", "v"]"#, ["NOTE: parameter GROUP is taken by jCard for groups; written as x-group"]),
        (card("NOTE", parameter: "x p"), #"["note", {"x-20p": "p"}, "text", "v"]"#, ["NOTE: parameter X P is not a vCard name; written as x-20p"]),
        (card(group: "", "NOTE"), #"["note", {}, "text", "v"]"#, []),
    ])
    func jCardNames(card: VCard, line: String, expected: [String]) throws {
        var warnings: [String] = []
        let json = String(decoding: JCard.encode([card], warnings: &warnings), as: UTF8.self)
        #expect(json.contains(line))
        #expect(warnings == expected)
        #expect(try JCard.decode(Array(json.utf8)).count == 1)
    }

    @Test(arguments: [
        (
            card(group: "some.other", "X-MESSAGING/XMPP-ALL"), #"<group name="some-2Eother">"#, "<x-messaging-2fxmpp-all><unknown>v</unknown></x-messaging-2fxmpp-all>",
            [
                "X-MESSAGING/XMPP-ALL: group some.other is not a vCard name; written as some-2Eother",
                "X-MESSAGING/XMPP-ALL: not a vCard name; written as <x-messaging-2fxmpp-all>",
            ]
        ),
        (card("END"), "<vcard>", "<x-end><unknown>v</unknown></x-end>", ["END: the name of the card's own BEGIN, END or VERSION line; written as <x-end>"]),
        (
            card("1X", parameter: "-P"), "<vcard>", "<x-1x><parameters><x--p><text>p</text></x--p></parameters><unknown>v</unknown></x-1x>",
            [
                "1X: not an XML name; written as <x-1x>", "1X: parameter -P is not an XML name; written as <x--p>",
            ]
        ),
        (card("GROUP"), "<vcard>", "<x-group><unknown>v</unknown></x-group>", ["GROUP: taken by xCard for groups; written as <x-group>"]),
        (card("NOTE", parameter: "GROUP"), "<vcard>", "<note><parameters><group><text>p</text></group></parameters><text>v</text></note>", []),
    ])
    func xCardNames(card: VCard, group: String, element: String, expected: [String]) throws {
        var warnings: [String] = []
        let xml = String(decoding: XCard.encode([card], warnings: &warnings), as: UTF8.self)
        #expect(xml.contains(group) && xml.contains(element))
        #expect(warnings == expected)
        #expect(try XCard.decode(Array(xml.utf8)).count == 1)
    }

    /// A second VERSION is neither the card's version nor dropped: `x-version`, as in vCard.
    @Test(arguments: [CardFormat.jcard, .xcard])
    func aSecondVersionIsKept(_ format: CardFormat) throws {
        var card = Self.card("NOTE")
        card.properties.append(Property(name: "VERSION", value: "9.9"))
        var warnings: [String] = []
        let bytes = format == .jcard ? JCard.encode([card], warnings: &warnings) : XCard.encode([card], warnings: &warnings)
        let back = try #require(try (format == .jcard ? JCard.decode(bytes) : XCard.decode(bytes)).first)
        #expect(back.version == .v4)
        #expect(back.first("X-VERSION")?.value == "9.9")
        #expect(warnings.count == 1)
    }
}
