import Testing
@testable import VCardParser

/// `NameTable` hashes and compares a name's first eight bytes as one word, upper-cased eight at a
/// time: every spelling of a name's case must find it, and a name one byte off must not.
@Suite struct NameTableTests {
    static let names = ["N", "FN", "TEL", "EMAIL", "X-ABLABEL", "BIRTHPLACE", "X-ANDROID-CUSTOM", "CLIENTPIDMAP", "ABCDEFGH", "ABCDEFGHI"]
    let table = NameTable(names.enumerated().map { ($1, $0) })

    func value(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { table.value(for: $0) }
    }

    @Test func everyCaseOfEveryNameIsFound() {
        for (index, name) in Self.names.enumerated() {
            for mask in 0..<(1 << min(name.count, 10)) {
                let cased = String(name.enumerated().map { i, c in mask >> i & 1 == 1 ? Character(c.lowercased()) : c })
                #expect(value(cased) == index, "\(cased)")
            }
        }
    }

    @Test func aNameOneByteOffIsNotFound() {
        for name in Self.names {
            let bytes = Array(name.utf8)
            for i in bytes.indices {
                // Neighbours, the case bit on a non-letter (`-` and `@`-like twins), and a byte above ASCII.
                for changed in [bytes[i] &+ 1, bytes[i] &- 1, bytes[i] ^ 0x20, 0xC3] where changed | 0x20 != bytes[i] | 0x20 || !bytes[i].isLetter {
                    var spoilt = bytes
                    spoilt[i] = changed
                    let text = String(decoding: spoilt, as: UTF8.self)
                    #expect(value(text) == nil, "\(spoilt)")
                }
            }
            #expect(value(name + "X") == nil)
            #expect(value(String(name.dropLast())) == Self.names.firstIndex(of: String(name.dropLast())))
        }
        #expect(value("") == nil)
    }
}

extension NameTableTests {
    /// A line's name read in one load (``NameTable/value(forNameAt:in:)``): the bytes after it
    /// are masked off, whatever they are, and a name at the very end of the bytes, or longer
    /// than a load, is read as before.
    @Test func aNameReadFromItsLineFindsWhatItsBytesFind() {
        for name in Self.names + ["X", "TELX", "ABCDEFG", "X-ABLABEL"] {
            for lowered in [name, name.lowercased()] {
                for after in ["", ":", ";TYPE=work:+1 555 0100\r\n", "GH:1\r\n", "\u{C3}\u{A9}:x"] {
                    let line = Array((lowered + after).utf8)
                    let found = line.withUnsafeBufferPointer { table.value(forNameAt: 0..<lowered.utf8.count, in: $0) }
                    #expect(found == value(lowered), "\(lowered + after)")
                }
                // In the middle of a card: a group before it.
                let grouped = Array(("item1." + lowered + ":x\r\nEND:VCARD\r\n").utf8)
                let found = grouped.withUnsafeBufferPointer { table.value(forNameAt: 6..<(6 + lowered.utf8.count), in: $0) }
                #expect(found == value(lowered), "item1.\(lowered)")
            }
        }
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}
