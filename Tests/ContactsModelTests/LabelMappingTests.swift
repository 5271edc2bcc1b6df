import ContactsModel
import Testing
import VCardParser

/// Labels read from and written to `TYPE=` (3.0, 4.0, 2.1) and Apple's `itemN.X-ABLabel`.
@Suite struct LabelMappingTests {
    func contact(_ body: String, version: String = "3.0") throws -> Contact {
        let text = "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:X\r\n" + body + "END:VCARD\r\n"
        return Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
    }

    func written(_ contact: Contact) -> String {
        String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
    }

    @Test(arguments: [
        ("TEL;TYPE=WORK,VOICE:1\r\n", "3.0", Label.work),
        ("TEL;TYPE=work;TYPE=voice:1\r\n", "3.0", Label.work),
        ("TEL;WORK;VOICE:1\r\n", "2.1", Label.work),
        ("TEL;TYPE=cell:1\r\n", "4.0", Label.mobile),
        ("TEL;TYPE=\"home,fax\":1\r\n", "4.0", Label.homeFax),
        ("TEL;type=MAIN:1\r\n", "3.0", Label.main),
        ("TEL;type=IPHONE;type=CELL:1\r\n", "3.0", Label.iPhone),
        ("TEL;TYPE=pager:1\r\n", "4.0", Label.pager),
        ("item1.TEL:1\r\nitem1.X-ABLabel:_$!<Main>!$_\r\n", "3.0", Label.main),
        ("item7.TEL;type=pref:1\r\nITEM7.X-ABLABEL:Boat phone\r\n", "3.0", Label("Boat phone")),
    ])
    func readsPhoneLabels(line: String, version: String, label: Label) throws {
        #expect(try contact(line, version: version).phoneNumbers.first?.label == label)
    }

    @Test func readsEmailAndAddressLabels() throws {
        let c = try contact("EMAIL;TYPE=INTERNET;TYPE=WORK:a@b.c\r\nitem1.EMAIL:d@e.f\r\nitem1.X-ABLabel:_$!<School>!$_\r\nADR;TYPE=home:;;1 Main St;Town;;;\r\n")
        #expect(c.emailAddresses.map(\.label) == [.work, .school])
        #expect(c.postalAddresses.first?.label == .home)
        #expect(c.postalAddresses.first?.value.street == "1 Main St")
    }

    @Test func writesSystemLabelsAsTypesPerVersion() throws {
        var v4 = try contact("", version: "4.0")
        v4.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber(stringValue: "+1 555 0100"))]
        #expect(written(v4).contains("\r\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0100\r\n"))
        var v3 = try contact("")
        v3.phoneNumbers = [LabeledValue(label: .workFax, value: PhoneNumber(stringValue: "555 0100"))]
        #expect(written(v3).contains("\r\nTEL;TYPE=work,fax:555 0100\r\n"))
        var v21 = try contact("", version: "2.1")
        v21.phoneNumbers = [LabeledValue(label: .work, value: PhoneNumber(stringValue: "555 0100"))]
        #expect(written(v21).contains("\r\nTEL;WORK:555 0100\r\n"))
    }

    @Test func writesCustomLabelAsAppleGroup() throws {
        var c = try contact("item1.EMAIL:a@b.c\r\nitem1.X-ABLabel:Old\r\n")
        c.phoneNumbers = [LabeledValue(label: Label("Boat phone"), value: PhoneNumber(stringValue: "555 0100"))]
        #expect(written(c).contains("\r\nitem2.TEL:555 0100\r\nitem2.X-ABLabel:Boat phone\r\n"))
    }

    @Test func relabelingEditsTheExistingLine() throws {
        var apple = try contact("item1.TEL:1\r\nitem1.X-ABLabel:_$!<Main>!$_\r\n")
        apple.phoneNumbers[0] = apple.phoneNumbers[0].settingLabel(.iPhone)
        #expect(written(apple).contains("\r\nitem1.TEL:1\r\nitem1.X-ABLabel:iPhone\r\n"))
        var typed = try contact("TEL;TYPE=HOME;TYPE=VOICE:1\r\n")
        typed.phoneNumbers[0] = typed.phoneNumbers[0].settingLabel(.work)
        #expect(written(typed).contains("\r\nTEL;TYPE=VOICE,work:1\r\n"))
    }

    @Test func parsesLabelsFromUserInput() {
        #expect(Label(parsing: "main") == .main)
        #expect(Label(parsing: "Home-Fax") == .homeFax)
        #expect(Label(parsing: "cell") == .mobile)
        #expect(Label(parsing: "Boat phone") == Label("Boat phone"))
        #expect(Label.homeFax.localizedName == "homefax")
    }
}
