import ContactsModel
import Testing
import VCardParser

/// The new fields through a file store: an edit changes only its lines, an unfetched field is
/// refused, and name prefix and suffix keep their places in `N`.
@Suite struct AppleFieldsStoreTests {
    @Test func storeEditOfEachNewFieldChangesOnlyItsLines() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let original = try TestFiles.fixture("apple-fields-3.0.vcf")
        let path = try files.write("c.vcf", original)
        let store = ContactStore(fileAt: path)
        var taro = try #require(try store.unifiedContacts(matching: .matchingName("Taro"), keysToFetch: [.phoneticNames, .previousFamilyName, .contactRelations]).first)
        taro.phoneticFamilyName = "Yamadah"
        taro.previousFamilyName = ""
        taro.contactRelations[0].label = .partner
        var request = SaveRequest()
        request.update(taro)
        try store.execute(request)
        let changed = TestFiles.changedLines(original, try files.read("c.vcf"))
        #expect(changed.removed.sorted() == ["X-MAIDENNAME:Suzuki", "X-PHONETIC-LAST-NAME:Yamada", "item1.X-ABLabel:_$!<Spouse>!$_"])
        // The card had no UID: the first save writes the identifier it was fetched by.
        #expect(changed.added.sorted() == ["UID:\(taro.identifier)", "X-PHONETIC-LAST-NAME:Yamadah", "item1.X-ABLabel:_$!<Partner>!$_"])
    }

    @Test(arguments: [ContactKey.phoneticNames, .previousFamilyName, .contactRelations, .nonGregorianBirthday])
    func changingAnUnfetchedFieldIsRefused(key: ContactKey) throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(try TestFiles.fixture("apple-fields-3.0.vcf")).cards)
        var taro = try #require(try store.unifiedContacts(keysToFetch: [.names]).first)
        switch key {
        case .phoneticNames: taro.phoneticGivenName = "X"
        case .previousFamilyName: taro.previousFamilyName = "X"
        case .nonGregorianBirthday: taro.nonGregorianBirthday = ContactDate(year: 1, month: 1, day: 1, calendar: "hebrew")
        default: taro.contactRelations = [LabeledValue(label: .friend, value: ContactRelation(name: "X"))]
        }
        var request = SaveRequest()
        request.update(taro)
        #expect(throws: ContactStoreError.propertyNotFetched(key)) { try store.execute(request) }
    }

    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func namePrefixAndSuffixRoundTrip(version: VCardVersion) throws {
        var contact = Contact(identifier: "n-1")
        (contact.namePrefix, contact.givenName, contact.familyName, contact.nameSuffix) = ("Dr.", "Johnny", "Appleseed", "Jr.")
        let out = String(decoding: VCardWriter().encode([contact.vCard(version: version)]), as: UTF8.self)
        #expect(out.contains("\r\nN:Appleseed;Johnny;;Dr.;Jr.\r\n"))
        var back = Contact(card: try #require(try VCardDecoder().decode(out).cards.first))
        #expect((back.namePrefix, back.nameSuffix) == ("Dr.", "Jr."))
        back.nameSuffix = "III"
        let edited = String(decoding: VCardWriter().encode([back.vCard()]), as: UTF8.self)
        #expect(TestFiles.changedLines(out, edited) == (removed: ["N:Appleseed;Johnny;;Dr.;Jr."], added: ["N:Appleseed;Johnny;;Dr.;III"]))
    }
}
