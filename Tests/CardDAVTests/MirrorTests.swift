import CardDAV
import Foundation
import Testing
import VCardParser
@testable import vcardtool

/// `vcardtool dav push` and `pull` in bulk and incrementally: 1,000 cards (ten multiget
/// batches) come back equal, by `vcardtool diff` (of the pulled folder and of the URL itself)
/// and card by card, and a pull after one change transfers that card only.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct MirrorTests {
    static func cards(_ count: Int) -> String {
        (1...count).map { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bulk-\(i)\r\nFN:Person \(i)\r\nN:\(i);Person;;;\r\nEMAIL;TYPE=INTERNET,WORK:p\(i)@example.com\r\nTEL;TYPE=CELL:+1 555 01\(String(format: "%02d", i % 100))\r\nNOTE:Card \(i)\\, with a comma\r\nEND:VCARD\r\n"
        }.joined()
    }

    /// A new book on the server `name`, and a folder holding `count` cards in `cards.vcf`.
    static func setUp(_ name: String, cards count: Int) async throws -> (server: DAVTestServer, book: AddressBook, dir: URL, input: URL) {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        let dir = try Tool.temporaryDirectory()
        let input = dir.appendingPathComponent("cards.vcf")
        try Data(cards(count).utf8).write(to: input)
        return (server, book, dir, input)
    }

    @Test(arguments: DAVTestServer.names)
    func aThousandCardsComeBackEqual(_ name: String) async throws {
        let (server, book, dir, input) = try await Self.setUp(name, cards: 1000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let push = try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(push.stderr == "dav push: 1000 added, 0 updated, 0 unchanged, 0 conflicts\n")
        let folder = dir.appendingPathComponent("mirror")
        let pull = try await Tool.run(["dav", "pull", book.url.absoluteString, "--into", folder.path], environment: server.toolEnvironment)
        #expect(pull.status == 0)
        #expect(pull.stderr == "dav pull: 1000 added, 0 updated, 0 removed in \(folder.path)\n")
        let diff = try await Tool.run(["diff", input.path, folder.path], environment: server.toolEnvironment)
        #expect(diff.status == 0, "\(diff.stdout.prefix(2000))")
        // Read from the URL, a batch of 100 at a time, the book is the same too.
        let fromURL = try await Tool.run(["diff", input.path, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(fromURL.status == 0, "\(fromURL.stdout.prefix(2000))")
        let cat = try await Tool.run(["cat", book.url.absoluteString], environment: server.toolEnvironment)
        #expect(cat.stdout.components(separatedBy: "BEGIN:VCARD").count - 1 == 1000)
        let originals = try VCardDecoder().decode(Array(try Data(contentsOf: input))).cards
        for original in originals {
            let file = folder.appendingPathComponent(try #require(original.uid) + ".vcf")
            let pulled = try #require(VCardDecoder().decode(Array(try Data(contentsOf: file))).cards.first)
            #expect(PropertyChange.changes(from: original, to: pulled).isEmpty, "\(file.lastPathComponent)")
        }
        let again = try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(again.stderr == "dav push: 0 added, 0 updated, 1000 unchanged, 0 conflicts\n")
    }

    @Test(arguments: DAVTestServer.names)
    func secondPullTransfersOnlyTheChanges(_ name: String) async throws {
        let (server, book, dir, input) = try await Self.setUp(name, cards: 3)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment).status == 0)
        let folder = dir.appendingPathComponent("mirror")
        let pull = ["dav", "pull", book.url.absoluteString, "--into", folder.path]
        #expect(try await Tool.run(pull, environment: server.toolEnvironment).stderr == "dav pull: 3 added, 0 updated, 0 removed in \(folder.path)\n")
        #expect(try await Tool.run(pull, environment: server.toolEnvironment).stderr == "dav pull: 0 added, 0 updated, 0 removed in \(folder.path)\n")

        let client = server.client()
        let remote = try await client.cards(at: client.cardReferences(in: book).map(\.href), in: book)
        let second = try #require(remote.first { $0.card.uid == "bulk-2" })
        let changed = String(decoding: second.bytes, as: UTF8.self).replacingOccurrences(of: "Card 2", with: "Card two")
        try await client.update(Array(changed.utf8), at: client.url(of: second.reference.href, in: book), etag: try #require(second.reference.etag))
        #expect(try await Tool.run(pull, environment: server.toolEnvironment).stderr == "dav pull: 0 added, 1 updated, 0 removed in \(folder.path)\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("bulk-2.vcf"), encoding: .utf8).contains("Card two"))

        let third = try #require(remote.first { $0.card.uid == "bulk-3" })
        try await client.delete(at: client.url(of: third.reference.href, in: book), etag: try #require(third.reference.etag))
        #expect(try await Tool.run(pull, environment: server.toolEnvironment).stderr == "dav pull: 0 added, 0 updated, 1 removed in \(folder.path)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bulk-3.vcf").path))
        let state = try JSONDecoder().decode(MirrorState.self, from: Data(contentsOf: folder.appendingPathComponent(MirrorState.fileName)))
        #expect(Set(state.cards.values.map(\.file)) == ["bulk-1.vcf", "bulk-2.vcf"])
    }
}

/// What `dav pull` and `dav push` leave alone: files in the mirror folder that the mirror does
/// not own, and the server in a dry run.
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct MirrorSafetyTests {
    @Test func pullNeverReplacesAFileItDoesNotOwn() async throws {
        let (server, book, dir, input) = try await MirrorTests.setUp("xandikos", cards: 1)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try await Tool.run(["dav", "push", input.path, book.url.absoluteString], environment: server.toolEnvironment).status == 0)
        let folder = dir.appendingPathComponent("mirror")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent("bulk-1.vcf"))
        #expect(try await Tool.run(["dav", "pull", book.url.absoluteString, "--into", folder.path], environment: server.toolEnvironment).status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("bulk-1.vcf"), encoding: .utf8) == "mine\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("bulk-1-2.vcf"), encoding: .utf8).contains("UID:bulk-1"))
    }

    @Test func dryRunSendsNothing() async throws {
        let (server, book, dir, input) = try await MirrorTests.setUp("xandikos", cards: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await Tool.run(["dav", "push", "--dry-run", input.path, book.url.absoluteString], environment: server.toolEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr == "dav push (dry run, nothing sent): 2 added, 0 updated, 0 unchanged, 0 conflicts\n")
        #expect(try await server.client().cardReferences(in: book).isEmpty)
    }
}
