import ContactsModel
import Testing
import VCardParser

/// Phonetic names, previous family name, contact relations, dates without a year and the
/// thumbnail, read and written through vCard 2.1, 3.0 and 4.0.
@Suite struct AppleFieldsTests {
    func card(_ text: String) throws -> VCard {
        try #require(try VCardDecoder().decode(Array(text.utf8)).cards.first)
    }

    func text(_ contact: Contact) -> String {
        String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
    }

    @Test func readsAppleExport() throws {
        let contact = Contact(card: try card(try TestFiles.fixture("apple-fields-3.0.vcf")))
        #expect(contact.phoneticGivenName == "Tarou")
        #expect(contact.phoneticMiddleName == "Q")
        #expect(contact.phoneticFamilyName == "Yamada")
        #expect(contact.phoneticOrganizationName == "Ekusanpuru")
        #expect(contact.previousFamilyName == "Suzuki")
        #expect(contact.contactRelations.map(\.label) == [.spouse, .manager, Label(rawValue: "Mentor")])
        #expect(contact.contactRelations.map(\.value.name) == ["Hanako Yamada", "Ichiro Sato", "Jiro"])
        #expect(contact.dates.map(\.value) == [ContactDate(year: nil, month: 6, day: 1)])
        #expect(contact.nonGregorianBirthday == ContactDate(year: 2, month: 11, day: 1, calendar: "chinese", era: 78))
    }

    @Test func readsAndroidQuotedPrintablePhoneticName() throws {
        let contact = Contact(card: try card(try TestFiles.fixture("android-2.1.vcf")), keys: [.phoneticNames])
        #expect(contact.phoneticGivenName == "タロウ")
        #expect(contact.phoneticFamilyName == "")
    }

    @Test func readsVersion4Relations() throws {
        let contact = Contact(
            card: try card(
                """
                BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nRELATED;TYPE=spouse;VALUE=text:Jane Doe\r\n\
                RELATED;TYPE=friend:urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\r\n\
                item1.RELATED;VALUE=text:Tim\r\nitem1.X-ABLabel:_$!<Manager>!$_\r\nEND:VCARD\r\n
                """))
        #expect(contact.contactRelations.map(\.label) == [.spouse, .friend, .manager])
        #expect(contact.contactRelations.map(\.value.name) == ["Jane Doe", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "Tim"])
    }

    static func filled() -> Contact {
        var contact = Contact(identifier: "fields-1")
        contact.givenName = "Taro"
        contact.familyName = "Yamada"
        contact.phoneticGivenName = "Tarou"
        contact.phoneticMiddleName = "Q"
        contact.phoneticFamilyName = "Yamada"
        contact.organizationName = "Example KK"
        contact.phoneticOrganizationName = "Ekusanpuru"
        contact.previousFamilyName = "Suzuki"
        contact.birthday = ContactDate(year: nil, month: 2, day: 29)
        contact.nonGregorianBirthday = ContactDate(year: 31, month: 3, day: 18, calendar: "chinese", era: 78)
        contact.dates = [LabeledValue(label: Label(rawValue: "_$!<Anniversary>!$_"), value: ContactDate(year: nil, month: 6, day: 1))]
        contact.contactRelations = [
            LabeledValue(label: .spouse, value: ContactRelation(name: "Hanako; Yamada")),
            LabeledValue(label: .mother, value: ContactRelation(name: "Keiko")),
            LabeledValue(label: "Mentor", value: ContactRelation(name: "Jiro")),
        ]
        return contact
    }

    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func newContactRoundTrips(version: VCardVersion) throws {
        let contact = Self.filled()
        let back = Contact(card: try card(String(decoding: VCardWriter().encode([contact.vCard(version: version)]), as: UTF8.self)))
        #expect(back.phoneticGivenName == "Tarou")
        #expect(back.phoneticMiddleName == "Q")
        #expect(back.phoneticFamilyName == "Yamada")
        #expect(back.phoneticOrganizationName == "Ekusanpuru")
        #expect(back.previousFamilyName == "Suzuki")
        #expect(back.birthday == ContactDate(year: nil, month: 2, day: 29))
        #expect(back.nonGregorianBirthday == ContactDate(year: 31, month: 3, day: 18, calendar: "chinese", era: 78))
        #expect(back.dates.map(\.value) == [ContactDate(year: nil, month: 6, day: 1)])
        #expect(back.dates.map(\.label) == [Label(rawValue: "_$!<Anniversary>!$_")])
        #expect(back.contactRelations.map(\.label) == [.spouse, .mother, "Mentor"])
        #expect(back.contactRelations.map(\.value.name) == ["Hanako; Yamada", "Keiko", "Jiro"])
    }

    @Test func writesVersionForms() {
        var contact = Self.filled()
        let v3 = String(decoding: VCardWriter().encode([contact.vCard(version: .v3)]), as: UTF8.self)
        #expect(v3.contains("\r\nitem2.X-ABRELATEDNAMES:Hanako\\; Yamada\r\nitem2.X-ABLABEL:_$!<Spouse>!$_\r\n"))
        #expect(v3.contains("\r\nitem3.X-ABRELATEDNAMES:Keiko\r\nitem3.X-ABLABEL:_$!<Mother>!$_\r\n"))
        #expect(v3.contains("\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29\r\n"))
        #expect(v3.contains("X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-01\r\n"))
        #expect(v3.contains("\r\nX-PHONETIC-FIRST-NAME:Tarou\r\n"))
        #expect(v3.contains("\r\nX-PHONETIC-ORG:Ekusanpuru\r\n"))
        #expect(v3.contains("\r\nX-MAIDENNAME:Suzuki\r\n"))
        #expect(v3.contains("\r\nX-ALTBDAY;CALSCALE=chinese:007800310318\r\n"))
        contact.contactRelations.removeLast(2)
        let v4 = String(decoding: VCardWriter().encode([contact.vCard(version: .v4)]), as: UTF8.self)
        #expect(v4.contains("\r\nRELATED;VALUE=text;TYPE=spouse:Hanako\\; Yamada\r\n"))
        #expect(v4.contains("\r\nBDAY:--0229\r\n"))
        #expect(v4.contains("\r\nX-PHONETIC-LAST-NAME:Yamada\r\n"))
    }

    /// Each edit, and the only lines it may change in the Apple export.
    struct Edit: Sendable, CustomTestStringConvertible {
        let name: String
        let apply: @Sendable (inout Contact) -> Void
        let removed: [String]
        let added: [String]
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(
            name: "phonetic given name", apply: { $0.phoneticGivenName = "Taroo" },
            removed: ["X-PHONETIC-FIRST-NAME:Tarou"], added: ["X-PHONETIC-FIRST-NAME:Taroo"]),
        Edit(
            name: "phonetic organization removed", apply: { $0.phoneticOrganizationName = "" },
            removed: ["X-PHONETIC-ORG:Ekusanpuru"], added: []),
        Edit(
            name: "previous family name", apply: { $0.previousFamilyName = "Tanaka" },
            removed: ["X-MAIDENNAME:Suzuki"], added: ["X-MAIDENNAME:Tanaka"]),
        Edit(
            name: "relation name", apply: { $0.contactRelations[1].value.name = "Ichiro Saito" },
            removed: ["item2.X-ABRELATEDNAMES:Ichiro Sato"], added: ["item2.X-ABRELATEDNAMES:Ichiro Saito"]),
        Edit(
            name: "relation label", apply: { $0.contactRelations[2].label = .friend },
            removed: ["item3.X-ABLabel:Mentor"], added: ["item3.X-ABLabel:_$!<Friend>!$_"]),
        Edit(
            name: "relation removed", apply: { $0.contactRelations.remove(at: 0) },
            removed: ["item1.X-ABRELATEDNAMES;type=pref:Hanako Yamada", "item1.X-ABLabel:_$!<Spouse>!$_"], added: []),
        Edit(
            name: "relation added", apply: { $0.contactRelations.append(LabeledValue(label: .assistant, value: ContactRelation(name: "Aiko"))) },
            removed: [], added: ["item5.X-ABRELATEDNAMES:Aiko", "item5.X-ABLabel:_$!<Assistant>!$_"]),
        Edit(
            name: "date without year", apply: { $0.dates[0].value = ContactDate(year: nil, month: 7, day: 2) },
            removed: ["item4.X-ABDATE;X-APPLE-OMIT-YEAR=1604;type=pref:1604-06-01"],
            added: ["item4.X-ABDATE;X-APPLE-OMIT-YEAR=1604;type=pref:1604-07-02"]),
        Edit(
            name: "non-Gregorian birthday", apply: { $0.nonGregorianBirthday?.day = 2 },
            removed: ["X-ALTBDAY;CALSCALE=chinese:007800021101"], added: ["X-ALTBDAY;CALSCALE=chinese:007800021102"]),
        Edit(
            name: "non-Gregorian birthday removed", apply: { $0.nonGregorianBirthday = nil },
            removed: ["X-ALTBDAY;CALSCALE=chinese:007800021101"], added: []),
        Edit(
            name: "date given a year", apply: { $0.dates[0].value = ContactDate(year: 1990, month: 6, day: 1) },
            removed: ["item4.X-ABDATE;X-APPLE-OMIT-YEAR=1604;type=pref:1604-06-01"],
            added: ["item4.X-ABDATE;type=pref:1990-06-01"]),
    ]

    @Test(arguments: edits)
    func editChangesOnlyItsLines(edit: Edit) throws {
        let original = try TestFiles.fixture("apple-fields-3.0.vcf")
        var contact = Contact(card: try card(original))
        edit.apply(&contact)
        let changed = TestFiles.changedLines(original, text(contact))
        #expect(changed.removed.sorted() == edit.removed.sorted())
        #expect(changed.added.sorted() == edit.added.sorted())
    }

    @Test func relationLabelChangeIn4RewritesTheType() throws {
        var contact = Contact(card: try card("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nRELATED;TYPE=spouse;VALUE=text:Jane\r\nEND:VCARD\r\n"))
        contact.contactRelations[0].label = .sibling
        #expect(text(contact).contains("\r\nRELATED;VALUE=text;TYPE=sibling:Jane\r\n"))
    }

    @Test func relationKeyIsEnforced() throws {
        let contact = Contact(card: try card(try TestFiles.fixture("apple-fields-3.0.vcf")), keys: [.names])
        #expect(!contact.isKeyAvailable(.contactRelations))
        #expect(!contact.isKeyAvailable(.phoneticNames))
        #expect(contact.vCard(writingGeneratedIdentifier: false) == contact.sourceCard)
    }

    @Test func thumbnailIsThePhotoDecodedOnDemand() throws {
        let card = try #require(try VCardDecoder().decode(Array(try TestFiles.fixture("apple-ios-3.0.vcf").utf8)).cards.first)
        let thumbnail = Contact(card: card, keys: [.thumbnailImageData])
        let full = Contact(card: card, keys: [.imageData])
        #expect(thumbnail.thumbnailImageData?.starts(with: [0xFF, 0xD8]) == true)
        #expect(thumbnail.thumbnailImageData == full.imageData)
        #expect(Contact(card: card, keys: [.names]).isKeyAvailable(.thumbnailImageData) == false)
    }

    @Test func relationLabelsParse() {
        #expect(Label(parsing: "spouse") == .spouse)
        #expect(Label(parsing: "_$!<Manager>!$_") == .manager)
        #expect(Label(parsing: "iPhone") == .iPhone)
        #expect(Label("partner") == .partner)
    }
}
