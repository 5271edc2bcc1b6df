import Testing
import VCardParser

/// Writer details found by scripts/interop.sh (ez-vcard and vobject reading vcardtool's output):
/// each test is one output that a reference reader misread before.
@Suite struct InteropWriterTests {
    func text(_ cards: [VCard], _ version: VCardVersion) -> String {
        String(decoding: VCardWriter(style: .canonical, version: version).encode(cards), as: UTF8.self)
    }

    @Test func aQuotedPrintableLineAfterASoftBreakNeverStartsWithASpace() throws {
        let note = "First programmer; wrote notes on the Analytical Engine, 1843.\nSee also: Babbage and more."
        let card = VCard(version: .v4, properties: [Property(name: "NOTE", value: Escaping.escape(note, for: .v4))])
        let out = text([card], .v2_1)
        #expect(out.contains("=\r\n=20on the Analytical"))
        #expect(!out.contains("=\r\n "))
        let back = try VCardDecoder().decode(out).cards
        #expect(back.first?.first("NOTE")?.text == note)
    }

    @Test func a21TypeThatIsNotAWordIsWrittenWithItsName() throws {
        let card = try VCardDecoder().decode(
            """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:A\r
            ADR;TYPE="Both work and home",POSTAL;TYPE=:;;1 Main St;Raleigh;NC;27613;USA\r
            LOGO;ENCODING=b;TYPE=image/png:iVBORw0KGgo=\r
            END:VCARD\r

            """
        ).cards
        let out = text(card, .v2_1)
        #expect(out.contains("ADR;TYPE=Both work and home;POSTAL:;;1 Main St;"))
        #expect(out.contains("LOGO;ENCODING=BASE64;TYPE=image/png:"))
    }

    @Test func aRawLineBreakInAPropertyWithoutAKnownKindIsEscapedIn40() throws {
        let card = try VCardDecoder().decode(
            """
            BEGIN:VCARD\r
            N:\r
            LABEL;QUOTED-PRINTABLE;WORK:401 Park Drive=0ABoston, MA 02215\r
            END:VCARD\r

            """
        ).cards
        let out = text(card, .v4)
        #expect(out.contains("X-LABEL;TYPE=WORK:401 Park Drive\\nBoston, MA 02215\r\n"))
        #expect(!out.contains("Drive\nBoston"))
    }
}
