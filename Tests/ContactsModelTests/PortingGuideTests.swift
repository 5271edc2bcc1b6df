import ContactsModel
import Foundation
import Testing

/// The port of Apple's "Editing Contacts" step in docs/PORTING.md, compiled and run: the body of
/// `editingContacts` is the guide's code, line for line, on a copy of a fixture.
@Suite struct PortingGuideTests {
    /// docs/PORTING.md, "Editing Contacts, ported" (keep the two the same).
    func editingContacts(_ path: String) throws {
        let store = ContactStore(fileAt: path)
        let predicate = ContactPredicate.matchingEmailAddress("ada@analytical.example", label: .work)
        let keys: Set<ContactKey> = [.emailAddresses, .phoneNumbers]
        guard let found = try store.unifiedContacts(matching: predicate, keysToFetch: keys).first else { return }
        var contact = found  // a value: the copy is the mutable contact
        let phone = PhoneNumber(stringValue: "+1 555 0199")
        if let index = contact.phoneNumbers.firstIndex(where: { $0.label == .main }) {
            contact.phoneNumbers[index] = contact.phoneNumbers[index].settingValue(phone)
        } else {
            contact.phoneNumbers.append(LabeledValue(label: .main, value: phone))
        }
        var request = SaveRequest()
        request.update(contact)
        try store.execute(request)
    }

    @Test func theGuidesPortReplacesTheMainPhone() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let original = try TestFiles.fixture("sample-contacts.vcf")
        let path = try files.write("contacts.vcf", original)
        try editingContacts(path)
        let changes = TestFiles.changedLines(original, try files.read("contacts.vcf"))
        #expect(changes.removed == ["item2.TEL:+44 20 7946 0001"])
        #expect(changes.added.count == 2 && changes.added[0] == "item2.TEL:+1 555 0199" && changes.added[1].hasPrefix("UID:"))
    }

    /// The guide's code in docs/PORTING.md is the body above, so the guide cannot drift from
    /// what compiles.
    @Test func theGuideShowsThisCode() throws {
        let root = TestFiles.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/PORTING.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let body = lines(source.components(separatedBy: "func editingContacts(_ path: String) throws {\n")[1].components(separatedBy: "\n    }\n")[0])
        let ported = lines(guide.components(separatedBy: "import ContactsModel\n\n")[1].components(separatedBy: "\n```")[0])
        #expect(body == [ported[0].replacingOccurrences(of: "\"contacts.vcf\"", with: "path")] + ported.dropFirst())
    }
}
