import CardDAV
import ContactsModel
import Foundation
import Testing
import VCardParser

/// `ContactStore(cardDAV:client:)` against Radicale and Xandikos: the seed workflow through the
/// store's API, sending only the changed card; a card another client changed between the fetch
/// and the save (412) is a conflict and the other client's card stays; adds and deletes are
/// resources of their own.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct ContactStoreOverDAVTests {
    static let sample = Tool.fixtures.appendingPathComponent("sample-contacts.vcf")

    /// A book holding the sample's cards, one resource each (a `UID` added to those without one,
    /// as servers require), and their references as added.
    static func sampleBook(on server: DAVTestServer) async throws -> (AddressBook, [CardReference]) {
        let book = try await server.makeBook()
        let client = server.client()
        var added: [CardReference] = []
        for (i, var card) in try VCardDecoder().decode(Array(try Data(contentsOf: sample))).cards.enumerated() {
            if card.first("UID") == nil { card.append(Property(name: "UID", value: "sample-\(i + 1)", version: card.version)) }
            added.append(try await client.add(VCardWriter().encode([card]), named: "card-\(i + 1).vcf", in: book))
        }
        return (book, added)
    }

    static func fetchAda(_ store: ContactStore) throws -> Contact {
        try #require(
            try store.unifiedContacts(matching: .matchingEmailAddress("ada@analytical.example", label: .work), keysToFetch: [.emailAddresses, .phoneNumbers]).first)
    }

    /// The ETag of each card now, by href.
    static func etags(_ client: DAVClient, _ book: AddressBook) async throws -> [String: String?] {
        Dictionary(uniqueKeysWithValues: try await client.cardReferences(in: book).map { ($0.href, $0.etag) })
    }

    @Test(arguments: DAVTestServer.names)
    func theSeedWorkflowPutsOnlyTheChangedCard(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let (book, _) = try await Self.sampleBook(on: server)
        let client = server.client()
        let before = try await Self.etags(client, book)
        let store = ContactStore(cardDAV: book, client: client)
        let identifier = try await onThread {
            var ada = try Self.fetchAda(store)
            #expect(ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199")) == .replaced(old: PhoneNumber(stringValue: "+44 20 7946 0001")))
            var request = SaveRequest()
            request.update(ada)
            try store.execute(request)
            return ada.identifier
        }
        let after = try await Self.etags(client, book)
        let changed = after.keys.filter { after[$0] != before[$0] }
        #expect(changed.count == 1, "only Ada's card was sent")
        let ada = try #require(try await client.cards(at: changed, in: book).first)
        #expect(ada.card.properties(named: "TEL").map(\.value).contains("+1 555 0199"))
        #expect(!ada.card.properties(named: "TEL").map(\.value).contains("+44 20 7946 0001"))

        let again = try await onThread { try ContactStore(cardDAV: book, client: server.client()).unifiedContact(withIdentifier: identifier, keysToFetch: [.phoneNumbers]) }
        #expect(again.phoneNumbers.map(\.value.stringValue).contains("+1 555 0199"), "a new store finds the contact by the identifier the save kept")
    }

    @Test(arguments: DAVTestServer.names)
    func aCardChangedByAnotherClientIsAConflictAndTheirsStays(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let (book, added) = try await Self.sampleBook(on: server)
        let client = server.client()
        let store = ContactStore(cardDAV: book, client: client)
        var ada = try await onThread { try Self.fetchAda(store) }

        // Another client changes Ada's card after the fetch.
        let theirs = try #require(try await client.cards(at: [added[0].href], in: book).first)
        var changed = theirs.card
        changed.append(Property(name: "NOTE", value: "theirs", version: changed.version))
        try await client.update(VCardWriter().encode([changed]), at: client.url(of: theirs.reference.href, in: book), etag: try #require(theirs.reference.etag))

        _ = ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
        var update = SaveRequest()
        update.update(ada)
        let request = update
        let failure = try await onThread { () -> ContactStoreError? in
            do throws(ContactStoreError) { try store.execute(request) } catch { return error }
            return nil
        }
        guard case .conflict(let identifier, _) = failure else {
            Issue.record("expected a conflict, got \(String(describing: failure))")
            return
        }
        #expect(identifier == ada.identifier)
        let now = try #require(try await client.cards(at: [added[0].href], in: book).first)
        #expect(now.card.first("NOTE")?.text == "theirs")
        #expect(now.card.properties(named: "TEL").map(\.value).contains("+44 20 7946 0001"))
    }

    @Test(arguments: DAVTestServer.names)
    func anAddIsANewResourceAndADeleteRemovesIt(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let (book, _) = try await Self.sampleBook(on: server)
        let client = server.client()
        let store = ContactStore(cardDAV: book, client: client)
        let identifier = try await onThread {
            var grace = Contact()
            grace.givenName = "Grace"
            grace.familyName = "Hopper"
            grace.emailAddresses = [LabeledValue(label: .work, value: "grace@hopper.invalid")]
            var request = SaveRequest()
            request.add(grace, toContainerWithIdentifier: nil)
            try store.execute(request)
            return grace.identifier
        }
        #expect(try await client.cardReferences(in: book).count == 5)
        let found = try await onThread {
            try ContactStore(cardDAV: book, client: server.client()).unifiedContacts(matching: .matchingEmailAddress("grace@hopper.invalid"), keysToFetch: [])
        }
        #expect(found.map(\.identifier) == [identifier])

        try await onThread {
            var request = SaveRequest()
            request.delete(try store.unifiedContact(withIdentifier: identifier, keysToFetch: []))
            try store.execute(request)
        }
        #expect(try await client.cardReferences(in: book).count == 4)
    }
}
