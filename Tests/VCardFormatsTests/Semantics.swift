import VCardParser

@testable import VCardFormats

/// What a card says, property by property, in a form that two spellings of the same card share:
/// the jCard/xCard model (lower-case names, `TYPE` lists split, no `VALUE`, no transfer
/// encodings, text unescaped) with dates in basic format. `VERSION` is left out.
func semantics(_ card: VCard) -> [String] {
    card.converted(to: .v4).properties.filter { !$0.hasName("VERSION") && !$0.isMalformed }.map { property in
        var typed = TypedProperty(property)
        if typed.type.isDateOrTime || typed.type == .utcOffset, case .values(let values) = typed.value {
            typed.value = .values(values.map { DateAndTime.basic($0, type: typed.type) })
        }
        // date, date-time and time values of a date-and-or-time property are the same type.
        if ValueType.default(for: typed.name) == .dateAndOrTime, [.date, .dateTime, .time].contains(typed.type) {
            typed.type = .dateAndOrTime
        }
        let parameters = typed.parameters.map { "\($0.name)=\($0.values)" }.joined(separator: ";")
        return "\(typed.group.map { $0 + "." } ?? "")\(typed.name);\(parameters);\(typed.type):\(typed.value)"
    }
}

/// The card written canonically as vCard 4.0, as text.
func canonical(_ cards: [VCard]) -> String {
    String(decoding: VCardWriter(style: .canonical, version: .v4).encode(cards), as: UTF8.self)
}

/// Fixtures that the round-trip tests convert, covering every producer and version.
let roundTripFixtures = [
    "nextcloud-4.0.vcf", "sample-contacts.vcf", "google-3.0.vcf", "apple-ios-3.0.vcf", "thunderbird-4.0.vcf",
    "android-2.1.vcf", "outlook-2.1.vcf", "agent-2.1.vcf", "apple-ios-crcrlf-3.0.vcf", "shift-jis-2.1.vcf",
    "utf16le-bom-3.0.vcf", "rfc6350-4.0.vcf", "rfc6351-4.0.vcf",
]

/// The values people care about: formatted and structured names, emails, phones, addresses.
func contactValues(_ card: VCard) -> [String] {
    let v4 = card.converted(to: .v4)
    var values: [String] = []
    for property in v4.properties {
        let typed = TypedProperty(property)
        switch typed.name {
        case "fn", "email", "tel", "n", "adr", "org": values.append("\(typed.name): \(typed.value)")
        default: break
        }
    }
    return values
}
