import VCardParser

/// Android's form of a contact relation: `X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;
/// NAME;TYPE;LABEL;…`, with the type a number from Android's `ContactsContract` (`14` spouse,
/// `0` custom, the label then in the fourth component).
///
/// Such a line reads as a relation with the label the number means, and an edit changes the
/// name or the type in place, so Android reads the card as before.
enum AndroidRelation {
    /// The mime type in the first component.
    static let mimeType = "vnd.android.cursor.item/relation"

    /// Android's relation types and the labels they mean: Apple's where it has one, else the
    /// text Google's export writes as `X-ABLabel`.
    static let labels: [Int: Label] = [
        1: .assistant, 2: Label(rawValue: "_$!<Brother>!$_"), 3: .child, 4: Label(rawValue: "DOMESTIC_PARTNER"),
        5: .father, 6: .friend, 7: .manager, 8: .mother, 9: .parent, 10: .partner, 11: Label(rawValue: "REFERRED_BY"),
        12: Label(rawValue: "RELATIVE"), 13: Label(rawValue: "_$!<Sister>!$_"), 14: .spouse,
    ]

    /// Whether `property` is an Android relation line.
    static func isRelation(_ property: Property) -> Bool {
        property.hasName("X-ANDROID-CUSTOM") && property.components.first == mimeType
    }

    /// The name and label of an Android relation line; `nil` for any other line.
    static func read(_ property: Property) -> (name: String, label: Label?)? {
        guard isRelation(property) else { return nil }
        let c = property.components
        func at(_ i: Int) -> String { i < c.count ? c[i] : "" }
        let label = Int(at(2)).flatMap { labels[$0] } ?? (at(3).isEmpty ? nil : Label(rawValue: at(3)))
        return (at(1), label)
    }

    /// Sets the name (component 2) of an Android relation line.
    static func setName(_ name: String, on property: inout Property) {
        setComponents(on: &property) { $0[1] = name }
    }

    /// Sets the type (component 3) for `label`, or type `0` with the label as text in component 4.
    static func setLabel(_ label: Label?, on property: inout Property) {
        let code = label.flatMap { l in labels.first { $0.value == l }?.key }
        setComponents(on: &property) { c in
            c[2] = code.map(String.init) ?? "0"
            c[3] = code == nil ? label?.rawValue ?? "" : ""
        }
    }

    private static func setComponents(on property: inout Property, _ edit: (inout [String]) -> Void) {
        var c = property.components
        if c.count < 4 { c += Array(repeating: "", count: 4 - c.count) }
        edit(&c)
        property.setComponents(c)
    }
}
