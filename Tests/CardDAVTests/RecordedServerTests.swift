import CardDAV
import ContactsModel
import Foundation
import Testing
import VCardParser
@testable import vcardtool

/// The servers that cannot run here, replayed from `Tests/Fixtures/dav-recordings` (written in
/// the shapes their CardDAV answers take; see each file's `server`): discovery from the bare
/// server URL, listing and fetching, the seed workflow through `ContactStore(cardDAV:)` (the
/// recorded `PUT` answers only the expected `If-Match` and phone), a 412 as a conflict, and
/// sabre's sync report.
@Suite struct RecordedServerTests {
    @Test func googleDiscoveryListingAndTheSeedWorkflow() async throws {
        let responder = try RecordedResponder(replaying: "google.json")
        let client = DAVClient(credentials: Credentials(user: "ada@example.com", password: "app-password"))
        let books = try await client.addressBooks(at: responder.url)
        let url = try #require(URL(string: "carddav/v1/principals/ada%40example.com/lists/default/", relativeTo: responder.url)?.absoluteURL)
        #expect(books == [AddressBook(url: url, displayName: "My Contacts", syncToken: "https://www.googleapis.com/carddav/v1/synctoken/0812AB")])

        let store = ContactStore(cardDAV: try #require(books.first), client: client)
        let (change, saved) = try await onThread { () throws -> (Contact.PhoneChange?, String?) in
            guard var ada = try store.unifiedContacts(matching: .matchingEmailAddress("ada@analytical.example", label: .work), keysToFetch: [.emailAddresses, .phoneNumbers]).first
            else { return (nil, nil) }
            let change = ada.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199"))
            var request = SaveRequest()
            request.update(ada)
            try store.execute(request)  // the recording answers 204 only to If-Match "17a9c4e3c1f0" with the new TEL
            return (change, ada.identifier)
        }
        #expect(change == .replaced(old: PhoneNumber(stringValue: "+44 20 7946 0001")))
        #expect(saved == "c1a2b3")
    }

    @Test func googleAnswering412IsAConflict() async throws {
        let responder = try RecordedResponder(replaying: "google.json")
        let client = DAVClient(credentials: Credentials(user: "ada@example.com", password: "app-password"))
        let book = try await client.addressBook(at: try #require(URL(string: "carddav/v1/principals/ada%40example.com/lists/default/", relativeTo: responder.url)?.absoluteURL))
        let store = ContactStore(cardDAV: book, client: client)
        let failure = try await onThread { () throws -> ContactStoreError? in
            guard var alan = try store.unifiedContacts(matching: .matchingEmailAddress("alan@bletchley.example"), keysToFetch: [.phoneNumbers]).first
            else { return .contactNotFound(identifier: "", name: "Alan") }
            _ = alan.setMainPhoneNumber(PhoneNumber(stringValue: "+44 1908 000000"))
            var request = SaveRequest()
            request.update(alan)
            do throws(ContactStoreError) { try store.execute(request) } catch { return error }
            return nil
        }
        #expect(failure == .conflict(identifier: "c4d5e6", name: ""))
    }

    @Test func nextcloudDiscoveryFindsTheUsersBooksAndTheSystemBook() async throws {
        let responder = try RecordedResponder(replaying: "nextcloud.json")
        let client = DAVClient(credentials: Credentials(user: "ada", password: "app-password"))
        let books = try await client.addressBooks(at: responder.url)
        #expect(books.map(\.displayName) == ["Contacts", "Accounts"])
        #expect(
            books.map(\.url.absoluteString) == ["contacts/", "z-server-generated--system/"].map { responder.url.absoluteString + "remote.php/dav/addressbooks/users/ada/" + $0 })
        #expect(books.first?.syncToken == "http://sabre.io/ns/sync/7")
    }

    @Test func nextcloudSyncReportGivesChangesDeletionsAndTheNewToken() async throws {
        let responder = try RecordedResponder(replaying: "nextcloud.json")
        let client = DAVClient(credentials: Credentials(user: "ada", password: "app-password"))
        let book = AddressBook(url: try #require(URL(string: "remote.php/dav/addressbooks/users/ada/contacts/", relativeTo: responder.url)?.absoluteURL))
        let changes = try await client.changes(in: book, since: "http://sabre.io/ns/sync/5", known: [:])
        #expect(changes.usedSyncReport)
        #expect(changes.token == "http://sabre.io/ns/sync/7")
        #expect(changes.changed == [CardReference(href: "/remote.php/dav/addressbooks/users/ada/contacts/Grace%20Hopper.vcf", etag: "\"a1b2c3\"")])
        #expect(changes.removed == ["/remote.php/dav/addressbooks/users/ada/contacts/Old%20Card.vcf"])
        let cards = try await client.cards(at: changes.changed.map(\.href), in: book)
        #expect(cards.map { $0.card.first("FN")?.text } == ["Grace Hopper"])
    }

    /// A command given a URL that is not an address book (here the account's root) says so and
    /// where to find the books.
    @Test func aURLThatIsNotAnAddressBookIsRefusedWithTheWayToFindOne() async throws {
        let responder = try RecordedResponder(replaying: "nextcloud.json")
        let root = responder.url.absoluteString + "remote.php/dav/"
        let result = try await Tool.run(["cat", root], environment: ["VCARDTOOL_DAV_USER": "ada", "VCARDTOOL_DAV_PASSWORD": "app-password"])
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool cat: \(root): not an address book (vcardtool dav ls \(root) lists the address books there)\n")
        #expect(result.stdout.isEmpty)
    }

    /// A pull that fails part way (the server answers 500 to the second batch, past the client's
    /// retries) keeps what it wrote and knows it: the next pull fetches only the rest, and no card
    /// is written twice under another name (`a-2.vcf`), as it was when the mirror's state was
    /// saved only at the end.
    @Test func aPullThatFailsPartWayIsFinishedByTheNextOne() async throws {
        let responder = try RecordedResponder(replaying: "failing-pull.json")
        let client = DAVClient(credentials: Credentials(user: "ada", password: "secret"), batchSize: 1)
        let book = try await client.addressBook(at: try #require(URL(string: "dav/ada/book/", relativeTo: responder.url)?.absoluteURL))
        let folder = try Tool.temporaryDirectory().appendingPathComponent("mirror")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let pull = DavPull(client: client, book: book, folder: folder.path)

        let first = try await onThread { () -> String? in
            do { _ = try pull.run() } catch { return "\(error)" }
            return nil
        }
        #expect(first?.contains("500") == true, "\(first ?? "no error")")
        let files = { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vcf") }.sorted() }
        #expect(try files() == ["a.vcf"])

        let second = try await onThread { try pull.run() }
        #expect(second == DavPull.Summary(added: 2, updated: 0, removed: 0))
        #expect(try files() == ["a.vcf", "b.vcf", "c.vcf"])
    }
}
