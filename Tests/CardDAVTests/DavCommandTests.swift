import Foundation
import Testing

/// `vcardtool dav` on the command line without a server: usage errors exit 2 with the usage,
/// and a refused URL is reported before anything is sent.
@Suite struct DavCommandTests {
    @Test(arguments: [
        (["dav"], "Missing ls, pull or push"),
        (["dav", "ls"], "Missing <url>"),
        (["dav", "pull", "http://127.0.0.1:9/book/"], "Missing --into <folder>"),
        (["dav", "push", "http://127.0.0.1:9/book/"], "Missing <file-or-folder>"),
        (["dav", "sync", "http://127.0.0.1:9/"], "Unknown action 'sync'; expected ls, pull or push"),
        (["dav", "ls", "ftp://127.0.0.1/"], "Not an http or https URL: 'ftp://127.0.0.1/'"),
        (["dav", "ls", "--dry-run", "http://127.0.0.1:9/"], "Unexpected arguments for 'dav ls'"),
        (["dav", "ls", "--timeout", "0", "http://127.0.0.1:9/"], "Invalid --timeout '0'"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) async throws {
        let result = try await Tool.run(arguments, environment: [:])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("vcardtool dav: \(message)\nUsage: vcardtool dav "))
    }

    @Test func plainHTTPToAnotherHostIsRefused() async throws {
        let result = try await Tool.run(["dav", "ls", "http://dav.example.com/"], environment: [:])
        #expect(result.status == 2)
        #expect(result.stderr == "vcardtool dav: http://dav.example.com/: plain HTTP is allowed only to the loopback (use https, or allow insecure HTTP explicitly)\n")
    }
}
