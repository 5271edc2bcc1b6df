import ContactsModel
import Testing
import VCardParser

@testable import VCardFormats

/// Outlook CSV against a retyped export (`outlook-contacts.csv`, the 61 columns exactly as
/// Outlook writes them): reading, the round trip, the choice of phone columns, what has no column.
@Suite struct CSVOutlookTests {
    static let header =
        "First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,"
        + "E-mail Address,E-mail 2 Address,E-mail 3 Address,Home Phone,Home Phone 2,Business Phone,Business Phone 2,"
        + "Mobile Phone,Car Phone,Other Phone,Primary Phone,Pager,Business Fax,Home Fax,Other Fax,Company Main Phone,"
        + "Callback,Radio Phone,Telex,TTY/TDD Phone,IMAddress,Job Title,Department,Company,Office Location,"
        + "Manager's Name,Assistant's Name,Assistant's Phone,Company Yomi,Business Street,Business City,Business State,"
        + "Business Postal Code,Business Country/Region,Home Street,Home City,Home State,Home Postal Code,"
        + "Home Country/Region,Other Street,Other City,Other State,Other Postal Code,Other Country/Region,"
        + "Personal Web Page,Spouse,Schools,Hobby,Location,Web Page,Birthday,Anniversary,Notes"

    @Test func writesOutlooksHeaderRow() throws {
        let fixture = try #require(try CSVReader.rows(Fixtures.bytes("outlook-contacts.csv")).first)
        #expect(fixture.joined(separator: ",") == Self.header)
        #expect(fixture.count == 61)
        let written = try CSVReader.rows(CSV.encode([VCard(properties: [Property(name: "FN", value: "Ada")])], layout: .outlook))
        #expect(written[0] == fixture)
        #expect(written[1][0] == "Ada")
    }

    @Test func readsTheFirstRowAsThisCard() throws {
        let cards = try CSV.decode(Fixtures.bytes("outlook-contacts.csv"))
        #expect(cards.count == 3)
        #expect(
            canonical([cards[0]]) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                N:Lovelace;Ada;King;Countess;\r
                FN:Countess Ada King Lovelace\r
                NICKNAME:Ada\r
                ORG:Analytical Engines Ltd.;Research\r
                TITLE:Mathematician\r
                NOTE:Wrote the first program.\\nLikes poetry\\, and "poetical science".\r
                BDAY:1815-12-10\r
                TEL;TYPE=home:+44 20 7946 0010\r
                TEL;TYPE=work:+44 20 7946 0019\r
                TEL;TYPE=work:+44 20 7946 0020\r
                TEL;TYPE=cell:+44 20 7946 0018\r
                item1.TEL:+44 7700 900123\r
                item1.X-ABLABEL:Car\r
                TEL;TYPE=work,fax:+44 20 7946 0021\r
                EMAIL:ada@analytical.example\r
                EMAIL:ada@home.example\r
                EMAIL:ada.king@home.example\r
                ADR;TYPE=work:;;1 Dorset Street;London;;W1U 4EG;United Kingdom\r
                ADR;TYPE=home:;;12 St James's Square\\nFlat 2;London;;SW1Y 4JH;United Kingdo\r
                 m\r
                URL;TYPE=home:https://ada.example/\r
                URL:https://analytical.example/ada\r
                IMPP:im:ada@jabber.example\r
                item2.RELATED;VALUE=text:Charles Babbage\r
                item2.X-ABLABEL:Manager\r
                RELATED;VALUE=text;TYPE=spouse:William King\r
                ANNIVERSARY:1835-07-08\r
                X-CSV-OFFICE-LOCATION;X-COLUMN="Office Location":Room 4\\, East Wing\r
                END:VCARD\r

                """)
    }

    @Test(arguments: [VCardVersion.v3, .v4])
    func importThenExportGivesTheSameTable(through version: VCardVersion) throws {
        let bytes = try Fixtures.bytes("outlook-contacts.csv")
        let vcf = VCardWriter(style: .canonical, version: version).encode(try CSV.decode(bytes))
        var warnings: [String] = []
        #expect(CSV.encode(try VCardDecoder().decode(vcf).cards, layout: .outlook, warnings: &warnings) == bytes)
        #expect(warnings.isEmpty)
    }

    @Test func phoneLabelsChooseColumnsAndWhatHasNoneIsReported() throws {
        let card = try #require(
            try VCardDecoder().decode(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Grace Hopper\r
                N:Hopper;Grace;;;\r
                TEL;TYPE=CELL:+1 555 0101\r
                TEL;TYPE=CELL:+1 555 0102\r
                TEL;TYPE=CELL:+1 555 0103\r
                TEL;TYPE=WORK,FAX:+1 555 0104\r
                item1.TEL:+1 555 0105\r
                item1.X-ABLabel:_$!<Main>!$_\r
                EMAIL:1@example.org\r
                EMAIL:2@example.org\r
                EMAIL:3@example.org\r
                EMAIL:4@example.org\r
                BDAY:--12-09\r
                CATEGORIES:Navy\r
                END:VCARD\r

                """
            ).cards.first)
        var warnings: [String] = []
        let rows = try CSVReader.rows(CSV.encode([card], layout: .outlook, warnings: &warnings))
        let table = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(table["Mobile Phone"] == "+1 555 0101")
        #expect(table["Other Phone"] == "+1 555 0102")
        #expect(table["Business Fax"] == "+1 555 0104")
        #expect(table["Primary Phone"] == "+1 555 0105")
        #expect(table["E-mail 3 Address"] == "3@example.org")
        #expect(table["Birthday"] == "--12-09")
        #expect(warnings == ["Grace Hopper: no Outlook column for email 4@example.org, phone +1 555 0103, categories"])
    }

    /// Apple's relation labels (`_$!<Spouse>!$_`, `_$!<Manager>!$_`, `_$!<Assistant>!$_`) name
    /// Outlook's `Spouse`, `Manager's Name` and `Assistant's Name` columns, as RFC 6350 §6.6.6
    /// `RELATED;TYPE=spouse` does; Google writes them `Spouse`, `Manager`, `Assistant`.
    @Test(arguments: [VCardVersion.v3, .v4])
    func appleRelationLabelsFindTheirColumns(version: VCardVersion) throws {
        let card = try #require(
            try VCardDecoder().decode(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Ada Lovelace\r
                item1.X-ABRELATEDNAMES:William King\r
                item1.X-ABLabel:_$!<Spouse>!$_\r
                item2.X-ABRELATEDNAMES:Charles Babbage\r
                item2.X-ABLabel:_$!<Manager>!$_\r
                item3.X-ABRELATEDNAMES:Mary Somerville\r
                item3.X-ABLabel:_$!<Assistant>!$_\r
                item4.X-ABRELATEDNAMES:Annabella\r
                item4.X-ABLabel:_$!<Mother>!$_\r
                END:VCARD\r

                """
            ).cards.first
        ).converted(to: version)
        var warnings: [String] = []
        let rows = try CSVReader.rows(CSV.encode([card], layout: .outlook, warnings: &warnings))
        let table = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(table["Spouse"] == "William King")
        #expect(table["Manager's Name"] == "Charles Babbage")
        #expect(table["Assistant's Name"] == "Mary Somerville")
        #expect(warnings == ["Ada Lovelace: no Outlook column for relation Annabella"])
        let google = try CSVReader.rows(CSV.encode([card], layout: .google))
        let labels = zip(google[0], google[1]).filter { $0.0.hasPrefix("Relation") && $0.0.hasSuffix("Label") }.map(\.1)
        #expect(labels == ["Spouse", "Manager", "Assistant", "Mother"])
    }

    @Test func readsOutlookDatesAndTheEmptyDate() throws {
        let text = "First Name,Birthday,Anniversary\r\nAda,12/10/1815,0/0/00\r\n"
        let card = try #require(try CSV.decode(Array(text.utf8), layout: .outlook).first)
        #expect(card.first("BDAY")?.value == "1815-12-10")
        #expect(card.first("ANNIVERSARY") == nil)
    }
}
