import Foundation

/// A user name and password for HTTP Basic authentication, taken from the environment
/// (`VCARDTOOL_DAV_USER`, `VCARDTOOL_DAV_PASSWORD`) or from `~/.netrc`, never from a command line.
///
/// ```swift
/// let credentials = Credentials.lookup(for: URL(string: "https://dav.example.com/")!)
/// let client = DAVClient(credentials: credentials)
/// ```
public struct Credentials: Equatable, Sendable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The environment's credentials when both variables are set, else the `~/.netrc` entry of
    /// the URL's host (or its `default` entry), else `nil`.
    /// - Parameters:
    ///   - url: The server, whose host selects the `.netrc` entry.
    ///   - environment: The variables to read (the process's by default).
    ///   - netrcPath: The `.netrc` file (`$HOME/.netrc` by default).
    public static func lookup(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment, netrcPath: String? = nil) -> Credentials? {
        if let user = environment["VCARDTOOL_DAV_USER"], let password = environment["VCARDTOOL_DAV_PASSWORD"] {
            return Credentials(user: user, password: password)
        }
        guard let path = netrcPath ?? environment["HOME"].map({ $0 + "/.netrc" }), let host = url.host,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.size] as? Int ?? Int.max) <= Netrc.maximumSize,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return Netrc(String(decoding: data, as: UTF8.self)).credentials(for: host)
    }

    /// The `Authorization` header's value.
    var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
