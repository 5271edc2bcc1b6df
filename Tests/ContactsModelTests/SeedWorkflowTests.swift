import ContactsModel
import Foundation
import Testing
import VCardParser

/// The classic workflow through the public API: find the contact by work email, replace (or add)
/// its main phone, save, and check that only TEL lines changed on disk, plus the `UID` line a
/// card without one gets on its first save (so its identifier stays valid).
@Suite struct SeedWorkflowTests {
    @discardableResult
    func updateMainPhone(in store: ContactStore, workEmail: String, to number: String) throws -> String {
        let matches = try store.unifiedContacts(
            matching: .matchingEmailAddress(workEmail, label: .work),
            keysToFetch: [.emailAddresses, .phoneNumbers])
        var contact = try #require(matches.first)
        let newNumber = PhoneNumber(stringValue: number)
        if let index = contact.mainPhoneNumberIndex() {
            let old = contact.phoneNumbers[index]
            contact.phoneNumbers[index] = old.settingValue(newNumber)
            #expect(contact.phoneNumbers[index].identifier == old.identifier)
            #expect(contact.phoneNumbers[index].label == old.label)
        } else {
            contact.phoneNumbers.append(LabeledValue(label: .main, value: newNumber))
        }
        var request = SaveRequest()
        request.update(contact)
        try store.execute(request)
        return contact.identifier
    }

    @Test func replacesPhoneAndOnlyTheTelLineChanges() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let original = try TestFiles.fixture("sample-contacts.vcf")
        let path = try files.write("contacts.vcf", original)
        let id = try updateMainPhone(in: ContactStore(fileAt: path), workEmail: " ADA@Analytical.example", to: "+1 555 0199")
        let changes = TestFiles.changedLines(original, try files.read("contacts.vcf"))
        #expect(changes.removed == ["item2.TEL:+44 20 7946 0001"])
        #expect(changes.added == ["item2.TEL:+1 555 0199", "UID:\(id)"])
    }

    @Test func addsMainPhoneWhenThereIsNone() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let original = try TestFiles.fixture("sample-contacts.vcf")
        let path = try files.write("contacts.vcf", original)
        let store = ContactStore(fileAt: path)
        let id = try updateMainPhone(in: store, workEmail: "alan@bletchley.example", to: "+44 1908 640404")
        let changes = TestFiles.changedLines(original, try files.read("contacts.vcf"))
        #expect(changes.removed.isEmpty)
        #expect(changes.added == ["UID:\(id)", "TEL;TYPE=main:+44 1908 640404"])
        let again = try store.unifiedContacts(matching: .matchingEmailAddress("alan@bletchley.example"))
        #expect(again.first?.phoneNumbers.first?.label == .main)
    }

    @Test func addsContactThatIsNotInTheStore() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("contacts.vcf", try TestFiles.fixture("sample-contacts.vcf"))
        let store = ContactStore(fileAt: path)
        var contact = Contact()
        contact.givenName = "Katherine"
        contact.familyName = "Johnson"
        contact.emailAddresses = [LabeledValue(label: .work, value: "katherine@nasa.example")]
        contact.phoneNumbers = [LabeledValue(label: .main, value: PhoneNumber(stringValue: "+1 757 555 0100"))]
        var request = SaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        try store.execute(request)
        let found = try store.unifiedContacts(matching: .matchingEmailAddress("katherine@nasa.example", label: .work))
        #expect(found.count == 1)
        #expect(found.first?.identifier == contact.identifier)
        #expect(found.first?.phoneNumbers.first?.value.matches(PhoneNumber(stringValue: "+17575550100")) == true)
        #expect(found.first?.formattedName == "Katherine Johnson")
    }
}
