import CardDAV
import Foundation
import Testing

/// Saving over a card another client changed since it was read: `If-Match` gets 412, the client
/// reports a conflict for that card, and the other client's change is still on the server.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct ConflictTests {
    static func card(note: String) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:conflict-1\r\nFN:Conflict\r\nN:;Conflict;;;\r\nNOTE:\(note)\r\nEND:VCARD\r\n".utf8)
    }

    @Test(arguments: DAVTestServer.names)
    func concurrentChangeIsAConflictAndNothingIsLost(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        let mine = server.client(), theirs = server.client()
        let added = try await mine.add(Self.card(note: "first"), named: "conflict-1.vcf", in: book)
        let fetched = try #require(try await mine.cards(at: [added.href], in: book).first)
        let url = try mine.url(of: fetched.reference.href, in: book)
        let etag = try #require(fetched.reference.etag)

        try await theirs.update(Self.card(note: "theirs"), at: url, etag: etag)
        await #expect(throws: DAVError.conflict(url: url.absoluteString)) {
            try await mine.update(Self.card(note: "mine"), at: url, etag: etag)
        }
        await #expect(throws: DAVError.conflict(url: url.absoluteString)) {
            _ = try await mine.add(Self.card(note: "mine"), named: "conflict-1.vcf", in: book)
        }
        let now = try #require(try await mine.cards(at: [added.href], in: book).first)
        #expect(now.card.first("NOTE")?.text == "theirs")
    }

    @Test func wrongPasswordIsA401NamingTheURL() async throws {
        let server = try DAVTestServer.named("radicale")
        let client = DAVClient(credentials: Credentials(user: "test", password: "wrong"))
        await #expect(throws: DAVError.unauthorized(url: server.url.absoluteString)) {
            _ = try await client.addressBooks(at: server.url)
        }
        var environment = server.toolEnvironment
        environment["VCARDTOOL_DAV_PASSWORD"] = "wrong"
        let result = try await Tool.run(["dav", "ls", server.url.absoluteString], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool dav: \(server.url.absoluteString): 401 Unauthorized (check VCARDTOOL_DAV_USER and VCARDTOOL_DAV_PASSWORD, or ~/.netrc)\n")
    }
}
