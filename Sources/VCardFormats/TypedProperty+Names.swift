import VCardParser

/// The names of properties, parameters and groups in jCard and xCard, read and written by one
/// rule: the readers take a name only when the vCard writer would write it as it is
/// (`VCardParser.Property.writtenName(for:)`, `VCardParser.Property.writtenGroup(for:)`,
/// `VCardParser.Parameter.writtenName(for:)`: `1*(ALPHA / DIGIT / "-")`, RFC 6350 §3.3, and no
/// property `BEGIN` or `END`), and the writers give every name the vCard writer's form, in lower
/// case (RFC 7095 §3.3) except for groups. So what the writers write, the readers read, and a
/// name kept by lenient parsing (`X-MESSAGING/XMPP-ALL`, group `some.other`) costs no card.
///
/// Each format adds what its syntax needs: a jCard parameter cannot be named `group` (that key
/// is the group, RFC 7095 §3.3), and an xCard property cannot be `<group>` (RFC 6351 §3)
/// and its element names are XML names, so a name starting with a digit or `-` gets `x-`:
///
/// | name | jCard | xCard |
/// |---|---|---|
/// | `TEL`, group `item1` | `"tel"`, `"group": "item1"` | `<tel>`, `<group name="item1">` |
/// | `X-MESSAGING/XMPP-ALL` | `"x-messaging-2fxmpp-all"` | `<x-messaging-2fxmpp-all>` |
/// | group `some.other` | `"group": "some-2Eother"` | `<group name="some-2Eother">` |
/// | `END`, a second `VERSION` | `"x-end"`, `"x-version"` | `<x-end>`, `<x-version>` |
/// | `1X`, parameter `-P` | `"1x"`, `"-p"` | `<x-1x>`, `<x--p>` |
/// | property `GROUP` | `"group"` | `<x-group>` |
/// | parameter `GROUP` | `"x-group"` | `<group>` |
///
/// ```swift
/// var p = TypedProperty(Property(group: "a.b", name: "MY_NOTE", value: "v"))
/// var warnings: [String] = []
/// p.makeNamesWritable(in: .jcard, warnings: &warnings)   // group "a-2Eb", name "x-my-5fnote"
/// TypedProperty.nameProblem("x-my-5fnote", .property)   // nil: read back
/// ```
extension TypedProperty {
    enum NameKind: String { case property, parameter, group }

    /// Why a reader cannot take `name` as a name of this kind, or `nil` when it can: when the
    /// vCard writer would write it otherwise. `VERSION` is left to the reader.
    static func nameProblem(_ name: String, _ kind: NameKind) -> String? {
        guard Property.isValidName(name) else {
            return "a \(kind.rawValue) name a vCard cannot hold: '\(name)' (letters, digits and '-' only)"
        }
        if kind == .property, Property.writtenName(for: name) != name, !Text.equalsIgnoringCase(name, "version") {
            return "a property named '\(name)': in a vCard it would end the card or start another"
        }
        return nil
    }

    /// Gives the group, the property and its parameters the names `format`'s reader reads back
    /// as the same property (the table above), and reports each name changed in `warnings`. An
    /// empty group becomes no group, as in vCard.
    ///
    /// - Parameters:
    ///   - format: ``CardFormat/jcard`` or ``CardFormat/xcard``.
    ///   - warnings: Receives one line per name changed: `MY_NOTE: not a vCard name; written as x-my-5fnote`,
    ///     `TEL: group a.b is not a vCard name; written as a-2Eb`.
    mutating func makeNamesWritable(in format: CardFormat, warnings: inout [String]) {
        let label = Text.uppercased(name), xml = format == .xcard
        /// Why `old` had to change: the rules of `writtenName` in turn.
        func report(_ what: String, _ old: String, _ new: String) {
            let reason =
                !Property.isValidName(old)
                ? "not a vCard name"
                : Text.equalsIgnoringCase(old, "group")
                    ? "taken by \(xml ? "xCard" : "jCard") for groups"
                    : xml && !XMLText.isElementName(old)
                        ? "not an XML name"
                        : "the name of the card's own BEGIN, END or VERSION line"
            warnings.append("\(label): \(what)\(reason); written as \(xml && what.isEmpty ? "<\(new)>" : new)")
        }
        if let group, Property.writtenGroup(for: group) != group {
            let written = Property.writtenGroup(for: group)
            if let written { report("group \(group) is ", group, written) }
            self.group = written
        }
        let written = Self.writtenName(Property.writtenName(for: name), xml: xml, groupIsTaken: xml)
        if written != name {
            report("", name, written)
            name = written
        }
        for (n, parameter) in parameters.enumerated() {
            let written = Self.writtenName(Parameter.writtenName(for: parameter.name), xml: xml, groupIsTaken: !xml)
            if written != parameter.name {
                report("parameter \(Text.uppercased(parameter.name)) is ", parameter.name, xml ? "<\(written)>" : written)
                parameters[n].name = written
            }
        }
    }

    /// The vCard writer's `name` in lower case, with `x-` before it when it is `group` and that
    /// name is taken, or when it does not start with a letter and must be an XML name.
    private static func writtenName(_ name: String, xml: Bool, groupIsTaken: Bool) -> String {
        let lower = Text.lowercased(name)
        return (groupIsTaken && lower == "group") || (xml && !XMLText.isElementName(lower)) ? "x-" + lower : lower
    }
}

extension VCard {
    /// The properties jCard and xCard write: all but malformed ones and the card's own `VERSION`
    /// (the format says 4.0). Another `VERSION` is kept, and named `x-version` by
    /// ``TypedProperty/makeNamesWritable(in:warnings:)``, as the vCard writer does.
    ///
    /// ```swift
    /// card.propertiesToWrite.map(\.name)   // ["FN", "VERSION"] for VERSION, FN, VERSION
    /// ```
    var propertiesToWrite: [Property] {
        let versionIndex = properties.firstIndex { $0.hasName("VERSION") }
        return properties.indices.filter { $0 != versionIndex && !properties[$0].isMalformed }.map { properties[$0] }
    }
}
