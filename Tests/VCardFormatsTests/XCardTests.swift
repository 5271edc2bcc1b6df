import Foundation
import Testing
import VCardParser

@testable import VCardFormats

/// xCard against RFC 6351's own example (§4), round trips of every kind of fixture, and the
/// details of the format.
@Suite struct XCardTests {
    @Test func rfcExampleDecodesToItsVCard() throws {
        let decoded = try XCard.decode(Fixtures.bytes("rfc6351-example.xml"))
        let expected = try Fixtures.cards("rfc6351-4.0.vcf")
        #expect(decoded.count == 1)
        #expect(semantics(decoded[0]) == semantics(expected[0]))
        #expect(
            canonical(decoded) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:Simon Perreault\r
                N:Perreault;Simon;;;ing. jr,M.Sc.\r
                BDAY:--0203\r
                ANNIVERSARY:20090808T1430-0500\r
                GENDER:M\r
                LANG;PREF=1:fr\r
                LANG;PREF=2:en\r
                ORG;TYPE=work:Viagenie\r
                ADR;TYPE=work;LABEL="Simon Perreault^n2875 boul. Laurier, suite D2-630^nQue\r
                 bec, QC, Canada^nG1V 2M2":;;2875 boul. Laurier\\, suite D2-630;Quebec;QC;G1\r
                 V 2M2;Canada\r
                TEL;TYPE=work,voice;VALUE=uri:tel:+1-418-656-9254;ext=102\r
                TEL;TYPE=work,text,voice,cell,video;VALUE=uri:tel:+1-418-262-6501\r
                EMAIL;TYPE=work:simon.perreault@viagenie.ca\r
                GEO;TYPE=work:geo:46.766336,-71.28955\r
                KEY;TYPE=work:http://www.viagenie.ca/simon.perreault/simon.asc\r
                TZ:America/Montreal\r
                URL;TYPE=home:http://nomis80.org\r
                END:VCARD\r

                """)
    }

    @Test func rfcExampleCardEncodesToTheRFCExample() throws {
        let card = try Fixtures.cards("rfc6351-4.0.vcf")
        let encoded = try XMLReader.parse(XCard.encode(card)).root
        let example = try XMLReader.parse(Fixtures.bytes("rfc6351-example.xml")).root
        #expect(outline(encoded) == outline(example))
    }

    @Test func rfc6350CardToXCardAndBack() throws {
        let card = try Fixtures.cards("rfc6350-4.0.vcf")
        let xml = String(decoding: XCard.encode(card), as: UTF8.self)
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">
                  <vcard>
                    <fn><text>Simon Perreault</text></fn>
                    <n><surname>Perreault</surname><given>Simon</given><additional/><prefix/><suffix>ing. jr</suffix><suffix>M.Sc.</suffix></n>
                    <bday><date>--0203</date></bday>
                    <anniversary><date-time>20090808T1430-0500</date-time></anniversary>
                    <gender><sex>M</sex></gender>
                    <lang><parameters><pref><integer>1</integer></pref></parameters><language-tag>fr</language-tag></lang>
                    <lang><parameters><pref><integer>2</integer></pref></parameters><language-tag>en</language-tag></lang>
                    <org><parameters><type><text>work</text></type></parameters><text>Viagenie</text></org>
                    <adr><parameters><type><text>work</text></type></parameters><pobox/><ext>Suite D2-630</ext><street>2875 Laurier</street><locality>Quebec</locality><region>QC</region><code>G1V 2M2</code><country>Canada</country></adr>
                    <tel><parameters><type><text>work</text><text>voice</text></type><pref><integer>1</integer></pref></parameters><uri>tel:+1-418-656-9254;ext=102</uri></tel>
                    <tel><parameters><type><text>work</text><text>cell</text><text>voice</text><text>video</text><text>text</text></type></parameters><uri>tel:+1-418-262-6501</uri></tel>
                    <email><parameters><type><text>work</text></type></parameters><text>simon.perreault@viagenie.ca</text></email>
                    <geo><parameters><type><text>work</text></type></parameters><uri>geo:46.772673,-71.282945</uri></geo>
                    <key><parameters><type><text>work</text></type></parameters><uri>http://www.viagenie.ca/simon.perreault/simon.asc</uri></key>
                    <tz><utc-offset>-0500</utc-offset></tz>
                    <url><parameters><type><text>home</text></type></parameters><uri>http://nomis80.org</uri></url>
                  </vcard>
                </vcards>

                """)
        #expect(try XCard.decode(Array(xml.utf8)).map(semantics) == card.map(semantics))
    }

    @Test(arguments: roundTripFixtures)
    func vcardToXCardToVCardKeepsEveryValue(fixture: String) throws {
        let cards = try Fixtures.cards(fixture)
        let xml = XCard.encode(cards)
        let decoded = try XCard.decode(xml)
        #expect(decoded.count == cards.count)
        #expect(decoded.map(semantics) == cards.map(semantics))
        #expect(decoded.map(contactValues) == cards.map(contactValues))
        #expect(XCard.encode(decoded) == xml)
        let reread = try VCardDecoder(mode: .strict).decode(VCardWriter(style: .canonical).encode(decoded)).cards
        #expect(reread.map(semantics) == cards.map(semantics))
    }

    @Test func groupsEscapingAndTypes() throws {
        let card = try #require(
            try VCardDecoder().decode(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Tom & Jerry <cartoons>\r
                item1.EMAIL;TYPE=INTERNET:tom@example.com\r
                item1.X-ABLabel:_$!<Other>!$_\r
                item2.TEL:+1 555 0100\r
                item2.X-ABLabel:"quoted"\r
                NICKNAME:Tom,Jerry\r
                CATEGORIES:a\\,b,c\r
                ORG:Acme;R&D\r
                BDAY:1980-04-12\r
                X-FLAG;VALUE=boolean:TRUE\r
                X-COUNT;VALUE=integer:1,2\r
                NOTE:Line 1\\nLine 2\r
                GENDER:;it's complicated\r
                END:VCARD\r

                """
            ).cards.first)
        let xml = String(decoding: XCard.encode([card]), as: UTF8.self)
        let lines: [String] = xml.split(separator: "\n").dropFirst(3).dropLast(2).map { String($0.drop { $0 == " " }) }
        let expected: [String] = [
            "<fn><text>Tom &amp; Jerry &lt;cartoons&gt;</text></fn>",
            "<group name=\"item1\">",
            "<email><parameters><type><text>INTERNET</text></type></parameters><text>tom@example.com</text></email>",
            "<x-ablabel><unknown>_$!&lt;Other&gt;!$_</unknown></x-ablabel>",
            "</group>",
            "<group name=\"item2\">",
            "<tel><text>+1 555 0100</text></tel>",  // typed with spaces: a tel: URI would lose them
            "<x-ablabel><unknown>\"quoted\"</unknown></x-ablabel>",
            "</group>",
            "<nickname><text>Tom</text><text>Jerry</text></nickname>",
            "<categories><text>a,b</text><text>c</text></categories>",
            "<org><text>Acme</text><text>R&amp;D</text></org>",
            "<bday><date>19800412</date></bday>",
            "<x-flag><boolean>true</boolean></x-flag>",
            "<x-count><integer>1</integer><integer>2</integer></x-count>",
            "<note><text>Line 1",
            "Line 2</text></note>",
            "<gender><sex/><identity>it's complicated</identity></gender>",
        ]
        #expect(lines == expected)
        let back = try #require(try XCard.decode(Array(xml.utf8)).first)
        #expect(semantics(back) == semantics(card))
    }

    @Test func readsWhatOtherWritersWrite() throws {
        let xml = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <x:vcards xmlns:x="urn:ietf:params:xml:ns:vcard-4.0" xmlns:e="http://example.com/ext">
              <x:vcard>
                <x:version><x:text>4.0</x:text></x:version>
                <x:fn><x:text><![CDATA[A <b>bold</b> name]]></x:text></x:fn>
                <x:bday><x:time>1022</x:time></x:bday>
                <x:tel><x:parameters><x:type><x:text>cell</x:text></x:type><x:type><x:text>voice</x:text></x:type></x:parameters><x:text> +1 555 </x:text></x:tel>
                <e:shoe-size>44</e:shoe-size>
                <x:x-empty/>
                <x:x-bare>raw text</x:x-bare>
              </x:vcard>
            </x:vcards>
            """
        let card = try #require(try XCard.decode(Array(xml.utf8)).first)
        #expect(
            canonical([card]) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:A <b>bold</b> name\r
                BDAY:T1022\r
                TEL;TYPE=cell,voice: +1 555 \r
                XML:<shoe-size xmlns="http://example.com/ext">44</shoe-size>\r
                X-EMPTY;VALUE=text:\r
                X-BARE:raw text\r
                END:VCARD\r

                """)
    }

    @Test(arguments: [
        ErrorCase("", 1, 0, "invalid XML"),
        ErrorCase("<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">\n<vcard>\n</vcards>", 3, 0, "invalid XML"),
        ErrorCase("<html/>", 1, 0, "expected <vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">, found <html>"),
        ErrorCase("<vcards xmlns=\"urn:other\"/>", 1, 0, "expected <vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\">, found <vcards>"),
    ])
    func badInputIsReportedWithItsLine(_ error: ErrorCase) {
        #expect {
            try XCard.decode(Array(error.input.utf8))
        } throws: { thrown in
            guard let e = thrown as? FormatError else { return false }
            return e.line == error.line && e.message.hasPrefix(error.message)
        }
    }
}

/// Element names, attributes and non-blank text, indented: two documents that differ only in
/// white space between elements have the same outline.
func outline(_ element: XMLTree.Element, depth: Int = 0) -> [String] {
    let text = element.text.allSatisfy(\.isWhitespace) ? "" : " " + element.text.debugDescription
    let attributes = element.attributes.sorted { $0.name < $1.name }.map { " \($0.name)=\($0.value)" }.joined()
    let line = String(repeating: "  ", count: depth) + "\(element.namespace ?? "-") \(element.name)\(attributes)\(text)"
    return [line] + element.children.flatMap { outline($0, depth: depth + 1) }
}
