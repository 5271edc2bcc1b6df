import CardDAV
import ContactsModel
import Foundation
import Testing
import VCardParser
@testable import vcardtool

/// The seed workflow over CardDAV: push a fixture, fetch the card whose work email matches,
/// replace its main phone with ``Contact/setMainPhoneNumber(_:label:)``, save it with
/// `If-Match`, pull the book back: the pulled card equals the fixture's but for that TEL line
/// (and the UID the push gave it). Radicale rewrites cards it stores; they are equal by meaning.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct SeedWorkflowTests {
    @Test(arguments: DAVTestServer.names)
    func mainPhoneReplacedAndOnlyTheTelLineDiffers(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        let fixture = Tool.fixtures.appendingPathComponent("sample-contacts.vcf").path
        let push = try await Tool.run(["dav", "push", fixture, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(push.status == 0)
        #expect(push.stderr == "dav push: 4 added, 0 updated, 0 unchanged, 0 conflicts\n")

        let client = server.client()
        let remote = try await client.cards(at: client.cardReferences(in: book).map(\.href), in: book)
        let ada = try #require(
            remote.first { card in
                Contact(card: card.card, keys: [.emailAddresses]).emailAddresses.contains { $0.label == .work && $0.value == "ada@analytical.example" }
            })
        var contact = Contact(card: ada.card, keys: [.emailAddresses, .phoneNumbers])
        #expect(contact.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0199")) == .replaced(old: PhoneNumber(stringValue: "+44 20 7946 0001")))
        let bytes = VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)])
        try await client.update(bytes, at: client.url(of: ada.reference.href, in: book), etag: try #require(ada.reference.etag))

        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pull = try await Tool.run(["dav", "pull", book.url.absoluteString, "--into", folder.path], environment: server.toolEnvironment)
        #expect(pull.status == 0)
        let file = folder.appendingPathComponent(SafeFileName.make(from: ada.reference.href.split(separator: "/").last.map(String.init) ?? ""))
        let pulled = try #require(VCardDecoder().decode(Array(try Data(contentsOf: file))).cards.first)
        let original = try #require(VCardDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: fixture)))).cards.first)
        let changes = PropertyChange.changes(from: original, to: pulled).filter { $0.name != "UID" }
        #expect(changes.count == 1)
        #expect(changes.first?.oldText { $0 } == "+44 20 7946 0001")
        #expect(changes.first?.newText { $0 } == "+1 555 0199")
    }

    /// Radicale reorders and normalizes what it stores (ORG without its trailing `;`, TYPE
    /// lists merged): the bytes differ, the meaning does not, so a second push sends nothing.
    @Test func radicaleRewrittenCardIsUnchangedByMeaning() async throws {
        let server = try DAVTestServer.named("radicale")
        let book = try await server.makeBook()
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nORG:Analytical Engines Ltd;\r\nEMAIL;type=INTERNET;type=HOME:ada@home.example\r\nUID:ada-normalized\r\nEND:VCARD\r\n"
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("ada.vcf")
        try Data(card.utf8).write(to: input)
        #expect(try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment).status == 0)
        let client = server.client()
        let stored = try #require(try await client.cards(at: client.cardReferences(in: book).map(\.href), in: book).first)
        #expect(stored.bytes != Array(card.utf8))
        let again = try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(again.stderr == "dav push: 0 added, 0 updated, 1 unchanged, 0 conflicts\n")
    }
}
