import VCardParser

/// What the parameter section of a property line, as read, shows that its parsed parameters
/// hide: an empty parameter (`TAIL;PARAM=value;:x`) and a `"` inside an unquoted value
/// (`LABEL=\"42 Plantation St.\":…`). The grammar allows neither (RFC 6350 §3.3, RFC 2426
/// §4), and sabre/vobject and Radicale refuse such a line.
///
/// ```swift
/// RawParameters(Array("TAIL;PARAM=value;:x".utf8)[...]).hasEmptyParameter   // true
/// ```
struct RawParameters {
    /// A `;` right before another `;` or before the `:` that ends the section.
    private(set) var hasEmptyParameter = false
    /// A `"` that neither opens a value (after `=` or `,`) nor closes a quoted one.
    private(set) var hasStrayQuote = false

    /// Scans the line `raw` (folding included) up to the `:` that starts its value.
    init(_ raw: ArraySlice<UInt8>) {
        var inParameters = false, quoted = false, afterLineBreak = false
        var previous: UInt8 = 0
        for byte in raw {
            if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                afterLineBreak = true
                continue
            }
            if afterLineBreak {
                afterLineBreak = false
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }  // a fold
            }
            switch byte {
            case UInt8(ascii: "\""):
                if quoted {
                    quoted = false
                } else if inParameters && (previous == UInt8(ascii: "=") || previous == UInt8(ascii: ",")) {
                    quoted = true
                } else if inParameters {
                    hasStrayQuote = true
                }
            case UInt8(ascii: ";") where !quoted:
                if inParameters && previous == UInt8(ascii: ";") { hasEmptyParameter = true }
                inParameters = true
            case UInt8(ascii: ":") where !quoted:
                if inParameters && previous == UInt8(ascii: ";") { hasEmptyParameter = true }
                return
            default: break
            }
            previous = byte
        }
    }

    /// The scan of `property` as read; `nil` for a property changed or made in code.
    init?(_ property: Property) {
        guard let raw = property.raw else { return nil }
        self.init(raw)
    }
}
