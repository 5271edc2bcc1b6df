/// Pathological jCard, xCard and CSV inputs of a chosen size, for the format readers' tests and
/// `vcard-bench hostile`.
///
/// ```swift
/// let bytes = HostileInputs.xcardAttributes(200_000)   // one <vcard> with 200,000 attributes
/// ```
extension HostileInputs {
    static let xcardHead = Array("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n".utf8)

    /// An xCard whose card holds `depth` nested elements.
    public static func xcardNesting(_ depth: Int) -> [UInt8] {
        xcardHead + Array("<vcard>".utf8) + Array(String(repeating: "<x>", count: depth).utf8)
            + Array(String(repeating: "</x>", count: depth).utf8) + Array("</vcard></vcards>\n".utf8)
    }

    /// An xCard card whose `<vcard>` start tag has `count` attributes.
    public static func xcardAttributes(_ count: Int) -> [UInt8] {
        var out = xcardHead + Array("<vcard".utf8)
        out.reserveCapacity(count * 14 + 128)
        for n in 0..<count { out += Array(" a\(n)='\(n)'".utf8) }
        return out + Array("><fn><text>A</text></fn></vcard></vcards>\n".utf8)
    }

    /// An xCard card whose NOTE is `count` `&amp;` references.
    public static func xcardReferences(_ count: Int) -> [UInt8] {
        var out = xcardHead + Array("<vcard><fn><text>A</text></fn><note><text>".utf8)
        out.reserveCapacity(count * 5 + 128)
        for _ in 0..<count { out += Array("&amp;".utf8) }
        return out + Array("</text></note></vcard></vcards>\n".utf8)
    }

    /// A jCard nested `depth` arrays deep in the value of a property.
    public static func jcardNesting(_ depth: Int) -> [UInt8] {
        Array("[\"vcard\", [[\"x-a\", {}, \"text\", ".utf8) + Array(String(repeating: "[", count: depth).utf8)
            + Array(String(repeating: "]", count: depth).utf8) + Array("]]]".utf8)
    }

    /// A jCard card with `count` properties.
    public static func jcardProperties(_ count: Int) -> [UInt8] {
        var out = Array("[\"vcard\", [[\"fn\", {}, \"text\", \"A\"]".utf8)
        let property = Array(", [\"x-a\", {}, \"text\", \"1\"]".utf8)
        out.reserveCapacity(count * property.count + 64)
        for _ in 0..<count { out += property }
        return out + Array("]]".utf8)
    }

    /// A CSV table of one row with `count` columns.
    public static func csvColumns(_ count: Int) -> [UInt8] {
        var header = Array("FN".utf8), row = Array("A".utf8)
        header.reserveCapacity(count * 10)
        row.reserveCapacity(count * 2)
        for n in 0..<count {
            header += Array(",X-C\(n)".utf8)
            row += Array(",v".utf8)
        }
        return header + [0x0D, 0x0A] + row + [0x0D, 0x0A]
    }
}
