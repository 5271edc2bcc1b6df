import CardDAV
import Foundation
import Testing

/// Discovery on the real servers: from the server's root (`/.well-known/carddav`, principal,
/// home set) and from an address book's own URL; `vcardtool dav ls` lists what it finds.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct ServerDiscoveryTests {
    @Test(arguments: DAVTestServer.names)
    func findsTheAddressBooksOfTheAccount(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        let books = try await server.client().addressBooks(at: server.url)
        let found = try #require(books.first { $0.url == book.url })
        #expect(found.displayName == "Test \(book.url.lastPathComponent)")
        #expect(found.syncToken != nil)
    }

    @Test(arguments: DAVTestServer.names)
    func anAddressBookURLIsUsedDirectly(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        #expect(try await server.client().addressBooks(at: book.url).map(\.url) == [book.url])
    }

    @Test(arguments: DAVTestServer.names)
    func lsPrintsURLNameAndCount(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        _ = try await server.client().add(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ls-1\r\nFN:Ls\r\nN:;Ls;;;\r\nEND:VCARD\r\n".utf8), named: "ls-1.vcf", in: book)
        let result = try await Tool.run(["dav", "ls", server.url.absoluteString], environment: server.toolEnvironment)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").contains("\(book.url.absoluteString)\tTest \(book.url.lastPathComponent)\t1"))
    }
}
