/// 4.0 `GENDER` and the `X-GENDER` of 2.1 and 3.0.
///
/// RFC 6350 §6.2.7 gives GENDER two components: a sex letter (`M`, `F`, `O`, `N`, `U`) and a
/// free-text identity. 3.0 writers (Apple, Evolution, The Bat!) write `X-GENDER` as a word
/// (`Male`, `Female`, also lower case), so a word becomes its letter and a letter its word; text
/// that is no word goes into the identity. A GENDER whose identity says more than its letter
/// keeps both components in `X-GENDER` (`F;grrrl`), which reads back the same.
///
/// | 3.0 `X-GENDER` | 4.0 `GENDER` |
/// |---|---|
/// | `Female`, `female`, `F` | `F` |
/// | `Male` | `M` |
/// | `F;grrrl` | `F;grrrl` |
/// | `non-binary` | `;non-binary` |
///
/// ```swift
/// GenderConversion.word(for: "f")   // "Female"
/// ```
enum GenderConversion {
    /// The sex letters of RFC 6350 §6.2.7 and the words 3.0 writers use for them.
    static let words: [(letter: String, word: String)] = [
        ("M", "Male"), ("F", "Female"), ("O", "Other"), ("N", "None"), ("U", "Unknown"),
    ]

    /// The letter of a sex letter or word, ignoring case; `nil` for other text.
    static func letter(for text: String) -> String? {
        words.first { ASCII.caseInsensitiveEquals($0.letter, text) || ASCII.caseInsensitiveEquals($0.word, text) }?.letter
    }

    /// The word of a sex letter, ignoring case; `nil` for other text.
    static func word(for letter: String) -> String? {
        words.first { ASCII.caseInsensitiveEquals($0.letter, letter) }?.word
    }

    /// The GENDER value of an `X-GENDER` property, escaped for the property's version.
    static func value(ofLegacy p: Property) -> String {
        let components = p.components
        let sex: String, identity: String
        if components.count > 1, components[0].isEmpty || components[0].utf8.count == 1 && letter(for: components[0]) != nil {
            sex = ASCII.uppercased(components[0])
            identity = components.dropFirst().joined(separator: ";")
        } else if let letter = letter(for: p.text) {
            sex = letter
            identity = ""
        } else {
            sex = ""
            identity = p.text
        }
        return joined(sex, identity, for: p.version)
    }

    /// The `X-GENDER` value of a GENDER property, escaped for `version`: the word of its sex,
    /// or both components when the identity says more (or there is no sex).
    static func legacyValue(_ p: Property, for version: VCardVersion) -> String {
        let components = p.components
        let sex = components.first ?? ""
        let identity = components.dropFirst().joined(separator: ";")
        if identity.isEmpty || letter(for: identity) == ASCII.uppercased(sex), let word = word(for: sex) {
            return word
        }
        if sex.isEmpty { return Escaping.escape(identity, for: version) }
        return joined(sex, identity, for: version)
    }

    private static func joined(_ sex: String, _ identity: String, for version: VCardVersion) -> String {
        let escapedSex = Escaping.escape(sex, for: version)
        return identity.isEmpty ? escapedSex : escapedSex + ";" + Escaping.escape(identity, for: version)
    }
}
