import Foundation
import Testing
import VCardParser

/// A value whose `CHARSET=UTF-8` is true but for a few bytes: only those bytes are lost.
@Suite struct CharsetRepairTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String, value: String, text: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one bad byte", value: "M=C3=BCller =FF Stra=C3=9Fe", text: "Müller \u{FFFD} Straße"),
        Case(name: "cut sequence at the end", value: "Caf=C3=A9 =C3", text: "Café \u{FFFD}"),
        Case(name: "lone continuation byte", value: "=E2=82=AC=82x", text: "€\u{FFFD}x"),
        Case(name: "soft break inside a sequence", value: "Zo=C3=\r\n=AB=C0", text: "Zoë\u{FFFD}"),
    ]

    @Test(arguments: cases)
    func validPartIsUTF8AndEachBadSequenceIsReplaced(case c: Case) throws {
        let input = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;J;;;\r\nNOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(c.value)\r\nEND:VCARD\r\n"
        let result = try VCardDecoder().decode(Array(input.utf8))
        #expect(try #require(result.cards.first?.first("NOTE")).text == c.text)
        #expect(result.warnings.map(\.code) == [.invalidUTF8])
        #expect(result.warnings.map(\.position.line) == [4])
    }

    @Test func rawBytesWithCharsetUTF8() throws {
        let input: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN;CHARSET=utf-8:Jos".utf8) + [0xC3, 0xA9, 0x20, 0xE9] + Array("\r\nEND:VCARD\r\n".utf8)
        let result = try VCardDecoder().decode(input)
        #expect(result.cards.first?.first("FN")?.text == "José \u{FFFD}")
        #expect(result.warnings.map(\.code) == [.invalidUTF8])
        #expect(result.warnings.first?.message == "bytes are not valid UTF-8 as CHARSET says; each invalid sequence is replaced with U+FFFD")
    }
}
