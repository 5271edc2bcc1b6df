/// A JSON value with the offset it was read from, objects keeping their key order.
///
/// A small reader and writer of RFC 8259 JSON, so that parameter order survives a round trip
/// (Foundation's `JSONSerialization` gives dictionaries) and numbers keep the digits they were
/// written with.
struct JSON {
    enum Kind {
        case string(String)
        /// The number as written (`1.50` stays `1.50`).
        case number(String)
        case bool(Bool)
        case null
        case array([JSON])
        case object([(key: String, value: JSON)])
    }

    /// How deep arrays and objects may nest, so that hostile input cannot exhaust the stack.
    static let maxDepth = 512

    var kind: Kind
    /// Byte offset of the value in the input, for messages; 0 for values made in code.
    var offset = 0

    init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    static func string(_ s: String) -> JSON { JSON(.string(s)) }
    static func array(_ a: [JSON]) -> JSON { JSON(.array(a)) }

    var string: String? { if case .string(let s) = kind { return s } else { return nil } }
    var array: [JSON]? { if case .array(let a) = kind { return a } else { return nil } }
    var object: [(key: String, value: JSON)]? { if case .object(let o) = kind { return o } else { return nil } }

    /// The value as the text a vCard would hold: strings as they are, numbers as written,
    /// booleans as `TRUE`/`FALSE`; `nil` for `null`, arrays and objects.
    var scalarText: String? {
        switch kind {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "TRUE" : "FALSE"
        default: return nil
        }
    }

    /// Equality of content: object keys in any order, numbers compared as written.
    func isEquivalent(to other: JSON) -> Bool {
        switch (kind, other.kind) {
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { entry in b.contains { $0.key == entry.key && $0.value.isEquivalent(to: entry.value) } }
        default: return false
        }
    }
}

// MARK: - Reading

extension JSON {
    /// Parses one JSON text (an optional UTF-8 byte-order mark, white space around it).
    static func parse(_ bytes: [UInt8]) throws(FormatError) -> JSON {
        var reader = JSONReader(bytes: bytes)
        return try reader.document()
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    func error(_ message: String, at offset: Int? = nil) -> FormatError {
        FormatError(at: offset ?? i, in: bytes, message)
    }

    mutating func document() throws(FormatError) -> JSON {
        skipSpace()
        let value = try self.value()
        skipSpace()
        guard i == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    mutating func value() throws(FormatError) -> JSON {
        guard i < bytes.count else { throw error("unexpected end of input; expected a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "\""): return JSON(.string(try string()), offset: start)
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "t"): try literal("true"); return JSON(.bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSON(.bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSON(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSON(.number(try number()), offset: start)
        default: throw error("expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(FormatError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[i + $0] == word.utf8Start[$0] })
        else { throw error("expected a value") }
        i += count
    }

    mutating func nest() throws(FormatError) {
        depth += 1
        guard depth <= JSON.maxDepth else { throw error("nested more than \(JSON.maxDepth) deep") }
    }

    mutating func array() throws(FormatError) -> JSON {
        let start = i
        try nest()
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return JSON(.array(items), offset: start)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input; expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("expected ',' or ']'")
        }
        depth -= 1
        return JSON(.array(items), offset: start)
    }

    mutating func object() throws(FormatError) -> JSON {
        let start = i
        try nest()
        i += 1
        var members: [(key: String, value: JSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return JSON(.object(members), offset: start)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input; expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("expected ',' or '}'")
        }
        depth -= 1
        return JSON(.object(members), offset: start)
    }

    mutating func number() throws(FormatError) -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits()
        guard intDigits > 0 else { throw error("expected a digit") }
        if intDigits > 1, bytes[intStart] == 0x30 { throw error("a number cannot start with 0", at: intStart) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func string() throws(FormatError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        var runStart = i
        while true {
            guard i < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<i])
                i += 1
                break
            }
            if b < 0x20 { throw error("control character in a string; write it as an escape") }
            guard b == UInt8(ascii: "\\") else { i += 1; continue }
            out.append(contentsOf: bytes[runStart..<i])
            i += 1
            guard i < bytes.count else { throw error("unterminated string", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate needs its low one.
                    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD for the lone one
                            scalar = low
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                }
                if (0xD800..<0xE000).contains(scalar) { scalar = 0xFFFD }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error("unknown escape '\\\(String(decoding: [e], as: UTF8.self))'", at: i - 2)
            }
            runStart = i
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws(FormatError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits after '\\u'") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: throw error("expected four hex digits after '\\u'")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}

// MARK: - Writing

extension JSON {
    /// Appends the value on one line: `[` `,` `:` followed by a space, `{}` and `[]` for empty ones.
    func write(to out: inout [UInt8]) {
        switch kind {
        case .string(let s): JSON.writeString(s, to: &out)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(contentsOf: ", ".utf8) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, member) in members.enumerated() {
                if n > 0 { out.append(contentsOf: ", ".utf8) }
                JSON.writeString(member.key, to: &out)
                out.append(contentsOf: ": ".utf8)
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, the rest
    /// as UTF-8.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
