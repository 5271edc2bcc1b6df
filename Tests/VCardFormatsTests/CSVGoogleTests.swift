import ContactsModel
import Testing
import VCardParser

@testable import VCardFormats

/// Google Contacts CSV against a retyped export (`google-contacts.csv`, header row exactly as
/// Google writes it): reading, writing, the table's round trip through every vCard version, the
/// ` ::: ` and `* ` conventions, the old header form, and detection.
@Suite struct CSVGoogleTests {
    static let fixedHeader =
        "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,"
        + "Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,"
        + "Organization Department,Birthday,Notes,Photo,Labels"

    @Test func fixtureHeaderIsGooglesAndIsWhatWeWrite() throws {
        let bytes = try Fixtures.bytes("google-contacts.csv")
        let header = try #require(try CSVReader.rows(bytes).first)
        #expect(header.joined(separator: ",").hasPrefix(Self.fixedHeader + ",E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,"))
        let written = try CSVReader.rows(CSV.encode(try CSV.decode(bytes)))
        #expect(written.first == header)
    }

    @Test func readsTheFirstRowAsThisCard() throws {
        let cards = try CSV.decode(Fixtures.bytes("google-contacts.csv"))
        #expect(cards.count == 4)
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
                TEL;TYPE=cell:+44 20 7946 0018\r
                TEL;TYPE=work:+44 20 7946 0019\r
                EMAIL;TYPE=work;PREF=1:ada@analytical.example\r
                EMAIL;TYPE=home:ada@home.example\r
                EMAIL;TYPE=home:ada.king@home.example\r
                ADR;TYPE=home;LABEL="12 St James's Square^nLondon SW1Y 4JH^nGB":;;12 St Jam\r
                 es's Square;London;;SW1Y 4JH;GB\r
                item1.URL:https://ada.example/blog\r
                item1.X-ABLABEL:Blog\r
                CATEGORIES:myContacts,starred,Friends\r
                RELATED;VALUE=text;TYPE=spouse:William King\r
                ANNIVERSARY:1835-07-08\r
                item2.X-ABDATE:1843-09-05\r
                item2.X-ABLABEL:First program\r
                item3.X-CUSTOM-FIELD:AE-0001\r
                item3.X-ABLABEL:Employee ID\r
                END:VCARD\r

                """)
    }

    @Test func aGroupWithSeveralAddressesGivesOneAdrEach() throws {
        let cards = try CSV.decode(Fixtures.bytes("google-contacts.csv"))
        let adrs = cards[1].properties(named: "ADR")
        #expect(
            adrs.map(\.components) == [
                ["", "", "1 Dorset Street", "London", "", "W1U 4EG", "GB"],
                ["", "", "2 Trinity Lane", "Cambridge", "", "CB2 1TN", "GB"],
            ])
        #expect(adrs.allSatisfy { $0.hasType("work") })
        #expect(cards[1].first("BDAY")?.value == "--1226")
    }

    @Test func anOrganizationRowIsNamedByItsOrganization() throws {
        let cards = try CSV.decode(Fixtures.bytes("google-contacts.csv"))
        #expect(cards[2].first("FN")?.text == "Difference Engine Society")
        #expect(cards[2].first("N") == nil)
        #expect(Contact(card: cards[3]).phoneNumbers.first?.label == Label("Google Voice"))
    }

    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func importThenExportGivesTheSameTable(through version: VCardVersion) throws {
        let bytes = try Fixtures.bytes("google-contacts.csv")
        let vcf = VCardWriter(style: .canonical, version: version).encode(try CSV.decode(bytes))
        let again = CSV.encode(try VCardDecoder().decode(vcf).cards)
        if version == .v2_1 {
            // 2.1 cannot escape the comma inside one category ("Engineers, London").
            var rows = try CSVReader.rows(bytes)
            rows[4][16] = "* myContacts ::: Engineers ::: London"
            #expect(try CSVReader.rows(again) == rows)
        } else {
            #expect(again == bytes)
        }
    }

    @Test func readsWithAByteOrderMarkAndLineFeeds() throws {
        let bytes = try Fixtures.bytes("google-contacts.csv")
        let lf = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8)
        let expected = try CSV.decode(bytes)
        #expect(try CSV.decode([0xEF, 0xBB, 0xBF] + bytes) == expected)
        #expect(try CSV.decode(lf) == expected)
    }

    @Test func valuesWithOneLabelShareAGroupAndThePrimaryIsStarred() throws {
        let card = try #require(
            try VCardDecoder().decode(
                """
                BEGIN:VCARD\r
                VERSION:3.0\r
                FN:Grace Hopper\r
                N:Hopper;Grace;;;\r
                EMAIL;TYPE=INTERNET,HOME:grace@home.example\r
                EMAIL;TYPE=INTERNET,WORK,pref:grace@navy.example\r
                EMAIL;TYPE=INTERNET,HOME:hopper@home.example\r
                TEL;TYPE=CELL:+1 555 0199\r
                IMPP;X-SERVICE-TYPE=Skype:skype:grace.hopper\r
                X-JABBER:grace@jabber.example\r
                URL:https://grace.example\r
                END:VCARD\r

                """
            ).cards.first)
        let rows = try CSVReader.rows(CSV.encode([card]))
        let table = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(
            rows[0].joined(separator: ",") == Self.fixedHeader
                + ",E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value"
                + ",IM 1 - Label,IM 1 - Service,IM 1 - Value,Phone 1 - Label,Phone 1 - Value,Website 1 - Label,Website 1 - Value")
        #expect(table["E-mail 1 - Label"] == "Home")
        #expect(table["E-mail 1 - Value"] == "grace@home.example ::: hopper@home.example")
        #expect(table["E-mail 2 - Label"] == "* Work")
        #expect(table["IM 1 - Service"] == "Skype ::: Jabber")
        #expect(table["IM 1 - Value"] == "grace.hopper ::: grace@jabber.example")
        #expect(table["Phone 1 - Label"] == "Mobile")

        let back = try #require(try CSV.decode(CSV.encode([card])).first)
        #expect(back.properties(named: "IMPP").map(\.value) == ["skype:grace.hopper", "xmpp:grace@jabber.example"])
        #expect(back.properties(named: "EMAIL").map(\.preference) == [nil, nil, 1])
    }

    @Test func anInlinePhotoIsReportedNotWritten() throws {
        let card = VCard(
            version: .v4,
            properties: [
                Property(name: "FN", value: "Ada"), Property(name: "PHOTO", value: "data:image/png;base64,iVBORw0KGgo="),
            ])
        var warnings: [String] = []
        let rows = try CSVReader.rows(CSV.encode([card], warnings: &warnings))
        #expect(rows[1][0] == "Ada")
        #expect(rows[1][15] == "")
        #expect(warnings == ["Ada: no Google column for PHOTO (inline)"])
    }

    @Test func readsTheOldHeaderForm() throws {
        let text =
            "Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,"
            + "Family Name Yomi,Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,"
            + "Location,Billing Information,Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,"
            + "Notes,Language,Photo,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,"
            + "Organization 1 - Type,Organization 1 - Name,Organization 1 - Title\r\n"
            + "Ada Lovelace,Ada,,Lovelace,,,,,,,,,,,1815-12-10,female,,,,,,,,,,,,,* My Contacts ::: Friends,"
            + "* Home,ada@home.example ::: ada@example.org,Mobile,+44 20 7946 0018,,Analytical Engines,Mathematician\r\n"
        #expect(CSVLayout.detect(Array(text.utf8)) == .google)
        let card = try #require(try CSV.decode(Array(text.utf8)).first)
        #expect(card.first("FN")?.text == "Ada Lovelace")
        #expect(card.first("N")?.components == ["Lovelace", "Ada", "", "", ""])
        #expect(card.properties(named: "EMAIL").map(\.text) == ["ada@home.example", "ada@example.org"])
        #expect(card.properties(named: "EMAIL").allSatisfy { $0.hasType("home") && $0.preference == 1 })
        #expect(card.first("ORG")?.components == ["Analytical Engines", ""])
        #expect(card.first("TITLE")?.text == "Mathematician")
        #expect(card.first("CATEGORIES")?.listValues == ["My Contacts", "Friends"])
        #expect(card.first("X-CSV-GENDER")?.text == "female")
    }

    @Test(arguments: [
        ("First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value", CSVLayout.google),
        (fixedHeader, .google),
        ("Name,Given Name,Additional Name,Family Name", .google),
        ("First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address", .outlook),
        ("FN,EMAIL,TEL", nil),
        ("BEGIN:VCARD", nil),
    ])
    func detectsTheLayoutFromTheHeaderRow(header: String, layout: CSVLayout?) {
        #expect(CSVLayout.detect(Array((header + "\r\nx\r\n").utf8)) == layout)
        #expect(CardFormat.detect(Array((header + "\r\n").utf8)) == (layout == nil ? .vcard : .csv))
    }
}
