import VCardParser

extension ContactPredicate {
    /// Whether the contact read from `card` can match, decided from the values of the properties
    /// the predicate reads and without reading a ``Contact``: `false` only when ``evaluate(_:)``
    /// would be `false` for any keys and label, so a caller skips the card and evaluates the rest.
    ///
    /// ```swift
    /// let predicate = ContactPredicate.matchingEmailAddress("ada@example.com")
    /// for card in cards where predicate.mayMatch(card) && predicate.evaluate(Contact(card: card)) { … }
    /// ```
    /// An email or phone predicate compares each `EMAIL` or `TEL` value as the contact would
    /// (a label is left to ``evaluate(_:)``); a name predicate looks for the words of the name in
    /// `FN`, `N`, `NICKNAME` and `ORG` values (folded as the contact's names are); an identifiers
    /// predicate compares each `UID` (a contact read from a card without one has an identifier
    /// of its own making, which no predicate made before can name).
    /// - Complexity: O(n) in the size of the card's values.
    package func mayMatch(_ card: VCard) -> Bool {
        switch kind {
        case .all, .group, .container:
            return true
        case .identifiers(let identifiers):
            return card.firstIndex(named: "UID") { identifiers.contains(card.properties[$0].text.trimmingSpaces()) } != nil
        case .emails(let emails, _):
            return card.firstIndex(named: "EMAIL") { emails.containsEmail(of: card.properties[$0]) } != nil
        case .phone(let key, let region):
            return card.firstIndex(named: "TEL") {
                PhoneNumber(stringValue: card.properties[$0].text).comparisonKey(defaultRegion: region) == key
            } != nil
        case .name(let needle):
            guard let words = Self.asciiWords(needle) else { return true }
            return Self.nameNames.contains { name in card.firstIndex(named: name) { Self.mayHold(card.properties[$0], words) } != nil }
        }
    }

    /// The properties ``mayMatch(_:)`` looks at, or `nil` when it looks at none (it is then
    /// always `true`): a card read with only these properties made is told apart as the whole card is.
    package var namesLookedAt: [String]? {
        switch kind {
        case .all, .group, .container: nil
        case .identifiers: ["UID"]
        case .emails: ["EMAIL"]
        case .phone: ["TEL"]
        case .name: Self.nameNames
        }
    }

    /// The names of the lines whose values, as written, ``mayMatch(_:)-(CardAsRead)`` reads from a
    /// card read with ``VCardParser/VCardReader/AsRead/init(keepingValuesOf:_:)`` (no property
    /// made): an email predicate's `EMAIL`, an identifiers predicate's `UID`, a phone
    /// predicate's `TEL` when its key has the digits to look for (``phoneKeyTail(_:)``), a name
    /// predicate's `FN`, `N`, `NICKNAME` and `ORG` when the name is ASCII (their values are
    /// looked at alike, so their places need not be told apart); `nil` for the others, which
    /// need the properties.
    package var valueNamesLookedAt: [String]? {
        switch kind {
        case .emails, .identifiers: namesLookedAt
        case .phone(let key, _): Self.phoneKeyTail(key) == nil ? nil : namesLookedAt
        case .name(let needle): Self.asciiWords(needle) == nil ? nil : namesLookedAt
        case .all, .group, .container: nil
        }
    }

    /// ``mayMatch(_:)-(VCard)`` of a card read with the places of the values of
    /// ``valueNamesLookedAt`` alone: `false` only when every such value's bytes tell that it is
    /// not asked for (an email's digest, ``ComparedEmails``; a UID's bytes without the spaces
    /// around them; a phone number's digits, ``mayBePhone(_:keyTail:)``; the letters a name's
    /// value can fold to); `true` when a value may be (one with an escape or a byte that is not
    /// printable ASCII is not told from its bytes), or when a line was not placed
    /// (``VCardParser/KeptValues/isComplete``), so that the card is parsed in full and decided
    /// by ``evaluate(_:)``.
    ///
    /// ```swift
    /// let predicate = ContactPredicate.matchingEmailAddress("ada@example.com")
    /// let firstLook = VCardReader.AsRead<Bool>(keepingValuesOf: predicate.valueNamesLookedAt!) { card in
    ///     predicate.mayMatch(card) ? nil : false  // nil: parsed in full
    /// }
    /// ```
    package func mayMatch(_ card: CardAsRead) -> Bool {
        guard card.values.isComplete else { return true }
        switch kind {
        case .emails(let emails, _): return card.containsValue { emails.mayContainEmail(valueBytes: $0) }
        case .identifiers(let identifiers): return card.containsValue { Self.mayBeIdentifier($0, identifiers) }
        case .phone(let key, _):
            guard let tail = Self.phoneKeyTail(key) else { return true }
            return card.containsValue { Self.mayBePhone($0, keyTail: tail) }
        case .name(let needle):
            guard let words = Self.asciiWords(needle) else { return true }
            return card.containsValue { Self.mayHold(valueBytes: $0, words) }
        case .all, .group, .container: return true
        }
    }

    /// The last four digits of a phone number's comparison key
    /// (``PhoneNumber/comparisonKey(defaultRegion:)``) as one word, the last in the low byte,
    /// when the key has at least eight digits: its national number then has at least five (a
    /// calling code has at most three), so those four are the national number's own; `nil` for
    /// a shorter key.
    package static func phoneKeyTail(_ key: String) -> UInt32? {
        var tail: UInt32 = 0, digits = 0
        for byte in key.utf8 where byte.isASCIIDigit {
            tail = tail << 8 | UInt32(byte)
            digits += 1
        }
        return digits >= 8 ? tail : nil
    }

    /// Whether a `TEL` value whose bytes, as written, are `bytes` may have a comparison key
    /// ending in the digits of `keyTail` (``phoneKeyTail(_:)``). Printable ASCII without a
    /// backslash and, after a `tel:`, without a letter is its own text, and the digits its key
    /// is made of are among its digits in a row: parsing cuts a calling code, an international
    /// or trunk prefix off before the national number and an extension after it, never among
    /// its digits; so a value whose digits do not hold those four in a row has another key. A
    /// letter (a keypad number such as `0800 FLOWERS`, an extension's label) or any other value
    /// may have that key.
    package static func mayBePhone(_ bytes: UnsafeBufferPointer<UInt8>, keyTail: UInt32) -> Bool {
        guard PlainASCII.isPrintableWithoutBackslash(bytes) else { return true }
        var i = spaceTrimmed(bytes).lowerBound
        if bytes.count - i > 4, bytes[i] | 0x20 == UInt8(ascii: "t"), bytes[i + 1] | 0x20 == UInt8(ascii: "e"),
            bytes[i + 2] | 0x20 == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: ":")
        {
            i += 4
        }
        // The last four digits seen, as ``phoneKeyTail(_:)`` packs them.
        var window: UInt32 = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte.isASCIIDigit {
                window = window << 8 | UInt32(byte)
                if window == keyTail { return true }
            } else if byte.isASCIILetter {
                return true
            }
            i += 1
        }
        return false
    }

    /// Whether a `UID` value whose bytes, as written, are `bytes` may be one of `identifiers` as
    /// a contact reads it (its text without spaces and tabs around it): printable ASCII without
    /// a backslash is its own text, so it is compared; any other value may be.
    private static func mayBeIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ identifiers: Set<String>) -> Bool {
        let text = UnsafeBufferPointer(rebasing: bytes[spaceTrimmed(bytes)])
        guard PlainASCII.isPrintableWithoutBackslash(text) else { return true }
        return identifiers.contains { $0.utf8.elementsEqual(text) }
    }

    /// The properties a contact's names come from (``evaluate(_:)`` of a name predicate).
    private static let nameNames = ["FN", "N", "NICKNAME", "ORG"]

    /// The address of an `EMAIL` property as compared: ``normalizedEmail(_:)`` of its text, read
    /// from the value's bytes when they are printable ASCII without escapes (nearly all), where
    /// trimming is dropping spaces and the text is the bytes.
    package static func comparedEmail(_ property: Property) -> [UInt8] {
        var fast: [UInt8]?
        property.readValueBytes { bytes in fast = asciiAddress(bytes).map { $0.map { lowercased(bytes[$0]) } } }
        return fast ?? Array(normalizedEmail(property.text).utf8)
    }

    /// ``digest(ofComparedEmail:)`` of ``comparedEmail(_:)`` of an `EMAIL` property whose value's
    /// bytes are `bytes` (``VCardParser/Property/readValueBytes(_:)``, or as written in a card read
    /// with ``VCardParser/VCardReader/AsRead/init(keepingValuesOf:_:)``), without making the
    /// address; `nil` for a value that is not printable ASCII (the address is then made from the
    /// property's text). Tells most addresses apart from a set of others at the cost of one pass
    /// over their bytes.
    package static func comparedEmailDigest(valueBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        // The spaces and `mailto:` left out are printable: the value is when the address is.
        PlainASCII.printableDigest(UnsafeBufferPointer(rebasing: bytes[addressRange(bytes)]))
    }

    /// A 64-bit hash of an address as compared (``comparedEmail(_:)``): equal addresses have
    /// equal digests, so an address whose digest is not among those of a set is not in it.
    ///
    /// ```swift
    /// let digests = Set(addresses.map { ContactPredicate.digest(ofComparedEmail: $0) })
    /// var digest: UInt64?
    /// email.readValueBytes { digest = ContactPredicate.comparedEmailDigest(valueBytes: $0) }
    /// if let digest, !digests.contains(digest) { return nil }  // not asked
    /// ```
    package static func digest(ofComparedEmail address: some Sequence<UInt8>) -> UInt64 {
        Array(address).withUnsafeBufferPointer(PlainASCII.caseInsensitiveDigest)
    }

    /// Where the address lies in a printable-ASCII value without escapes (nearly all): the bytes
    /// without spaces around them and without a `mailto:` in any case; `nil` for any other value.
    private static func asciiAddress(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        // Printable ASCII without a backslash: the value's text is the bytes, in every version.
        PlainASCII.isPrintableWithoutBackslash(bytes) ? addressRange(bytes) : nil
    }

    /// Where the address would lie in a value's bytes: without spaces around it and without a
    /// `mailto:` in any case (``asciiAddress(_:)`` for any bytes).
    @inline(__always)
    private static func addressRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let trimmed = spaceTrimmed(bytes)
        return trimmed.count >= 7 && isMailto(bytes, at: trimmed.lowerBound) ? (trimmed.lowerBound + 7)..<trimmed.upperBound : trimmed
    }

    /// Where the bytes lie without the spaces (U+0020) around them.
    @inline(__always)
    private static func spaceTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        return start..<end
    }

    /// Whether `mailto:` starts at `start`, in any case.
    private static func isMailto(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let mailto: StaticString = "mailto:"
        for i in 0..<7 where lowercased(bytes[start + i]) != mailto.utf8Start[i] { return false }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// The space-separated words of a folded name when it is all ASCII (`nil` otherwise, or when
    /// it has no word: every card may match).
    private static func asciiWords(_ needle: String) -> [[UInt8]]? {
        guard needle.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let words = needle.utf8.split(separator: 0x20).map(Array.init)
        return words.isEmpty ? nil : words
    }

    /// Whether a contact name read from `property` can contain the words. Every name is a part
    /// of one value between `;` or `,`, or two parts of `N` joined by a space, so each word must
    /// be in the folded value (``pattern(of:)``).
    private static func mayHold(_ property: Property, _ words: [[UInt8]]) -> Bool {
        var may = true
        property.readValueBytes { may = mayHold(valueBytes: $0, words) }
        return may
    }

    /// ``mayHold(_:_:)`` of a name property whose value's bytes are `bytes`.
    private static func mayHold(valueBytes bytes: UnsafeBufferPointer<UInt8>, _ words: [[UInt8]]) -> Bool {
        let pattern = Self.pattern(of: bytes)
        return words.allSatisfy { canHold(pattern, $0) }
    }

    /// In a ``pattern(of:)``, a place that may hold one ASCII character or none.
    private static let anyCharacter: UInt8 = 0xFF
    /// In a ``pattern(of:)``, a character that folds to no ASCII (a word cannot span it).
    private static let barrier: UInt8 = 0xFE

    /// What folding the value (unescaped) can give, as far as ASCII words go: an ASCII letter is
    /// lower-cased; an escape (`\,`, `\n`) may be itself or one character; a 2-byte character
    /// folds to at most 2 ASCII characters (`ß` to `ss`, `ë` to `e`); a 3-byte one starting
    /// E1, E2 or EF (Latin Extended Additional, `K` (KELVIN SIGN), `≠`, the ligatures `ﬃ`…) to
    /// at most 3, and any other to none (checked over every scalar with Foundation's folding).
    private static func pattern(of bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var pattern: [UInt8] = []
        pattern.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case UInt8(ascii: "\\"):
                pattern.append(anyCharacter)
                if i < bytes.count, bytes[i] < 0x80 {
                    pattern.append(anyCharacter)
                    i += 1
                }
            case ..<0x80: pattern.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            case 0x80...0xBF: break  // continuation bytes: counted with their first byte
            case 0xC2...0xDF: pattern += [anyCharacter, anyCharacter]
            case 0xE1, 0xE2, 0xEF: pattern += [anyCharacter, anyCharacter, anyCharacter]
            default: pattern.append(barrier)
            }
        }
        return pattern
    }

    /// Whether some text the pattern stands for contains `word` (ASCII).
    private static func canHold(_ pattern: [UInt8], _ word: [UInt8]) -> Bool {
        guard pattern.contains(anyCharacter) else { return pattern.indices.contains { pattern[$0...].starts(with: word) } }
        // ends[j]: the word's first letters can end just before pattern[j] (anywhere, at first).
        var ends = [Bool](repeating: true, count: pattern.count + 1)
        for letter in word {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            for j in pattern.indices where ends[j] {
                // A place may hold no character: the letter can then go to the next ones.
                var k = j
                while k < pattern.count, pattern[k] == anyCharacter {
                    next[k + 1] = true
                    k += 1
                }
                if k < pattern.count, pattern[k] == letter { next[k + 1] = true }
            }
            guard next.contains(true) else { return false }
            ends = next
        }
        return true
    }
}
