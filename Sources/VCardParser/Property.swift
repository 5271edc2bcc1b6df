/// One content line of a card: `[group.]NAME;PARAM=VALUE:value`.
///
/// ``value`` holds the value text as written in the file after unfolding and after any
/// quoted-printable and `CHARSET` decoding, with its backslash escapes still in place; the typed
/// accessors (``text``, ``components``, ``listValues``, ``binaryData``) decode it.
///
/// A property read from a file keeps its original bytes and decodes its fields only when they
/// are asked for; the lossless writer copies the bytes back verbatim. Changing any field drops
/// them, so the writer then writes the canonical form.
///
/// The fields may hold anything: a group, name or parameter name that may not be written as it
/// is (not letters, digits and `-`, or a property called `BEGIN` or `END`) is written under the
/// name ``writtenName(for:)`` gives, never raw, so no property can start or end a card.
///
/// ```swift
/// var tel = Property(name: "TEL", parameters: [Parameter(name: "TYPE", values: ["work"])], value: "+1 555 0100")
/// tel.setText("+1 555 0199")
/// ```
public struct Property: Hashable, Sendable {
    /// The fields of a property made in code or changed after reading.
    struct Fields: Sendable {
        var group: String?
        var name: String
        var parameters: [Parameter]
        var value: String
    }

    /// Boxes the fields so that a property stays small to copy.
    final class FieldsBox: Sendable {
        let value: Fields
        init(_ value: Fields) { self.value = value }
    }

    // Spelled `Optional<…>` and without defaults, so that an initializer writes each field
    // once: one that first held an implicit `nil` was built in a variable and copied out of it
    // (a retain and a release of every reference, for each line read).
    var source: Optional<SourceLine>
    var edited: Optional<FieldsBox>
    var embedded: Optional<EmbeddedCard>

    var fields: Fields? { edited?.value }

    /// The version of the card the property belongs to; decides how escapes are read.
    public var version: VCardVersion
    /// Set for a line that could not be parsed; it is kept and written back as it was. Changing
    /// any field clears it: the property is then written from its fields, like any other.
    public internal(set) var isMalformed: Bool
    /// 1-based physical line the property started on, or 0 for a property made in code.
    public internal(set) var line: Int

    public init(group: String? = nil, name: String, parameters: [Parameter] = [], value: String, version: VCardVersion = .v4) {
        source = nil
        edited = FieldsBox(Fields(group: group, name: name, parameters: parameters, value: value))
        embedded = nil
        self.version = version
        isMalformed = false
        line = 0
    }

    init(source: SourceLine, version: VCardVersion, line: Int, isMalformed: Bool = false, embedded: EmbeddedCard? = nil) {
        self.source = source
        edited = nil
        self.embedded = embedded
        self.version = version
        self.isMalformed = isMalformed
        self.line = line
    }

    /// The group before the name (`item1` in `item1.TEL`), if any.
    public var group: String? {
        get {
            if let fields { return fields.group }
            return source.flatMap { s in s.group.map { s.string($0) } }
        }
        set { edit { $0.group = newValue } }
    }

    /// The property name as written (compare with ``hasName(_:)``, which ignores case).
    public var name: String {
        get { fields?.name ?? source.map { $0.string($0.name) } ?? "" }
        set { edit { $0.name = newValue } }
    }

    /// The parameters, in the order written.
    public var parameters: [Parameter] {
        get { fields?.parameters ?? source?.parameters(version: version) ?? [] }
        set { edit { $0.parameters = newValue } }
    }

    /// The value text: unfolded and transfer-decoded, still escaped. Setting a value that is
    /// not empty replaces a nested card (``embeddedCard``), whose property's value is empty.
    public var value: String {
        get { fields?.value ?? source?.valueText ?? "" }
        set {
            if !newValue.isEmpty { embedded = nil }  // a value takes the place of a nested card
            edit { $0.value = newValue }
        }
    }

    /// The card nested in this property, when it has one; its ``value`` is then empty.
    ///
    /// vCard 2.1 nests the card of an `AGENT` in the file (§2.4.4): on the lines after `AGENT:`,
    /// from the nested `BEGIN:VCARD` to its `END:VCARD`, or starting on the same line
    /// (`AGENT:BEGIN:VCARD`). Android writes a nested card with no property line before it; it
    /// is read into a property called ``nestedCardName`` in its place. Either way the outer card
    /// goes on after the nested one. In 2.1 output the card is written nested again (a
    /// ``nestedCardName`` property as a bare nested card); 3.0 and 4.0 carry it as the text of
    /// the property (`AGENT` in 3.0, `RELATED;TYPE=agent;VALUE=text` in 4.0), and converting
    /// such text back to 2.1 nests it again.
    ///
    /// ```swift
    /// let card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:2.1\r\nAGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Jo\r\nEND:VCARD\r\nEND:VCARD\r\n").cards[0]
    /// card.first("AGENT")?.embeddedCard?.first("FN")?.text   // "Jo"
    /// ```
    public var embeddedCard: VCard? {
        get { embedded?.card }
        set {
            embedded = newValue.map(EmbeddedCard.init)
            edit { _ in }
        }
    }

    /// The name of the property that holds a card nested with no property line before it, as
    /// Android's 2.1 export writes one (see ``embeddedCard``).
    ///
    /// ```swift
    /// let children = card.properties(named: Property.nestedCardName).compactMap(\.embeddedCard)
    /// ```
    public static let nestedCardName = "X-NESTED-VCARD"

    /// The exact bytes the property was read from, line ends and folding included; `nil` once
    /// it has changed (or for a property made in code).
    public var raw: ArraySlice<UInt8>? {
        guard edited == nil, let source else { return nil }
        return source.raw.dropFirst(source.triviaCount)
    }

    /// Blank lines that stood before this line in the file; kept even when the property changes.
    public var leadingTrivia: ArraySlice<UInt8> {
        guard let source else { return [] }
        return source.raw.prefix(source.triviaCount)
    }

    /// The blank lines and the line as read, while unchanged.
    var rawWithTrivia: ArraySlice<UInt8>? { edited == nil ? source?.raw : nil }

    /// Whether the raw bytes are still those read from the file.
    public var isUnchanged: Bool { edited == nil && source != nil }

    /// Whether the property is called `name`, ignoring ASCII case.
    public func hasName(_ name: String) -> Bool {
        if edited == nil, let equal = source?.nameEquals(name) { return equal }
        return ASCII.caseInsensitiveEquals(self.name, name)
    }

    /// Turns the decoded fields into stored ones, then applies `change`.
    private mutating func edit(_ change: (inout Fields) -> Void) {
        var f = fields ?? Fields(group: group, name: name, parameters: parameters, value: value)
        change(&f)
        edited = FieldsBox(f)
        isMalformed = false
    }

    /// Two properties are equal when their content is; where they came from does not count.
    ///
    /// Group and name compare ignoring ASCII case, and `CHARSET` and `ENCODING` parameters other
    /// than the `BASE64` of inline binary data are left out: ``value`` is already decoded, so they
    /// only describe the input bytes.
    public static func == (lhs: Property, rhs: Property) -> Bool {
        guard ASCII.caseInsensitiveEquals(lhs.name, rhs.name), lhs.value == rhs.value,
            lhs.embedded == rhs.embedded
        else { return false }
        switch (lhs.group, rhs.group) {
        case (nil, nil): break
        case (let a?, let b?) where ASCII.caseInsensitiveEquals(a, b): break
        default: return false
        }
        let left = lhs.parameters, right = rhs.parameters
        let leftBase64 = Parameter.isInlineBase64(left), rightBase64 = Parameter.isInlineBase64(right)
        return left.lazy.filter { !$0.isTransferEncoding(inlineBase64: leftBase64) }
            .elementsEqual(right.lazy.filter { !$0.isTransferEncoding(inlineBase64: rightBase64) })
    }

    /// Hashes the name (ignoring case) and the value.
    public func hash(into hasher: inout Hasher) {
        ASCII.hashCaseInsensitive(name, into: &hasher)
        hasher.combine(value)
    }
}

/// Boxes a nested card so `Property` (a value type) can hold a `VCard`.
final class EmbeddedCard: Hashable, Sendable {
    let card: VCard
    init(_ card: VCard) { self.card = card }
    static func == (lhs: EmbeddedCard, rhs: EmbeddedCard) -> Bool { lhs.card == rhs.card }
    func hash(into hasher: inout Hasher) { hasher.combine(card) }
}
