/// Splits a parameter section (`TYPE=work,voice;PREF=1`) into parameters, on bytes.
enum ParameterScanner {
    /// Calls `body` with the range of each `;`-separated parameter (quotes protect `;` unless
    /// `quotesAreLiteral`).
    @inline(__always)
    static func forEach(
        _ bytes: UnsafeBufferPointer<UInt8>, _ section: Range<Int>, quotesAreLiteral: Bool,
        _ body: (Range<Int>) -> Void
    ) {
        guard !section.isEmpty else { return }
        var start = section.lowerBound
        var inQuotes = false
        var i = start
        while let found = ByteSearch.first(.semicolon, .quote, .semicolon, in: bytes, from: i, to: section.upperBound) {
            if bytes[found] == .quote {
                if !quotesAreLiteral { inQuotes.toggle() }
            } else if !inQuotes {
                body(start..<found)
                start = found + 1
            }
            i = found &+ 1
        }
        body(start..<section.upperBound)
    }

    /// The index of the `=` in a parameter, or `nil` for a 2.1 bare parameter (`WORK`).
    @inline(__always)
    static func equalsSign(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        ByteSearch.first(.equals, .equals, .equals, in: bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// Whether a bare value is one of the 2.1 encodings, which name `ENCODING` rather than `TYPE`.
    static func isEncodingKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let value = UnsafeBufferPointer(rebasing: bytes[range])
        return ASCII.equals(value, lowercased: "quoted-printable") || ASCII.equals(value, lowercased: "base64")
            || ASCII.equals(value, lowercased: "b") || ASCII.equals(value, lowercased: "7bit") || ASCII.equals(value, lowercased: "8bit")
    }

    /// What a 2.1 bare parameter is called: `ENCODING` for a transfer encoding, else `TYPE`.
    static func bareName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> StaticString {
        isEncodingKeyword(bytes, range) ? "ENCODING" : "TYPE"
    }

    /// The parameter in `range`; `nil` for an empty one.
    static func parameter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion) -> Parameter? {
        guard !range.isEmpty else { return nil }
        guard let equals = equalsSign(bytes, range) else {
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return Parameter(name: bareName(bytes, range).description, values: [value], isBare: true)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<equals]), as: UTF8.self)
        var values: [String] = []
        forEachValue(bytes, (equals + 1)..<range.upperBound) { values.append(value(bytes, $0, version: version)) }
        return Parameter(name: name, values: values)
    }

    /// Calls `body` with each value in `range` (a parameter's after its `=`), split at the commas
    /// outside quotes; the quotes are kept (``unquoted(_:_:)`` drops them).
    @inline(__always)
    static func forEachValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        var inQuotes = false
        for i in range.lowerBound...range.upperBound {
            if i == range.upperBound || (!inQuotes && bytes[i] == .comma) {
                body(start..<i)
                start = i + 1
            } else if bytes[i] == .quote {
                inQuotes.toggle()
            }
        }
    }

    /// A value's range without the quotes around it, when it starts and ends with one.
    @inline(__always)
    static func unquoted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        guard range.count >= 2, bytes[range.lowerBound] == .quote, bytes[range.upperBound - 1] == .quote else { return range }
        return (range.lowerBound + 1)..<(range.upperBound - 1)
    }

    /// One value without its quotes, with RFC 6868 caret escapes decoded (3.0 and 4.0).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[unquoted(bytes, range)])
        guard version != .v2_1, slice.contains(.caret) else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < slice.count {
            if slice[i] == .caret, i + 1 < slice.count {
                switch slice[i + 1] {
                case UInt8(ascii: "n"): out.append(.lf); i += 2; continue
                case .caret: out.append(.caret); i += 2; continue
                case UInt8(ascii: "'"): out.append(.quote); i += 2; continue
                default: break
                }
            }
            out.append(slice[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
