import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks WebDAV to one server through an ephemeral `URLSession`: Basic authentication, plain
/// HTTP only to the loopback (unless ``allowInsecureHTTP``), redirects followed only within the
/// origin, a timeout, and bodies bounded by ``maximumResponseSize``.
///
/// The address book operations are in extensions: discovery
/// (``addressBooks(at:)``), reading (``cardReferences(in:)``, ``cards(at:in:)``,
/// ``changes(in:since:known:)``) and writing (``add(_:named:in:)``, ``update(_:at:etag:)``,
/// ``delete(at:etag:)``).
///
/// ```swift
/// let client = DAVClient(credentials: Credentials.lookup(for: url))
/// for book in try await client.addressBooks(at: url) { print(book.url, book.displayName ?? "") }
/// ```
public final class DAVClient: Sendable {
    /// What a request got back.
    struct Response {
        /// The URL that answered (after redirects).
        var url: URL
        var status: Int
        var body: [UInt8]
        var etag: String?
    }

    /// Sent as Basic authentication with every request.
    public let credentials: Credentials?
    /// Whether plain HTTP may go to hosts other than the loopback.
    public let allowInsecureHTTP: Bool
    /// Seconds without progress before a request fails.
    public let timeout: Double
    /// The largest answer read, in bytes; a larger one is ``DAVError/tooLarge(url:limit:)``.
    public let maximumResponseSize: Int
    /// How many hrefs one `addressbook-multiget` report asks for.
    public let batchSize: Int
    /// How many redirects one request follows.
    static let maximumRedirects = 5

    private let session: URLSession
    private let delegate: BoundedSessionDelegate

    public init(credentials: Credentials? = nil, allowInsecureHTTP: Bool = false, timeout: Double = 30, maximumResponseSize: Int = 64 << 20, batchSize: Int = 100) {
        self.credentials = credentials
        self.allowInsecureHTTP = allowInsecureHTTP
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.batchSize = max(batchSize, 1)
        delegate = BoundedSessionDelegate(limit: maximumResponseSize)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// How many times a request the server could not do for now is sent again.
    static let retries = 5

    /// Sends one request, following redirects within the origin. A request that is safe to
    /// repeat — one that changes nothing (`PROPFIND`, `REPORT`, `GET`) or one whose condition
    /// (`If-Match`, `If-None-Match`) makes a second try fail rather than change anything twice —
    /// is sent again after 50, 100, 200, 400 and 800 ms when the server answers `423 Locked` or
    /// a 5xx status that may pass (500, 502, 503, 504): Xandikos answers 423 or 500 while another
    /// client's write holds its repository.
    /// - Throws: ``DAVError`` for a refused URL or redirect, a transport failure, or a body over
    ///   the limit; any status is returned, not thrown (see ``expect(_:_:)``).
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: [UInt8]? = nil) async throws(DAVError) -> Response {
        let repeatable = ["PROPFIND", "REPORT", "GET"].contains(method) || headers["If-Match"] != nil || headers["If-None-Match"] != nil
        var response = try await sendOnce(method, url, headers: headers, body: body)
        for retry in 0..<Self.retries where repeatable && [423, 500, 502, 503, 504].contains(response.status) {
            try? await Task.sleep(nanoseconds: 50_000_000 << UInt64(retry))
            response = try await sendOnce(method, url, headers: headers, body: body)
        }
        return response
    }

    private func sendOnce(_ method: String, _ url: URL, headers: [String: String], body: [UInt8]?) async throws(DAVError) -> Response {
        var current = url
        for _ in 0...Self.maximumRedirects {
            guard let origin = Origin(current) else { throw .badResponse(url: current.absoluteString, reason: "not an http or https URL") }
            guard origin.isSafe(allowingInsecureHTTP: allowInsecureHTTP) else { throw .insecureConnection(url: current.absoluteString) }
            var request = URLRequest(url: current, timeoutInterval: timeout)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let credentials { request.setValue(credentials.basicAuthorization, forHTTPHeaderField: "Authorization") }
            if let body { request.httpBody = Data(body) }
            let outcome = await delegate.run(session.dataTask(with: request))
            if outcome.exceededLimit { throw .tooLarge(url: current.absoluteString, limit: maximumResponseSize) }
            if let error = outcome.error { throw .transport(url: current.absoluteString, reason: error.localizedDescription) }
            guard let response = outcome.response else { throw .transport(url: current.absoluteString, reason: "no answer") }
            let status = response.statusCode
            if [301, 302, 303, 307, 308].contains(status), let location = response.value(forHTTPHeaderField: "Location") {
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL else { throw .badResponse(url: current.absoluteString, reason: "bad redirect to \(location)") }
                guard Origin(next) == origin else { throw .crossOrigin(from: current.absoluteString, to: next.absoluteString) }
                current = next
                continue
            }
            return Response(url: current, status: status, body: outcome.body, etag: response.value(forHTTPHeaderField: "ETag"))
        }
        throw .badResponse(url: url.absoluteString, reason: "more than \(Self.maximumRedirects) redirects")
    }

    /// Throws the ``DAVError`` of the response's status unless it is one of `statuses`.
    func expect(_ response: Response, _ statuses: Set<Int>) throws(DAVError) {
        guard statuses.contains(response.status) else { throw DAVError.forStatus(response.status, url: response.url.absoluteString, body: response.body) }
    }

    /// Sends `body` (XML) with `method` and `Depth`, and parses the multistatus answer.
    func multistatus(_ method: String, _ url: URL, depth: Int, body: String) async throws(DAVError) -> (url: URL, status: Multistatus) {
        let headers = ["Depth": String(depth), "Content-Type": "application/xml; charset=utf-8"]
        let response = try await send(method, url, headers: headers, body: Array(body.utf8))
        try expect(response, [207])
        return (response.url, try MultistatusParser.parse(response.body, url: response.url.absoluteString))
    }

    /// Resolves an href of an answer from `base` and checks that it stays within the origin.
    func resolve(_ href: String, from base: URL) throws(DAVError) -> URL {
        guard let url = URL(string: href, relativeTo: base)?.absoluteURL else { throw .badResponse(url: base.absoluteString, reason: "bad href \(href)") }
        guard Origin(url) == Origin(base) else { throw .crossOrigin(from: base.absoluteString, to: url.absoluteString) }
        return url
    }
}
