import ContactsModel
import Foundation
import Testing
import VCardParser

/// A store over a ``RemoteAddressBook`` (here ``MemoryAddressBook``; CardDAVTests run the same
/// against Radicale and Xandikos): the requests it sends, its conditions, and what it reports
/// when the server refuses or fails part way.
@Suite struct RemoteStoreTests {
    static let ada = "ada@analytical.example"

    /// The sample fixture's cards, one per resource.
    static func book() throws -> MemoryAddressBook {
        let cards = try VCardDecoder().decode(try TestFiles.fixture("sample-contacts.vcf")).cards
        return MemoryAddressBook(cards: cards.map { VCardWriter().encode([$0]) })
    }

    static func fetchAda(_ store: ContactStore) throws -> Contact {
        try #require(try store.unifiedContacts(matching: .matchingEmailAddress(ada, label: .work), keysToFetch: [.emailAddresses, .phoneNumbers]).first)
    }

    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test func theSeedWorkflowSendsOnlyTheChangedCard() throws {
        let book = try Self.book()
        let before = book.hrefs.map { book.bytes($0) }
        let store = ContactStore(remote: book)
        var ada = try Self.fetchAda(store)
        #expect(book.log == ["list", "fetch 4"])
        #expect(ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199")) == .replaced(old: PhoneNumber(stringValue: "+44 20 7946 0001")))
        book.clearLog()
        var request = SaveRequest()
        request.update(ada)
        try store.execute(request)
        #expect(book.log == ["list", "replace /book/card-1.vcf"], "the listing shows nothing changed: nothing is downloaded again")
        let changes = TestFiles.changedLines(Self.text(before[0]), Self.text(book.bytes("/book/card-1.vcf")))
        #expect(changes.removed == ["item2.TEL:+44 20 7946 0001"])
        #expect(changes.added == ["item2.TEL:+1 555 0199", "UID:\(ada.identifier)"])
        #expect(book.hrefs.dropFirst().map { book.bytes($0) } == Array(before.dropFirst()), "the other cards are untouched")

        book.clearLog()
        #expect(try Self.fetchAda(store).phoneNumbers.contains { $0.value.stringValue == "+1 555 0199" })
        #expect(book.log == ["list"], "the store knows the entity tag of what it wrote")
    }

    @Test func aCardChangedByAnotherClientBeforeTheSaveIsAConflict() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        var ada = try Self.fetchAda(store)
        let theirs = Array(Self.text(book.bytes("/book/card-1.vcf")).replacingOccurrences(of: "Ada", with: "Augusta").utf8)
        book.changeBehindTheStore("/book/card-1.vcf", to: theirs)
        _ = ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
        var request = SaveRequest()
        request.update(ada)
        #expect(throws: ContactStoreError.self) { try store.execute(request) }
        #expect(book.bytes("/book/card-1.vcf") == theirs)
        #expect(!book.log.contains { $0.hasPrefix("replace") }, "refused before any write")
    }

    @Test func aCardChangedBetweenTheCheckAndTheWriteIsAConflict() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        var ada = try Self.fetchAda(store)
        let theirs = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Theirs\r\nEND:VCARD\r\n".utf8)
        book.state.withLock { $0.changeBeforeNextWrite = ("/book/card-1.vcf", theirs) }
        _ = ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
        var request = SaveRequest()
        request.update(ada)
        #expect(throws: ContactStoreError.conflict(identifier: ada.identifier, name: "")) { try store.execute(request) }
        #expect(book.bytes("/book/card-1.vcf") == theirs, "the condition kept the other client's card")
    }

    @Test func anAddIsANewResourceAndADeleteRemovesIt() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        var contact = Contact()
        contact.givenName = "Grace"
        contact.familyName = "Hopper"
        var request = SaveRequest()
        request.add(contact, toContainerWithIdentifier: nil)
        try store.execute(request)
        let name = SafeFileName.make(from: contact.identifier) + ".vcf"
        #expect(book.log.last == "create \(name)")
        #expect(Self.text(book.bytes(MemoryAddressBook.collection + name)).contains("Grace"))

        let grace = try store.unifiedContact(withIdentifier: contact.identifier, keysToFetch: [])
        request = SaveRequest()
        request.delete(grace)
        try store.execute(request)
        #expect(book.log.last == "delete \(MemoryAddressBook.collection + name)")
        #expect(book.bytes(MemoryAddressBook.collection + name) == nil)
        #expect(book.hrefs.count == 4)
    }

    @Test func aSaveThatStopsPartWayNamesWhatWasWritten() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        let contacts = try store.unifiedContacts(keysToFetch: [.phoneNumbers])
        var request = SaveRequest()
        for var contact in contacts.prefix(2) {
            _ = contact.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0100"))
            request.update(contact)
        }
        book.state.withLock { $0.writesBeforeFailure = 1 }
        let failure = ContactStoreError.writeFailed(path: "/book/card-2.vcf", reason: "507 Insufficient Storage")
        #expect(throws: ContactStoreError.partiallySaved(saved: ["/book/card-1.vcf"], notSaved: ["/book/card-2.vcf"], reason: failure.description)) {
            try store.execute(request)
        }
        book.state.withLock { $0.writesBeforeFailure = nil }
        let again = try store.unifiedContacts(keysToFetch: [.phoneNumbers])
        #expect(again[0].phoneNumbers.contains { $0.value.stringValue == "+1 555 0100" })
        #expect(!again[1].phoneNumbers.contains { $0.value.stringValue == "+1 555 0100" })
    }

    @Test func aResourceHoldsOneCard() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        var request = SaveRequest()
        request.add(Contact(), toContainerWithIdentifier: "card-2.vcf")
        #expect(throws: ContactStoreError.self) { try store.execute(request) }
        #expect(book.log == ["list", "fetch 4"], "refused before any write")
    }

    @Test func onlyChangedResourcesAreDownloadedAgain() throws {
        let book = try Self.book()
        let store = ContactStore(remote: book)
        _ = try store.unifiedContacts(keysToFetch: [])
        book.changeBehindTheStore("/book/card-3.vcf", to: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:New\r\nEND:VCARD\r\n".utf8))
        book.clearLog()
        let names = try store.unifiedContacts(keysToFetch: [.names]).map(\.formattedName)
        #expect(book.log == ["list", "fetch 1"])
        #expect(names.contains("New"))
    }

    @Test func aFailedListingIsAnUnreadableStore() throws {
        struct Down: RemoteAddressBook {
            func list() throws(RemoteAddressBookError) -> [RemoteResource] { throw .failed(href: "/book/", message: "connection refused") }
            func fetch(_ hrefs: [String]) throws(RemoteAddressBookError) -> [(resource: RemoteResource, bytes: [UInt8])] { [] }
            func create(_ bytes: [UInt8], named name: String) throws(RemoteAddressBookError) -> RemoteResource { throw .failed(href: name, message: "") }
            func replace(_ href: String, with bytes: [UInt8], ifMatch entityTag: String) throws(RemoteAddressBookError) -> String? { nil }
            func delete(_ href: String, ifMatch entityTag: String) throws(RemoteAddressBookError) {}
        }
        #expect(throws: ContactStoreError.unreadable(path: "/book/", reason: "connection refused")) { try ContactStore(remote: Down()).unifiedContacts() }
    }
}
