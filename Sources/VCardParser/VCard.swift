/// One vCard: its version and its properties in file order.
///
/// Cards read from a file remember the bytes around their properties (what stood before
/// `BEGIN:VCARD`, the `BEGIN` and `END` lines), so that ``VCardWriter`` in lossless mode gives
/// back the input byte for byte, with changed properties written canonically.
///
/// ```swift
/// var card = VCard(version: .v4)
/// card.append(Property(name: "FN", value: "Ada Lovelace"))
/// print(card.first("FN")?.text ?? "")   // "Ada Lovelace"
/// ```
public struct VCard: Hashable, Sendable {
    /// The version the card was read in (2.1, 3.0 or 4.0).
    public var version: VCardVersion
    /// Every content line between `BEGIN:VCARD` and `END:VCARD`, in file order.
    public var properties: [Property]

    /// Bytes before `BEGIN:VCARD`: a byte-order mark, blank lines, junk between cards.
    public internal(set) var rawPrefix: ArraySlice<UInt8> = []
    /// The `BEGIN:VCARD` line as read, with its line end.
    public internal(set) var rawBegin: ArraySlice<UInt8>?
    /// The `END:VCARD` line as read (with blank lines before it); empty when it was missing.
    public internal(set) var rawEnd: ArraySlice<UInt8>?
    /// The line end this card was written with (`\r\n`, `\n`, `\r` or `\r\r\n`); new lines use it too.
    public internal(set) var lineEnding: [UInt8] = [.cr, .lf]
    /// 1-based line of `BEGIN:VCARD`, or 0 for a card made in code.
    public internal(set) var line = 0
    /// Every byte the card was cut from, `rawPrefix` first (empty for a card made in code): what
    /// a store hashes and locates the card by.
    package internal(set) var sourceBytes: ArraySlice<UInt8> = []

    /// A new card with `VERSION` as its first property (and `FN` when given).
    public init(version: VCardVersion = .v4, properties: [Property] = []) {
        self.version = version
        self.properties = properties
        if !properties.contains(where: { $0.hasName("VERSION") }) {
            self.properties.insert(Property(name: "VERSION", value: version.rawValue, version: version), at: 0)
        }
    }

    init(parsedVersion: VCardVersion, properties: [Property]) {
        self.version = parsedVersion
        self.properties = properties
    }

    /// The properties called `name` (ignoring case), in order.
    public func properties(named name: String) -> [Property] {
        indices(of: name).map { properties[$0] }
    }

    /// The first property called `name` (ignoring case).
    public func first(_ name: String) -> Property? {
        firstIndex(named: name).map { properties[$0] }
    }

    /// Indices of the properties called `name`.
    public func indices(of name: String) -> [Int] {
        var result: [Int] = []
        _ = firstIndex(named: name) {
            result.append($0); return false
        }
        return result
    }

    /// The index of the first property called `name` (ignoring ASCII case) for which `accept`
    /// is `true`, given each such index in order.
    ///
    /// Lines read from a file are tested where they lie, from their bytes, so only the properties
    /// called `name` are copied out (by `accept`); `properties.first { $0.hasName(name) && … }`
    /// copies every property it looks at, and so does any call made on an element of the array.
    ///
    /// ```swift
    /// let asked = card.firstIndex(named: "EMAIL") { addresses.contains(card.properties[$0].text) } != nil
    /// ```
    package func firstIndex(named name: String, where accept: (Int) -> Bool = { _ in true }) -> Int? {
        var name = name
        return name.withUTF8 { name in
            properties.withUnsafeBufferPointer { properties in
                for index in properties.indices {
                    let named: Bool
                    if properties[index].edited == nil, properties[index].source != nil {
                        named = properties[index].source.unsafelyUnwrapped.nameIs(name)
                    } else {
                        named = properties[index].hasName(String(decoding: name, as: UTF8.self))
                    }
                    if named && accept(index) { return index }
                }
                return nil
            }
        }
    }

    /// Appends a property, placing it before nothing in particular: at the end of the card.
    public mutating func append(_ property: Property) {
        var p = property
        p.version = version
        properties.append(p)
    }

    /// The `UID` value, if any.
    public var uid: String? { first("UID")?.text }

    /// Whether every property still has the bytes it was read from.
    public var isUnchanged: Bool { rawBegin != nil && properties.allSatisfy(\.isUnchanged) }

    /// The bytes the card was read from, when the lossless writer gives back exactly them: every
    /// property unchanged and where it was read, none added, removed or moved. ``VCardWriter``
    /// then copies the card in one piece instead of line by line.
    var bytesAsRead: ArraySlice<UInt8>? {
        guard let begin = rawBegin, let end = rawEnd, !sourceBytes.isEmpty,
            let base = begin.withUnsafeBufferPointer({ $0.baseAddress.map { $0 - begin.startIndex } })
        else { return nil }
        // The parser cut the prefix, BEGIN and END lines from these bytes, in order: only the
        // properties between them can have changed.
        var next = begin.endIndex
        let contiguous = properties.withUnsafeBufferPointer { properties in
            for index in properties.indices {
                guard properties[index].edited == nil, let lineEnd = properties[index].source?.end(ifStartingAt: next, of: base)
                else { return false }
                next = lineEnd
            }
            return true
        }
        return contiguous && next == end.startIndex ? sourceBytes : nil
    }

    /// Cards are equal when their versions and properties are; raw bytes do not count.
    public static func == (lhs: VCard, rhs: VCard) -> Bool {
        lhs.version == rhs.version && lhs.properties == rhs.properties
    }

    /// Hashes the version and the properties.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(properties)
    }
}
