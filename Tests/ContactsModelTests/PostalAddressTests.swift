import ContactsModel
import Testing
import VCardParser

/// The parts of a postal address Apple writes beside the `ADR`, in lines of its group: the ISO
/// country code (`X-ABADR`), sub-locality and sub-administrative area (`X-APPLE-…`).
@Suite struct PostalAddressTests {
    func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(Array(text.utf8)).cards.first)
    }

    func text(_ contact: Contact) -> String {
        String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
    }

    @Test func readsTheCountryCodeOfItsGroup() throws {
        let contact = Contact(card: try card(try TestFiles.fixture("apple-ios-3.0.vcf")))
        #expect(contact.postalAddresses.map(\.value.isoCountryCode) == ["us", "us"])
        #expect(contact.postalAddresses.first?.value.street == "1 Infinite Loop")
    }

    @Test func changingTheCodeChangesOnlyItsLine() throws {
        let original = try TestFiles.firstCard(of: "apple-ios-3.0.vcf")
        var contact = Contact(card: try card(original))
        contact.postalAddresses[1].value.isoCountryCode = "ca"
        let changed = TestFiles.changedLines(original, text(contact))
        #expect(changed.removed == ["item5.X-ABADR:us"])
        #expect(changed.added == ["item5.X-ABADR:ca"])
    }

    @Test func clearingTheCodeRemovesItsLine() throws {
        let original = try TestFiles.firstCard(of: "apple-ios-3.0.vcf")
        var contact = Contact(card: try card(original))
        contact.postalAddresses[0].value.isoCountryCode = ""
        let changed = TestFiles.changedLines(original, text(contact))
        #expect(changed.removed == ["item4.X-ABADR:us"])
        #expect(changed.added == [])
    }

    static let chinese = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Li Lei\r\n\
        item3.ADR;type=HOME;type=pref:;;Jiedao 1;Hangzhou;Zhejiang;310000;China\r\n\
        item3.X-ABLabel:_$!<Home>!$_\r\nitem3.X-ABADR:cn\r\nitem3.X-APPLE-SUBLOCALITY:Jianggan\r\n\
        item3.X-APPLE-SUBADMINISTRATIVEAREA:Hangzhou Shi\r\nEND:VCARD\r\n
        """

    @Test func readsSubLocalityAndSubAdministrativeArea() throws {
        let address = try #require(Contact(card: try card(Self.chinese)).postalAddresses.first)
        #expect(
            address.value
                == PostalAddress(
                    street: "Jiedao 1", city: "Hangzhou", state: "Zhejiang", postalCode: "310000", country: "China",
                    isoCountryCode: "cn", subLocality: "Jianggan", subAdministrativeArea: "Hangzhou Shi"))
        #expect(address.label == .home)
    }

    @Test func changingTheSubLocalityChangesOnlyItsLine() throws {
        var contact = Contact(card: try card(Self.chinese))
        contact.postalAddresses[0].value.subLocality = "Shangcheng"
        contact.postalAddresses[0].value.subAdministrativeArea = ""
        let changed = TestFiles.changedLines(Self.chinese, text(contact))
        #expect(changed.removed.sorted() == ["item3.X-APPLE-SUBADMINISTRATIVEAREA:Hangzhou Shi", "item3.X-APPLE-SUBLOCALITY:Jianggan"])
        #expect(changed.added == ["item3.X-APPLE-SUBLOCALITY:Shangcheng"])
    }

    @Test func codeOnAnUngroupedAddressGroupsIt() throws {
        var contact = Contact(card: try card("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nitem1.EMAIL:a@example.com\r\nitem1.X-ABLabel:x\r\nADR;TYPE=HOME:;;Main St 1;Springfield;;;\r\nEND:VCARD\r\n"))
        contact.postalAddresses[0].value.isoCountryCode = "us"
        contact.postalAddresses[0].label = Label("Cabin")
        #expect(text(contact).contains("\r\nitem2.ADR:;;Main St 1;Springfield;;;\r\nitem2.X-ABLabel:Cabin\r\nitem2.X-ABADR:us\r\n"))
    }

    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func newAddressRoundTrips(version: VCardVersion) throws {
        var contact = Contact(identifier: "adr-1")
        contact.givenName = "A"
        let address = PostalAddress(
            street: "10 Downing St", city: "London", postalCode: "SW1A 2AA", country: "United Kingdom", isoCountryCode: "gb",
            subLocality: "Westminster", subAdministrativeArea: "Greater London")
        contact.postalAddresses = [LabeledValue(label: .work, value: address), LabeledValue(label: .home, value: PostalAddress(city: "Paris"))]
        let out = String(decoding: VCardWriter().encode([contact.vCard(version: version)]), as: UTF8.self)
        #expect(out.contains("\r\nitem1.X-ABADR:gb\r\nitem1.X-APPLE-SUBLOCALITY:Westminster\r\nitem1.X-APPLE-SUBADMINISTRATIVEAREA:Greater London\r\n"))
        let back = Contact(card: try card(out))
        #expect(back.postalAddresses.map(\.value) == [address, PostalAddress(city: "Paris")])
        #expect(back.postalAddresses.map(\.label) == [.work, .home])
    }
}
