import CardDAV
import Foundation
import Testing

/// The Radicale and Xandikos servers `scripts/dav-servers.sh start` runs, read from the
/// `.build/dav-servers.env` it writes. Without that file the server tests are skipped, unless
/// `VCARDTOOL_REQUIRE_DAV=1` (set by `.ci/run`), where they run and fail.
struct DAVTestServer: Sendable, CustomTestStringConvertible {
    var name: String
    var url: URL
    var credentials: Credentials?
    /// The collection under which the tests create their address books.
    var home: String

    var testDescription: String { name }

    static let environmentFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/dav-servers.env")

    /// The file's variables, empty when it is absent.
    static let variables: [String: String] = {
        guard let text = try? String(contentsOf: environmentFile, encoding: .utf8) else { return [:] }
        var variables: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { variables[String(parts[0])] = String(parts[1]) }
        }
        return variables
    }()

    /// Whether the server tests run: the servers are up, or they are required.
    static let enabled = !variables.isEmpty || ProcessInfo.processInfo.environment["VCARDTOOL_REQUIRE_DAV"] == "1"

    static let names = ["radicale", "xandikos"]

    /// The server called `name`; fails the test when it is not running.
    static func named(_ name: String) throws -> DAVTestServer {
        let prefix = "VCARDTOOL_TEST_\(name.uppercased())_"
        let text = try #require(variables[prefix + "URL"], "\(name) is not running: start it with scripts/dav-servers.sh start")
        let credentials = variables[prefix + "USER"].map { Credentials(user: $0, password: variables[prefix + "PASSWORD"] ?? "") }
        return DAVTestServer(name: name, url: try #require(URL(string: text)), credentials: credentials, home: name == "radicale" ? "test/" : "user/contacts/")
    }

    func client(batchSize: Int = 100) -> DAVClient { DAVClient(credentials: credentials, timeout: 20, batchSize: batchSize) }

    /// A new, empty address book of its own for one test.
    func makeBook() async throws -> AddressBook {
        let url = try #require(URL(string: home + "vcardtool-\(UUID().uuidString)/", relativeTo: url)?.absoluteURL)
        let client = client()
        try await client.makeAddressBook(at: url, displayName: "Test \(url.lastPathComponent)")
        return try await client.addressBook(at: url)
    }

    /// The environment for `vcardtool dav` with this server's credentials.
    var toolEnvironment: [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        if let credentials {
            environment["VCARDTOOL_DAV_USER"] = credentials.user
            environment["VCARDTOOL_DAV_PASSWORD"] = credentials.password
        }
        return environment
    }
}
