import Testing
import VCardParser

@testable import VCardFormats

/// A CSV that is not UTF-8: classic Outlook's "ANSI" export is Windows-1252. As the vCard reader
/// does with a value that is not UTF-8 and has no CHARSET, the reader reads it as Windows-1252
/// (from the first field that is not UTF-8 to the end of the input) and says so once, at the
/// first byte that is not UTF-8; a charset given reads every field in it, without a word.
@Suite struct CSVEncodingTests {
    /// Outlook's header, then `Zoë Ørsted`, `Café € Crème` and a second row, in Windows-1252.
    static let ansi: [UInt8] =
        Array("First Name,Last Name,Company\r\nAda,Lovelace,Plain\r\nZo".utf8) + [0xEB]
        + Array(",".utf8) + [0xD8] + Array("rsted,Caf".utf8) + [0xE9, 0x20, 0x80, 0x20] + Array("Cr".utf8) + [0xE8]
        + Array("me\r\n\"Ren".utf8) + [0xE9] + Array("e\",\"Fa".utf8) + [0xE7, 0x61, 0x64, 0x65] + Array("\",\r\n".utf8)

    static func read(_ bytes: [UInt8], _ encoding: CSVReader.Encoding = .automatic) throws -> (cards: [VCard], warning: FormatError?) {
        var reader = CSVCardReader(ByteStream(bytes: bytes), layout: .outlook, encoding: encoding)
        var cards: [VCard] = []
        var warning: FormatError?
        while let card = try reader.next() {
            cards.append(card)
            if let w = reader.takeEncodingWarning() {
                #expect(warning == nil, "warned once")
                warning = w
            }
        }
        return (cards, warning)
    }

    @Test func windows1252IsDetectedAndReportedOnceAtTheFirstBadByte() throws {
        let (cards, warning) = try Self.read(Self.ansi)
        #expect(cards.map { $0.first("FN")?.text } == ["Ada Lovelace", "Zoë Ørsted", "Renée Façade"])
        #expect(cards[1].first("ORG")?.components.first == "Café € Crème")
        #expect(warning == FormatError(line: 3, column: 3, "bytes that are not UTF-8; the CSV is read as Windows-1252 from here on (classic Outlook's \"ANSI\" export); --charset says which it is"))
        #expect(!cards.contains { card in card.properties.contains { $0.value.contains("\u{FFFD}") } })
    }

    @Test func aCharsetGivenIsUsedWithoutAWarning() throws {
        let (cards, warning) = try Self.read(Self.ansi, .windows1252)
        #expect(warning == nil)
        #expect(cards.map { $0.first("FN")?.text } == ["Ada Lovelace", "Zoë Ørsted", "Renée Façade"])
        let utf8 = Array("First Name\r\nZoë\r\n".utf8)
        #expect(try Self.read(utf8, .windows1252).cards.first?.first("FN")?.text == "ZoÃ«")
        #expect(try Self.read(utf8).cards.first?.first("FN")?.text == "Zoë")
    }

    /// `--charset utf-8` keeps UTF-8: a byte that is not is U+FFFD, and said once.
    @Test func utf8GivenReplacesBadBytesAndSaysSo() throws {
        let (cards, warning) = try Self.read(Self.ansi, .utf8)
        #expect(cards[1].first("FN")?.text == "Zo\u{FFFD} \u{FFFD}rsted")
        #expect(warning == FormatError(line: 3, column: 3, "bytes that are not UTF-8; each is read as U+FFFD (--charset utf-8)"))
    }

    @Test(arguments: ["utf-8", "UTF8", "windows-1252", "cp1252", "latin1"])
    func charsetNames(name: String) {
        #expect(CSVReader.Encoding(charset: name) != nil)
    }
}
