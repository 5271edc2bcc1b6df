import ContactsModel
import Foundation
import Testing
import VCardParser

/// Saves that never lose an edit: stale copies, keys that were not fetched, where a store is and
/// what version new cards get.
@Suite struct StoreSavingTests {
    static let twoCards = ContactStoreTests.twoCards

    /// A copy saved first changes the card; the stale original, saved after it, is refused, and
    /// the copy's phone stays.
    @Test func staleCopyIsAConflictAndNewerChangesStay() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        let store = ContactStore(fileAt: path)
        var old = try store.unifiedContact(withIdentifier: "ada", keysToFetch: [.names, .jobTitle, .phoneNumbers])
        var copy = old
        copy.phoneNumbers.append(LabeledValue(label: "main", value: PhoneNumber(stringValue: "+1 555 0100")))
        var first = SaveRequest()
        first.update(copy)
        try store.execute(first)
        // The store's own index follows the save: the new number finds her, the identifier too.
        #expect(try store.unifiedContacts(matching: .matchingPhoneNumber(PhoneNumber(stringValue: "+15550100")), keysToFetch: []).map(\.identifier) == ["ada"])
        old.jobTitle = "Analyst"
        var stale = SaveRequest()
        stale.update(old)
        let afterCopy = try files.read("c.vcf")
        #expect(throws: ContactStoreError.conflict(identifier: "ada", name: "Ada Lovelace")) { try store.execute(stale) }
        #expect(throws: ContactStoreError.conflict(identifier: "ada", name: "Ada Lovelace")) { try ContactStore(fileAt: path).execute(stale) }
        #expect(try files.read("c.vcf") == afterCopy)
        #expect(afterCopy.contains("TEL;VALUE=uri;TYPE=main:tel:+1-555-0100\r\n"))
        // Fetched again, the edit goes through on top of the copy's.
        var fresh = try store.unifiedContact(withIdentifier: "ada", keysToFetch: [.jobTitle])
        fresh.jobTitle = "Analyst"
        var redo = SaveRequest()
        redo.update(fresh)
        try store.execute(redo)
        #expect(try files.read("c.vcf").contains("TEL;VALUE=uri;TYPE=main:tel:+1-555-0100\r\nTITLE:Analyst\r\n"))
    }

    /// One request that changes a contact twice is refused: the second change would undo the first.
    @Test func sameContactTwiceInOneRequestIsAConflict() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Self.twoCards).cards)
        var a = try store.unifiedContact(withIdentifier: "grace", keysToFetch: [.note])
        var b = a
        a.note = "one"
        b.note = "two"
        var request = SaveRequest()
        request.update(a)
        request.update(b)
        #expect(throws: ContactStoreError.conflict(identifier: "grace", name: "")) { try store.execute(request) }
        #expect(try store.unifiedContact(withIdentifier: "grace", keysToFetch: [.note]).note == "")
    }

    /// An edit to a key that was not fetched fails the save, and nothing is written.
    @Test func editOfAnUnfetchedKeyFailsTheSave() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.twoCards)
        let store = ContactStore(fileAt: path)
        var ada = try store.unifiedContact(withIdentifier: "ada", keysToFetch: [.emailAddresses])
        #expect(ada.isKeyAvailable(.emailAddresses) && !ada.isKeyAvailable(.jobTitle))
        ada.jobTitle = "Analyst"
        ada.emailAddresses[0] = ada.emailAddresses[0].settingValue("ada@new.example")
        var request = SaveRequest()
        request.update(ada)
        #expect(throws: ContactStoreError.propertyNotFetched(.jobTitle)) { try store.execute(request) }
        #expect(try files.read("c.vcf") == Self.twoCards)
    }

    /// A missing file or folder is an error at the first fetch and save, unless the store is asked
    /// to create it; a new file gets vCard 4.0.
    @Test func missingStoreIsAnErrorUnlessCreated() throws {
        let files = try TestFiles()
        defer { files.remove() }
        for store in [ContactStore(fileAt: files.path("none.vcf")), ContactStore(directoryAt: files.path("none"))] {
            #expect { try store.unifiedContacts() } throws: { error in
                guard case ContactStoreError.unreadable(_, let reason) = error else { return false }
                return reason.contains("creatingIfMissing")
            }
            var request = SaveRequest()
            request.add(Contact(), toContainerWithIdentifier: nil)
            #expect(throws: ContactStoreError.self) { try store.execute(request) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.directory.path).isEmpty)
        let store = ContactStore(fileAt: files.path("new.vcf"), creatingIfMissing: true)
        #expect(try store.unifiedContacts().isEmpty)
        var kate = Contact()
        kate.givenName = "Kate"
        var request = SaveRequest()
        request.add(kate, toContainerWithIdentifier: nil)
        try store.execute(request)
        #expect(try files.read("new.vcf").hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
    }

    /// New cards take the version most 3.0/4.0 cards of the store have (2.1 never, unless asked).
    @Test func addedContactsTakeTheStoresDominantVersion() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let sample = try TestFiles.fixture("sample-contacts.vcf")  // 3.0, 4.0, 3.0, then 2.1 last
        let path = try files.write("c.vcf", sample)
        var request = SaveRequest()
        var plain = Contact(identifier: "plain")
        plain.givenName = "Plain"
        var old = Contact(identifier: "old")
        old.givenName = "Old"
        request.add(plain, toContainerWithIdentifier: nil)
        request.add(old, toContainerWithIdentifier: nil, version: .v2_1)
        try ContactStore(fileAt: path).execute(request)
        let added = try files.read("c.vcf").dropFirst(sample.count)
        #expect(added.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:plain\r\n"))
        #expect(added.contains("BEGIN:VCARD\r\nVERSION:2.1\r\nUID:old\r\n"))
    }

    /// A label written as text that names a system label is that label (a `TYPE`, not an `X-ABLabel`).
    @Test func textLabelsNamingSystemLabelsAreThoseLabels() {
        #expect(Label("main") == .main && Label("Work") == .work && Label("homeFax") == .homeFax)
        #expect(Label(rawValue: "main") != .main && !Label("Boat phone").isSystemLabel)
        var contact = Contact(identifier: "x")
        contact.phoneNumbers = [LabeledValue(label: "main", value: PhoneNumber(stringValue: "+1 555 0100"))]
        let text = String(decoding: VCardWriter().encode([contact.vCard(version: .v3)]), as: UTF8.self)
        #expect(text.contains("TEL;TYPE=main:+1 555 0100\r\n"))
        #expect(!text.contains("X-ABLabel"))
    }

    /// Many addresses in one fetch; enumeration stops when asked.
    @Test func manyEmailsInOneFetchAndEnumerationThatStops() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Self.twoCards).cards)
        let both = try store.unifiedContacts(
            matching: .matchingEmailAddresses(["GRACE@example.com", "ada@example.com", "nobody@x"], label: .work),
            keysToFetch: [])
        #expect(both.map(\.identifier) == ["ada", "grace"])
        var seen: [String] = []
        try store.enumerateContacts(with: FetchRequest(keysToFetch: [.names])) { contact, stop in
            seen.append(contact.formattedName)
            stop = true
        }
        #expect(seen == ["Ada Lovelace"])
    }
}
