/// A contact's name as one string, in the order its script or language writes names, as Apple's
/// `CNContactFormatter` gives it.
///
/// Names written in Han, kana or Hangul are family name first with no space between the parts
/// (`山田太郎`, `홍길동`); other names are given name first, unless the locale's language writes
/// family names first (Hungarian, Vietnamese, Khmer, and Chinese, Japanese and Korean in Latin
/// letters). A contact without name parts falls back on its formatted name (`FN`), then on its
/// organization.
///
/// ```swift
/// ContactFormatter.string(from: ada)                                  // "Dr. Ada King Lovelace"
/// ContactFormatter.string(from: yamada)                               // "山田太郎"
/// ContactFormatter.string(from: nagy, locale: "hu_HU")                // "Nagy János"
/// ContactFormatter.string(from: yamada, style: .phoneticFullName)     // "やまだ たろう"
/// ```
public enum ContactFormatter {
    /// What to write.
    public enum Style: Sendable {
        /// Prefix, given, middle and family names and suffix.
        case fullName
        /// The phonetic given, middle and family names.
        case phoneticFullName
    }

    /// Which name comes first.
    public enum NameOrder: Sendable {
        case givenNameFirst
        case familyNameFirst
    }

    /// The name of `contact` in `style`, or `nil` when it has none: only keys that were fetched
    /// are read (``ContactKey/names``, ``ContactKey/phoneticNames``, ``ContactKey/organization``).
    /// - Parameters:
    ///   - contact: The contact to name.
    ///   - style: The full name, or its phonetic form.
    ///   - locale: A locale identifier (`hu_HU`, `ja-JP`) whose language decides the order of a
    ///     name in Latin letters; `nil`: given name first.
    public static func string(from contact: Contact, style: Style = .fullName, locale: String? = nil) -> String? {
        let order = nameOrder(for: contact, locale: locale)
        let parts: [String]
        switch style {
        case .fullName:
            guard contact.isKeyAvailable(.names) else { return fallback(contact) }
            let names =
                order == .givenNameFirst
                ? [contact.givenName, contact.middleName, contact.familyName]
                : [contact.familyName, contact.givenName, contact.middleName]
            parts = [contact.namePrefix] + names + [contact.nameSuffix]
        case .phoneticFullName:
            guard contact.isKeyAvailable(.phoneticNames) else { return nil }
            parts =
                order == .givenNameFirst
                ? [contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
                : [contact.phoneticFamilyName, contact.phoneticGivenName, contact.phoneticMiddleName]
        }
        let present = parts.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !present.isEmpty else { return style == .fullName ? fallback(contact) : nil }
        let separator = style == .fullName && present.allSatisfy(isEastAsian) ? "" : " "
        return present.joined(separator: separator)
    }

    /// The order of the contact's names: family name first when they are written in Han, kana
    /// or Hangul, or when `locale`'s language puts family names first; else given name first.
    public static func nameOrder(for contact: Contact, locale: String? = nil) -> NameOrder {
        if contact.isKeyAvailable(.names), [contact.familyName, contact.givenName].contains(where: { !$0.isEmpty && isEastAsian($0) }) {
            return .familyNameFirst
        }
        guard let language = locale?.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).first else { return .givenNameFirst }
        return familyFirstLanguages.contains(String(language)) ? .familyNameFirst : .givenNameFirst
    }

    /// Languages that write the family name first (ISO 639-1).
    private static let familyFirstLanguages: Set<String> = ["zh", "ja", "ko", "hu", "vi", "km"]

    private static func fallback(_ contact: Contact) -> String? {
        let formatted = contact.formattedName.trimmingSpaces()
        return formatted.isEmpty ? nil : formatted
    }

    /// Whether every letter of `text` is Han, kana or Hangul (a name written in them is joined
    /// without spaces).
    static func isEastAsian(_ text: String) -> Bool {
        var sawLetter = false
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            guard eastAsianRanges.contains(where: { $0.contains(scalar.value) }) else { return false }
            sawLetter = true
        }
        return sawLetter
    }

    private static let eastAsianRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF,  // Hangul Jamo
        0x3040...0x30FF,  // Hiragana, Katakana
        0x3130...0x318F,  // Hangul Compatibility Jamo
        0x31F0...0x31FF,  // Katakana Phonetic Extensions
        0x3400...0x4DBF,  // CJK Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xAC00...0xD7AF,  // Hangul Syllables
        0xF900...0xFAFF,  // CJK Compatibility Ideographs
        0xFF66...0xFF9F,  // half-width Katakana
        0x20000...0x3134F,  // CJK Extensions B to G
    ]
}
