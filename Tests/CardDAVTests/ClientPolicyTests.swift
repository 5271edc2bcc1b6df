import Foundation
import Testing
@testable import CardDAV
@testable import vcardtool

/// What the client refuses before sending anything, where credentials come from, and how
/// hrefs become file names.
@Suite struct ClientPolicyTests {
    @Test(arguments: [
        ("http://127.0.0.1:5232/", true), ("http://127.9.8.7/", true), ("http://localhost/", true), ("http://[::1]:8080/", true),
        ("https://example.com/", true), ("http://128.0.0.1/", false), ("http://example.com/", false), ("http://127.0.0.1.example.com/", false),
    ])
    func plainHTTPOnlyToTheLoopback(_ text: String, _ safe: Bool) throws {
        let url = try #require(URL(string: text))
        let origin = try #require(Origin(url))
        #expect(origin.isSafe(allowingInsecureHTTP: false) == safe)
        #expect(origin.isSafe(allowingInsecureHTTP: true))
    }

    @Test func insecureURLIsRefusedBeforeSending() async {
        await #expect(throws: DAVError.insecureConnection(url: "http://example.com/book/")) {
            _ = try await DAVClient().addressBook(at: URL(string: "http://example.com/book/")!)
        }
        await #expect(throws: DAVError.badResponse(url: "ftp://127.0.0.1/book/", reason: "not an http or https URL")) {
            _ = try await DAVClient().addressBook(at: URL(string: "ftp://127.0.0.1/book/")!)
        }
    }

    @Test(arguments: [
        (401, DAVError.unauthorized(url: "u")), (403, .forbidden(url: "u")), (404, .notFound(url: "u")), (412, .conflict(url: "u")),
        (415, .unsupportedMediaType(url: "u", message: "<error>vCard 4.0 not supported</error>")), (507, .insufficientStorage(url: "u")),
        (500, .status(500, url: "u", message: "<error>vCard 4.0 not supported</error>")),
    ])
    func eachStatusHasItsError(_ status: Int, _ error: DAVError) {
        #expect(DAVError.forStatus(status, url: "u", body: Array("\n  <error>vCard 4.0 not supported</error>\nmore".utf8)) == error)
    }

    @Test func environmentComesBeforeNetrc() throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let netrc = dir.appendingPathComponent("netrc")
        try Data("machine other.example login x password y\nmacdef init\nmachine dav.example.com login bad password bad\n\nmachine DAV.example.com\n  login ada\n  password s3cret\ndefault login anon password guest\n".utf8).write(to: netrc)
        let url = try #require(URL(string: "https://dav.example.com/"))
        #expect(Credentials.lookup(for: url, environment: [:], netrcPath: netrc.path) == Credentials(user: "ada", password: "s3cret"))
        #expect(Credentials.lookup(for: URL(string: "https://elsewhere.example/")!, environment: [:], netrcPath: netrc.path) == Credentials(user: "anon", password: "guest"))
        let environment = ["VCARDTOOL_DAV_USER": "env", "VCARDTOOL_DAV_PASSWORD": "pw"]
        #expect(Credentials.lookup(for: url, environment: environment, netrcPath: netrc.path) == Credentials(user: "env", password: "pw"))
        #expect(Credentials.lookup(for: url, environment: [:], netrcPath: dir.appendingPathComponent("none").path) == nil)
    }

    @Test func hrefsBecomeSafeFileNames() {
        var state = MirrorState(url: "http://127.0.0.1/book/")
        #expect(state.fileName(for: "/book/ada.vcf") { _ in false } == "ada.vcf")
        #expect(state.fileName(for: "/book/J%C3%B6rg%20M.vcf") { _ in false } == "Jörg_M.vcf")
        let hostile = state.fileName(for: "/book/..%2F..%2Fetc%2Fpasswd") { _ in false }
        #expect(!hostile.contains("/") && !hostile.hasPrefix(".") && hostile.hasSuffix(".vcf"))
        #expect(state.fileName(for: "/book/") { _ in false } == "book.vcf")
        state.cards["/book/ada.vcf"] = .init(etag: "\"1\"", file: "ada.vcf")
        #expect(state.fileName(for: "/other/ada.vcf") { _ in false } == "ada-2.vcf")
        #expect(state.fileName(for: "/other/ada.vcf") { $0 == "ada-2.vcf" } == "ada-3.vcf")
    }
}
