import HostileInputs
import Testing
import VCardParser

/// The canonical writer copies a line whose canonical form is the line as read straight from
/// the input, with its neighbours, and writes the other lines of an unchanged property from
/// their bytes. Seeded cards with lines on each side of each condition of that copy (folded as
/// read too) must come out as the general path writes them.
@Suite struct CanonicalCopyTests {
    static let heads = ["TEL", "tel", "Tel", "item1.TEL", "Item1.EMAIL", "item2.x-ablabel", "X-A", "NOTE", "N", "FN"]
    static let parameters: [[UInt8]] =
        [
            "TYPE=work", "type=WORK", "Type=home", "TYPE=\"voice,home\"", "TYPE=\"plain\"", "X-Q=\"a;b\"", "X-Q=\"a^'b:c\"",
            "PREF=1", "pref=1", "X-C=a^nb", "ENCODING=b", "ENCODING=B", "encoding=b", "ENCODING=BASE64", "ENCODING=QUOTED-PRINTABLE", "CHARSET=UTF-8", "WORK", "", "X-D=a b", "LABEL=\"x:y\"",
            "X-É=1", "TYPE=Ärzte", "X-E=\"a\"b", "TYPE=a,", "VALUE=uri", "X_U=1", "=x",
        ].map { Array($0.utf8) } + [[0x58, 0x2D, 0x46, 0x3D, 0xC3, 0x41, 0xFF]]  // X-F=\xC3A\xFF
    static let endings = ["\r\n", "\r\n", "\r\n", "\r\n", "\n", "\r", "\r\n\r\n", "\r\r\n"]
    static let lastBytes = ["", "", "d", "D", " ", "\t", ":", "=", "\\"]

    /// One content line (or a malformed or indented one) with its line end.
    static func line(_ rng: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<24, using: &rng) {
        case 0: return Array("junk without a colon\r\n".utf8)
        case 1: return Array("JUNK;ENCODING=QUOTED-PRINTABLE;X=\r\n\r\n".utf8)  // asks for the next line
        case 2: return Array("\r\n  indented:after a blank line\r\n".utf8)
        case 3: return Array("NOTE;:semicolon before the colon\r\n".utf8)
        default: break
        }
        var line = Array(heads.randomElement(using: &rng)!.utf8)
        for _ in 0..<Int.random(in: 0...3, using: &rng) { line += [UInt8(ascii: ";")] + parameters.randomElement(using: &rng)! }
        line.append(UInt8(ascii: ":"))
        // Lengths on both sides of 75 octets, and values that end as a boundary line would.
        let target = Int.random(in: 60...85, using: &rng)
        while line.count < target { line.append(Bool.random(using: &rng) ? UInt8(ascii: "x") : UInt8(ascii: " ")) }
        if Int.random(in: 0..<8, using: &rng) == 0 { line += Array("BEGIN:VCARD".utf8) }
        if Int.random(in: 0..<10, using: &rng) == 0 { line += Array("é".utf8) }
        line += Array(lastBytes.randomElement(using: &rng)!.utf8)
        // A line folded as read: written through the general path's rules from its joined text.
        if Int.random(in: 0..<5, using: &rng) == 0 {
            line.insert(contentsOf: Array("\r\n ".utf8), at: Int.random(in: 4..<line.count, using: &rng))
        }
        return line + Array(endings.randomElement(using: &rng)!.utf8)
    }

    @Test func linesCopiedAsReadAreWhatTheGeneralPathWrites() throws {
        var rng = SplitMix64(seed: 20_261_205)
        var copied = 0
        for round in 0..<1_500 {
            let version = ["3.0", "4.0", "2.1"][round % 3]
            var text = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\n".utf8)
            for _ in 0..<Int.random(in: 1...8, using: &rng) { text += Self.line(&rng) }
            text += Array("END:VCARD\r\n".utf8)
            var cards = try VCardDecoder().decode(text).cards
            // A line taken out brings its neighbours together.
            if Bool.random(using: &rng), let card = cards.first, card.properties.count > 1 {
                cards[0].properties.remove(at: Int.random(in: 1..<card.properties.count, using: &rng))
            }
            let touched = cards.map { card in
                var card = card
                for i in card.properties.indices where !card.properties[i].isMalformed {
                    card.properties[i].value = card.properties[i].value
                }
                return card
            }
            for writer in [VCardWriter(style: .canonical), VCardWriter(version: .v4), VCardWriter(version: .v3)] {
                let fast = writer.encode(cards), general = writer.encode(touched)
                if fast != general {
                    Issue.record("\(String(decoding: text, as: UTF8.self).debugDescription) written as \(String(decoding: fast, as: UTF8.self).debugDescription), not \(String(decoding: general, as: UTF8.self).debugDescription)")
                }
            }
            // How many of the cards' lines were written as read (their bytes in the output).
            let output = VCardWriter(style: .canonical).encode(cards)
            for property in cards.flatMap(\.properties) where property.raw.map(Array.init)?.hasSuffix([0x0D, 0x0A]) == true {
                if let raw = property.raw, output.firstRange(of: Array(raw)) != nil { copied += 1 }
            }
        }
        // The seeds reach both sides: many lines copied, many written.
        #expect(copied > 1_000)
    }

    /// A card that is canonical as read is written back byte for byte.
    @Test func aCanonicalCardIsWrittenAsRead() throws {
        let text = Array(
            ("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
                + "item1.EMAIL;TYPE=work;PREF=1:ada@analytical.example\r\n"
                + "TEL;VALUE=uri;TYPE=\"voice,home\":tel:+44-20-7946-0000\r\nNOTE:Ends in d\r\nEND:VCARD\r\n").utf8)
        let cards = try VCardDecoder().decode(text).cards
        #expect(VCardWriter(style: .canonical).encode(cards) == text)
    }
}

extension Array where Element == UInt8 {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
