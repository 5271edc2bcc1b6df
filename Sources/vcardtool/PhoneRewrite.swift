import ContactsModel
import VCardParser

/// `cat --phones`: the `TEL` values that parse as possible numbers rewritten in one form, every
/// other line left as it was read; each number left is reported as a warning.
struct PhoneRewrite {
    /// The form numbers are written in.
    enum Form: String, CaseIterable {
        /// `+442079460001`, ` ext. 12` after it; a `tel:` URI `tel:+442079460001;ext=12`.
        case e164
        /// `+44 20 7946 0001 ext. 12`; a `tel:` URI `tel:+44-20-7946-0001;ext=12`.
        case international
        /// `020 7946 0001 ext. 12`; a `tel:` URI stays global (RFC 3966 needs a `phone-context`
        /// for a local number): `tel:+44-20-7946-0001;ext=12`.
        case national
        /// As typed: only the warnings for numbers that do not parse.
        case keep
    }

    let form: Form
    let region: String?

    /// Rewrites the card's `TEL` lines; the warnings name the line of each number left.
    func rewrite(_ card: inout VCard, report: (Diagnostic) -> Void) {
        for index in card.properties.indices where card.properties[index].hasName("TEL") {
            let property = card.properties[index]
            let isURI = property.value.utf8.count > 4 && property.value.prefix(4).lowercased() == "tel:"
            let typed = isURI ? property.value : property.text
            guard let number = PhoneNumber(stringValue: typed).parsed(defaultRegion: region) else {
                let why = region == nil ? "no country code, and no --region" : "not a phone number in \(region!)"
                report(warning(property, "phone '\(typed)' left as it is: \(why)"))
                continue
            }
            guard number.isPossible else {
                report(warning(property, "phone '\(typed)' left as it is: \(number.nationalNumber.count) digits are not a possible length for +\(number.countryCode)"))
                continue
            }
            let written: String
            switch (form, isURI) {
            case (.keep, _): continue
            case (.e164, true): written = "tel:" + number.e164 + (number.extension.map { ";ext=" + $0 } ?? "")
            case (.e164, false): written = number.e164 + (number.extension.map { " ext. " + $0 } ?? "")
            case (.international, true), (.national, true): written = number.telURI
            case (.international, false): written = number.international
            case (.national, false): written = number.national
            }
            guard written != typed else { continue }
            if isURI { card.properties[index].value = written } else { card.properties[index].setText(written) }
        }
    }

    private func warning(_ property: Property, _ message: String) -> Diagnostic {
        Diagnostic(.warning, DiagnosticCode(rawValue: "phone-left"), at: SourcePosition(line: property.line), message)
    }
}
