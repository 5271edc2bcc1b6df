import Foundation

/// The scheme, host and port of a URL: redirects and hrefs are followed only within one origin,
/// and plain HTTP is used only to the loopback unless allowed explicitly.
///
/// ```swift
/// Origin(URL(string: "http://127.0.0.1:5232/test/")!)?.isLoopback   // true
/// ```
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `localhost`, `::1` or an address in 127.0.0.0/8.
    var isLoopback: Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether a request may go to this origin: HTTPS, or HTTP to the loopback or when allowed.
    func isSafe(allowingInsecureHTTP: Bool) -> Bool {
        scheme == "https" || isLoopback || allowingInsecureHTTP
    }
}
