import ContactsModel
import Testing
import VCardParser

/// One-call vCard serialization: byte-exact for untouched cards, minimal edits, new contacts in 3.0.
@Suite struct ContactVCardSerializationTests {
    @Test(arguments: ["apple-ios-3.0.vcf", "apple-fields-3.0.vcf", "nextcloud-4.0.vcf", "android-2.1.vcf", "google-3.0.vcf"])
    func untouchedContactsGiveTheSameBytes(fixture: String) throws {
        let bytes = Array(try TestFiles.fixture(fixture).utf8)
        let contacts = try ContactVCardSerialization.contacts(with: bytes)
        #expect(!contacts.isEmpty)
        #expect(ContactVCardSerialization.data(with: contacts) == bytes)
    }

    @Test func editChangesOnlyItsLine() throws {
        let text = try TestFiles.fixture("google-3.0.vcf")
        var contacts = try ContactVCardSerialization.contacts(with: Array(text.utf8))
        contacts[1].jobTitle = "Chief Scientist"
        let changed = TestFiles.changedLines(text, String(decoding: ContactVCardSerialization.data(with: contacts), as: UTF8.self))
        #expect(changed.added == ["TITLE:Chief Scientist"])
        #expect(changed.removed.count <= 1)
        #expect(changed.removed.allSatisfy { $0.hasPrefix("TITLE:") })
    }

    @Test func identifiersAreTheSameForTheSameBytes() throws {
        let bytes = Array(try TestFiles.fixture("apple-ios-3.0.vcf").utf8)
        let first = try ContactVCardSerialization.contacts(with: bytes).map(\.identifier)
        #expect(try ContactVCardSerialization.contacts(with: bytes).map(\.identifier) == first)
        #expect(Set(first).count == first.count)
    }

    @Test(arguments: [(VCardVersion?.none, "VERSION:3.0"), (.v4, "VERSION:4.0"), (.v2_1, "VERSION:2.1")])
    func newContactsRoundTrip(version: VCardVersion?, versionLine: String) throws {
        var ada = Contact(identifier: "ada-1")
        ada.givenName = "Ada"
        ada.familyName = "Lovelace"
        ada.emailAddresses = [LabeledValue(label: .work, value: "ada@example.com")]
        ada.contactRelations = [LabeledValue(label: .father, value: ContactRelation(name: "Lord Byron"))]
        let data = version.map { ContactVCardSerialization.data(with: [ada], version: $0) } ?? ContactVCardSerialization.data(with: [ada])
        #expect(String(decoding: data, as: UTF8.self).contains("\r\n\(versionLine)\r\n"))
        let back = try #require(try ContactVCardSerialization.contacts(with: data).first)
        #expect(back.identifier == "ada-1")
        #expect((back.givenName, back.familyName) == ("Ada", "Lovelace"))
        #expect(back.emailAddresses.map(\.value) == ["ada@example.com"])
        #expect(back.emailAddresses.map(\.label) == [.work])
        #expect(back.contactRelations.map(\.value) == [ContactRelation(name: "Lord Byron")])
        #expect(back.contactRelations.map(\.label) == [.father])
    }

    @Test func textWithoutCardsHasNoContacts() throws {
        #expect(try ContactVCardSerialization.contacts(with: Array("no cards here\r\n".utf8)).isEmpty)
    }
}
