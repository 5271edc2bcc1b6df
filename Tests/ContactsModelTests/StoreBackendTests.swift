import ContactsModel
import Foundation
import Testing
import VCardParser

/// The store's guarantees, the same on each of its backends: a file, a folder, memory, and a
/// remote address book (``MemoryAddressBook``; CardDAVTests add Radicale and Xandikos). Each
/// starts with the sample's four cards.
@Suite struct StoreBackendTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case file, folder, memory, remote
        var testDescription: String { rawValue }
    }

    /// A store of the sample on `backend`, and a function that makes another store object on the
    /// same cards (as another part of an app, or another process, would).
    static func stores(_ backend: Backend, in files: TestFiles) throws -> (ContactStore, () -> ContactStore) {
        let sample = try TestFiles.fixture("sample-contacts.vcf")
        let cards = try VCardDecoder().decode(sample).cards
        switch backend {
        case .file:
            let path = try files.write("contacts.vcf", sample)
            return (ContactStore(fileAt: path), { ContactStore(fileAt: path) })
        case .folder:
            for (i, card) in cards.enumerated() { _ = try files.write("card-\(i + 1).vcf", String(decoding: VCardWriter().encode([card]), as: UTF8.self)) }
            let path = files.directory.path
            return (ContactStore(directoryAt: path), { ContactStore(directoryAt: path) })
        case .memory:
            let store = ContactStore(inMemory: cards)
            return (store, { store })
        case .remote:
            let book = MemoryAddressBook(cards: cards.map { VCardWriter().encode([$0]) })
            return (ContactStore(remote: book), { ContactStore(remote: book) })
        }
    }

    static func ada(_ store: ContactStore) throws -> Contact {
        try #require(try store.unifiedContacts(matching: .matchingEmailAddress("ada@analytical.example", label: .work), keysToFetch: [.emailAddresses, .phoneNumbers]).first)
    }

    @Test(arguments: Backend.allCases)
    func theSeedWorkflowAndAnIdentifierThatLasts(_ backend: Backend) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (store, another) = try Self.stores(backend, in: files)
        var ada = try Self.ada(store)
        #expect(ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199")) == .replaced(old: PhoneNumber(stringValue: "+44 20 7946 0001")))
        var request = SaveRequest()
        request.update(ada)
        try another().execute(request)
        let again = try another().unifiedContact(withIdentifier: ada.identifier, keysToFetch: [.phoneNumbers])
        #expect(again.phoneNumbers.map(\.value.stringValue).contains("+1 555 0199"))
        #expect(!again.phoneNumbers.map(\.value.stringValue).contains("+44 20 7946 0001"))
        #expect(try store.unifiedContacts(keysToFetch: []).count == 4)
    }

    @Test(arguments: Backend.allCases)
    func aStaleCopyIsAConflictAndTheNewerEditStays(_ backend: Backend) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (store, another) = try Self.stores(backend, in: files)
        var stale = try Self.ada(store)
        var newer = try Self.ada(another())
        _ = newer.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0100"))
        var first = SaveRequest()
        first.update(newer)
        try another().execute(first)
        _ = stale.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0111"))
        var second = SaveRequest()
        second.update(stale)
        #expect(throws: ContactStoreError.self) { try store.execute(second) }
        #expect(try Self.ada(another()).phoneNumbers.map(\.value.stringValue).contains("+1 555 0100"))
    }

    @Test(arguments: Backend.allCases)
    func anAddedContactIsFoundAndADeletedOneIsGone(_ backend: Backend) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (store, another) = try Self.stores(backend, in: files)
        var grace = Contact()
        grace.givenName = "Grace"
        grace.emailAddresses = [LabeledValue(label: .work, value: "grace@hopper.invalid")]
        var add = SaveRequest()
        add.add(grace, toContainerWithIdentifier: nil)
        try store.execute(add)
        let found = try another().unifiedContacts(matching: .matchingEmailAddress("grace@hopper.invalid"), keysToFetch: [])
        #expect(found.map(\.identifier) == [grace.identifier])
        var delete = SaveRequest()
        delete.delete(try #require(found.first))
        try another().execute(delete)
        #expect(try store.unifiedContacts(matching: .matchingEmailAddress("grace@hopper.invalid"), keysToFetch: []).isEmpty)
        #expect(try store.unifiedContacts(keysToFetch: []).count == 4)
    }
}
