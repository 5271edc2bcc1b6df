import CardDAV
import Foundation
import Testing

/// Discovery on a recorded iCloud-style exchange (see ``RecordedResponder``), the client's
/// refusals on hostile answers (a redirect to another origin, a body over the limit), and the
/// ETag comparison that replaces a sync report the server refuses.
@Suite struct RecordedDiscoveryTests {
    let credentials = Credentials(user: "ada", password: "secret")

    @Test func wellKnownRedirectPrincipalAndHomeSet() async throws {
        let responder = try RecordedResponder()
        let books = try await DAVClient(credentials: credentials).addressBooks(at: responder.url)
        let expected = try #require(URL(string: "1234567/carddav/card/", relativeTo: responder.url)?.absoluteURL)
        #expect(books == [AddressBook(url: expected, displayName: "Contacts", ctag: "HwoQEgwAAA")])
    }

    @Test func withoutCredentialsIsA401() async throws {
        let responder = try RecordedResponder()
        await #expect(throws: DAVError.unauthorized(url: responder.url.absoluteString)) {
            _ = try await DAVClient().addressBooks(at: responder.url)
        }
    }

    @Test func redirectToAnotherOriginIsRefused() async throws {
        let responder = try RecordedResponder()
        let from = try #require(URL(string: "elsewhere/", relativeTo: responder.url)?.absoluteURL)
        await #expect(throws: DAVError.crossOrigin(from: from.absoluteString, to: "http://localhost:\(responder.url.port ?? 0)/")) {
            _ = try await DAVClient(credentials: credentials).addressBooks(at: from)
        }
    }

    @Test func bodyOverTheLimitIsRefused() async throws {
        let responder = try RecordedResponder()
        let huge = try #require(URL(string: "huge/", relativeTo: responder.url)?.absoluteURL)
        await #expect(throws: DAVError.tooLarge(url: huge.absoluteString, limit: 1 << 20)) {
            _ = try await DAVClient(credentials: credentials, maximumResponseSize: 1 << 20).addressBooks(at: huge)
        }
    }

    @Test func withoutSyncReportETagsAreCompared() async throws {
        let responder = try RecordedResponder()
        let book = AddressBook(url: try #require(URL(string: "nosync/", relativeTo: responder.url)?.absoluteURL))
        let changes = try await DAVClient(credentials: credentials).changes(in: book, since: "old-token", known: ["/nosync/a.vcf": "\"1\"", "/nosync/c.vcf": "\"9\""])
        #expect(!changes.usedSyncReport)
        #expect(changes.token == nil)
        #expect(changes.changed == [CardReference(href: "/nosync/b.vcf", etag: "\"2\"")])
        #expect(changes.removed == ["/nosync/c.vcf"])
    }
}
