/// The names a writer may put on a content line, and what it writes for any other name.
///
/// A group, property name or parameter name is written only when it is `1*(ALPHA / DIGIT / "-")`
/// (RFC 6350 §3.3); `BEGIN` and `END` are never written as property names, nor `VERSION` except on
/// the card's own version line. ``VCardWriter`` applies these rules to every line it writes
/// from fields (a line copied unchanged from its input was read as it is), so no name a caller
/// sets can start, end or split a card:
///
/// | name given | written as |
/// |---|---|
/// | valid (`TEL`, `item1`, `X-ABLabel`) | as given |
/// | `BEGIN`, `END`, a second `VERSION` (any case) | `X-` before it: `X-END`, `X-VERSION` |
/// | other characters (`my note`, `a:b`, `Größe`) | each byte that is not a letter, digit or `-` as `-` and two hex digits, `X-` before it unless it starts with `X-`: `X-my-20note`, `X-a-3Ab`, `X-Gr-C3-B6-C3-9Fe` |
/// | empty property name | `X-EMPTY` |
/// | empty parameter name | `X-EMPTY`: not `TYPE`, which would make its value a type the reader never saw |
/// | group with other characters | the same hex form without `X-`: `g-0D-0AEND` |
/// | empty group | no group |
///
/// The mapping is deterministic but not reversible, and a mapped name may equal a name written as
/// it is. Canonical output upper-cases names afterwards, as it does every name.
extension Property {
    /// Whether `name` can be written as it is: one or more ASCII letters, digits or `-`.
    ///
    /// ```swift
    /// Property.isValidName("X-ABLabel")   // true
    /// Property.isValidName("my note")     // false
    /// ```
    ///
    /// The same rule holds for groups and parameter names (RFC 6350 §3.3).
    public static func isValidName(_ name: String) -> Bool {
        var copy = name
        return copy.withUTF8 { isValidName($0) }
    }

    /// The property name a writer puts on a line for `name`, following the table above.
    ///
    /// ```swift
    /// Property.writtenName(for: "NOTE")      // "NOTE"
    /// Property.writtenName(for: "end")       // "X-end"
    /// Property.writtenName(for: "my note")   // "X-my-20note"
    /// ```
    public static func writtenName(for name: String) -> String {
        writtenName(for: name, isVersionLine: false)
    }

    /// The group a writer puts before the name for `group`: `nil` for no group or an empty one,
    /// the hex form of the table above for one that is not a valid name.
    ///
    /// ```swift
    /// Property.writtenGroup(for: "item1")   // "item1"
    /// Property.writtenGroup(for: "a.b")     // "a-2Eb"
    /// ```
    public static func writtenGroup(for group: String?) -> String? {
        guard let group, !group.isEmpty else { return nil }
        return isValidName(group) ? group : escapingInvalidBytes(group)
    }

    /// ``writtenName(for:)``, except that `VERSION` stays as it is on the card's version line.
    static func writtenName(for name: String, isVersionLine: Bool) -> String {
        var copy = name
        return copy.withUTF8 { bytes in
            if isValidName(bytes) { return isReservedName(bytes, isVersionLine: isVersionLine) ? "X-" + name : name }
            return bytes.isEmpty ? "X-EMPTY" : xPrefixed(escapingInvalidBytes(name))
        }
    }

    @inline(__always)
    static func isValidName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        for b in bytes where !b.isNameByte { return false }
        return true
    }

    /// Whether the name is `BEGIN` or `END`, or `VERSION` off the version line (ignoring case).
    @inline(__always)
    static func isReservedName(_ bytes: UnsafeBufferPointer<UInt8>, isVersionLine: Bool) -> Bool {
        switch bytes.count {
        case 3: return ASCII.equals(bytes, lowercased: "end")
        case 5: return ASCII.equals(bytes, lowercased: "begin")
        case 7: return !isVersionLine && ASCII.equals(bytes, lowercased: "version")
        default: return false
        }
    }

    /// Each byte that is not a letter, digit or `-` as `-` and two upper-case hex digits.
    static func escapingInvalidBytes(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count * 3)
        for b in name.utf8 {
            if b.isNameByte {
                out.append(b)
            } else {
                out += [UInt8(ascii: "-"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `X-` before `name` unless it starts with `X-` (ignoring case).
    static func xPrefixed(_ name: String) -> String {
        ASCII.equals(name.utf8.prefix(2), lowercased: "x-") ? name : "X-" + name
    }
}

extension Parameter {
    /// The parameter name a writer puts on a line for `name`: as it is when valid, `X-EMPTY` when
    /// empty (`;=x` in a file, which no reader takes for a type or anything else), otherwise the
    /// hex form of ``Property`` names with `X-` before it.
    ///
    /// ```swift
    /// Parameter.writtenName(for: "TYPE")        // "TYPE"
    /// Parameter.writtenName(for: "x-p;y=z:w")   // "x-p-3By-3Dz-3Aw"
    /// ```
    public static func writtenName(for name: String) -> String {
        if Property.isValidName(name) { return name }
        if name.isEmpty { return "X-EMPTY" }
        return Property.xPrefixed(Property.escapingInvalidBytes(name))
    }
}

extension UInt8 {
    /// An ASCII letter, digit or `-`: a byte a name may hold. The digits spelled out, not
    /// ``isASCIIDigit``: in this form the three tests compile tighter, and every name byte of
    /// every line takes them (`cat` 28.84 against 28.88 instructions a byte).
    @inline(__always) var isNameByte: Bool {
        let lower = self | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (self >= 0x30 && self <= 0x39) || self == 0x2D
    }

    /// An upper-case ASCII letter, a digit or `-`: a byte of a name as the canonical form spells it.
    @inline(__always) var isUppercaseNameByte: Bool {
        self &- 0x41 < 26 || self &- 0x30 < 10 || self == 0x2D
    }
}
