import Testing
import VCardParser

/// How the parser reads the spelling of a name (a property's, a group's, a parameter's): it must
/// agree with a plain byte-by-byte reading wherever the byte that matters falls, at every length,
/// whatever follows the name.
@Suite struct NameSpellingTests {
    enum Spelling: Equatable { case writable, withUnderscore, invalid }

    /// The byte-by-byte reading: letters, digits and `-` are written as they are; `_` is read
    /// without a warning but mapped when written; anything else is invalid.
    static func expected(_ name: [UInt8]) -> Spelling {
        var result = Spelling.writable
        for byte in name {
            let lower = byte | 0x20
            if (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D { continue }
            guard byte == UInt8(ascii: "_") else { return .invalid }
            result = .withUnderscore
        }
        return result
    }

    /// How the parser read the name: from its warning, and from whether the canonical writer
    /// wrote it as it was.
    static func read(_ line: [UInt8], name: [UInt8], code: DiagnosticCode) throws -> Spelling {
        let card = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\n".utf8) + line + Array("\r\nEND:VCARD\r\n".utf8)
        var reader = VCardReader(bytes: card)
        let parsed = try #require(try reader.next())
        if reader.takeWarnings().contains(where: { $0.code == code }) { return .invalid }
        // The writer may change the case of a name's letters, and only that, when it takes it as it is.
        func lower(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
        let written = lower(VCardWriter(style: .canonical).encode([parsed])), wanted = lower(name + [UInt8(ascii: ":")])
        return written.indices.contains { Array(written[$0...].prefix(wanted.count)) == wanted } ? .writable : .withUnderscore
    }

    /// A bad byte, `_` or a letter at every place of names of every length up to 20, in a
    /// property's name and in its group, followed by ASCII or by UTF-8.
    @Test(arguments: [Array("plain value".utf8), Array("é".utf8), []])
    func everyByteIsSeenAtEveryPlaceAndLength(value: [UInt8]) throws {
        let pattern = Array("Xa9-Zq".utf8)
        for length in 1...20 {
            for position in 0..<length {
                for odd: [UInt8] in [[UInt8(ascii: "_")], [UInt8(ascii: "!")], [0xC3, 0xA9], [UInt8(ascii: "q")]] {
                    var name = (0..<length).map { pattern[$0 % pattern.count] }
                    name.replaceSubrange(position...position, with: odd)
                    let want = Self.expected(name)
                    let asName = try Self.read(name + [UInt8(ascii: ":")] + value, name: name, code: .invalidName)
                    #expect(asName == want, "name \(String(decoding: name, as: UTF8.self))")
                    let asGroup = try Self.read(name + Array(".NOTE:".utf8) + value, name: name + Array(".NOTE".utf8), code: .invalidName)
                    #expect(asGroup == want, "group \(String(decoding: name, as: UTF8.self))")
                    let asParameter = try Self.read(Array("NOTE;".utf8) + name + Array("=1:".utf8) + value, name: [], code: .invalidParameter)
                    #expect((asParameter == .invalid) == (want == .invalid), "parameter \(String(decoding: name, as: UTF8.self))")
                }
            }
        }
    }

    /// A name folded across lines is read from its joined text, which may end a few bytes after
    /// the name.
    @Test func aFoldedShortLineIsReadToo() throws {
        #expect(try Self.read(Array("N_\r\n :v".utf8), name: Array("N_".utf8), code: .invalidName) == .withUnderscore)
        #expect(try Self.read(Array("N!\r\n :v".utf8), name: Array("N!".utf8), code: .invalidName) == .invalid)
        #expect(try Self.read(Array("Na\r\n :v".utf8), name: Array("Na".utf8), code: .invalidName) == .writable)
    }
}
