import CardDAV
import Foundation
import Testing

/// Commands that read files read an address book's URL too, a card per resource: `cat`, `find`,
/// `diff`; `set-phone --in-place URL` sends back only the cards it changed, with `If-Match`, and
/// concurrent runs each land their edit (a card changed meanwhile is read again).
// Skipped without the servers (scripts/dav-servers.sh start); .ci/run requires them.
@Suite(.enabled(if: DAVTestServer.enabled, "no CardDAV servers: run scripts/dav-servers.sh start"))
struct AddressBookInputTests {
    static let sample = Tool.fixtures.appendingPathComponent("sample-contacts.vcf").path

    /// A new book with the sample pushed to it, and its URL.
    static func sampleBook(_ server: DAVTestServer) async throws -> (AddressBook, String) {
        let book = try await server.makeBook()
        let url = book.url.absoluteString
        #expect(try await Tool.run(["dav", "push", sample, url], environment: server.toolEnvironment).status == 0)
        return (book, url)
    }

    @Test(arguments: DAVTestServer.names)
    func catFindAndDiffReadTheBook(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let (_, url) = try await Self.sampleBook(server)
        let cat = try await Tool.run(["cat", url], environment: server.toolEnvironment)
        #expect(cat.status == 0)
        #expect(cat.stdout.components(separatedBy: "BEGIN:VCARD").count - 1 == 4)
        let find = try await Tool.run(["find", "--email", "ada@analytical.example", "--count", url], environment: server.toolEnvironment)
        #expect(find.stdout == "1\n")
        let diff = try await Tool.run(["diff", Self.sample, url], environment: server.toolEnvironment)
        #expect(diff.stdout.contains("~ Ada Lovelace") && !diff.stdout.contains("7946"), "Ada's card differs by the UID the push gave it")
    }

    @Test(arguments: DAVTestServer.names)
    func setPhoneInPlacePutsOnlyTheChangedCard(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let (book, url) = try await Self.sampleBook(server)
        let client = server.client()
        let before = Dictionary(uniqueKeysWithValues: try await client.cardReferences(in: book).map { ($0.href, $0.etag) })
        let run = try await Tool.run(["set-phone", "--email", "ada@analytical.example", "--phone", "+1 555 0199", "--in-place", url], environment: server.toolEnvironment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "set-phone: 4 cards read, 1 updated (1 phone replaced, 0 added)\n")
        let after = try await client.cardReferences(in: book)
        #expect(after.filter { before[$0.href] != $0.etag }.count == 1)
        let diff = try await Tool.run(["diff", Self.sample, url], environment: server.toolEnvironment)
        #expect(diff.stdout.contains("+44 20 7946 0001") && diff.stdout.contains("+1 555 0199"))

        let backup = try await Tool.run(["set-phone", "--email", "ada@analytical.example", "--phone", "+1 555 0100", "--in-place", "--backup", ".orig", url], environment: server.toolEnvironment)
        #expect(backup.status == 2)
        #expect(backup.stderr.contains("--backup keeps a copy of a file"))
        #expect(try await client.cardReferences(in: book).map(\.etag) == after.map(\.etag), "nothing sent")
    }

    /// Four runs at once, each replacing another labeled phone of the same card: no edit is lost
    /// silently. A run whose `If-Match` fails (or that finds the card locked by another's write)
    /// reads the card again and redoes its edit, so a conflict never fails a run; a server error
    /// that outlasts the client's retries (Xandikos can answer 500 while its repository is busy)
    /// fails the run loudly, exit 2 naming the card, with its edit not made. Every run that
    /// exits 0 has its phone on the server, and the others' old phone is still there.
    ///
    /// On a server whose conditional `PUT` is atomic. Xandikos 0.4.10 compares the `If-Match`
    /// ETag before it takes the lock it writes under (`import_one`, on a thread per request), so
    /// two runs can both be told their write succeeded for the same ETag and the later one
    /// overwrite the other's edit, which no client can see: a lost edit there is a known issue
    /// of the server, not a failure (seen once in CI on 2026-12-05).
    @Test(arguments: DAVTestServer.names)
    func concurrentRunsOnOneCardEachLandTheirEdit(_ name: String) async throws {
        let server = try DAVTestServer.named(name)
        let book = try await server.makeBook()
        let labels = ["main", "work", "home", "cell"]
        let card =
            ["BEGIN:VCARD", "VERSION:3.0", "UID:multi-1", "FN:Multi Phone", "N:Phone;Multi;;;", "EMAIL;TYPE=work:multi@example.com"]
            + labels.enumerated().map { "TEL;TYPE=\($1):+1 555 000\($0)" } + ["END:VCARD", ""]
        _ = try await server.client().add(Array(card.joined(separator: "\r\n").utf8), named: "multi-1.vcf", in: book)
        let url = book.url.absoluteString
        let results = try await withThrowingTaskGroup(of: (Int, Tool).self) { group in
            for (i, label) in labels.enumerated() {
                let arguments = ["set-phone", "--email", "multi@example.com", "--phone", "+1 555 010\(i)", "--label", label, "--in-place", url]
                group.addTask { (i, try await Tool.run(arguments, environment: server.toolEnvironment)) }
            }
            return try await group.reduce(into: [Int: Tool]()) { $0[$1.0] = $1.1 }
        }
        let stored = try #require(try await server.client().cards(at: server.client().cardReferences(in: book).map(\.href), in: book).first)
        let phones = Set(stored.card.properties(named: "TEL").map(\.value))
        for (i, run) in results.sorted(by: { $0.key < $1.key }) {
            if run.status == 0 {
                withKnownIssue("Xandikos checks If-Match outside its write lock", isIntermittent: true) {
                    #expect(phones.contains("+1 555 010\(i)"), "run \(i) exited 0: its edit is on the server (\(phones.sorted()))")
                } when: {
                    name == "xandikos"
                }
            } else {
                #expect(run.status == 2 && run.stderr.contains("multi-1.vcf: HTTP status 5"), "only a server error may fail a run: \(run.stderr)")
                #expect(phones.contains("+1 555 000\(i)"), "run \(i) failed: its old phone stays (\(phones.sorted()))")
            }
        }
        #expect(phones.count == 4)
    }
}
