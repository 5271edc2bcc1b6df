/// What went wrong talking to a CardDAV server, one case per HTTP status the client treats
/// differently; every case names the URL it concerns.
///
/// ```swift
/// do {
///     try await client.update(card, at: href, etag: etag, in: book)
/// } catch DAVError.conflict(let url) {
///     print("\(url) changed on the server since it was read")
/// }
/// ```
public enum DAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 401: the server wants credentials, or refused the ones sent.
    case unauthorized(url: String)
    /// 403: the credentials are good but not for this resource.
    case forbidden(url: String)
    /// 404: no such resource.
    case notFound(url: String)
    /// 412: the card changed (or appeared) on the server since its ETag was read.
    case conflict(url: String)
    /// 415: the server refused the card's content; `message` is the start of its answer.
    case unsupportedMediaType(url: String, message: String)
    /// 507: the server is out of space.
    case insufficientStorage(url: String)
    /// Any other unexpected status.
    case status(Int, url: String, message: String)
    /// Plain HTTP to a host that is not the loopback, without `allowInsecureHTTP`.
    case insecureConnection(url: String)
    /// A redirect or an href pointing to another scheme, host or port.
    case crossOrigin(from: String, to: String)
    /// The answer exceeded a limit (body size, XML depth, batch size).
    case tooLarge(url: String, limit: Int)
    /// The answer could not be understood (malformed XML, a missing element, a bad href).
    case badResponse(url: String, reason: String)
    /// No answer: the connection failed or timed out.
    case transport(url: String, reason: String)

    public var description: String {
        switch self {
        case .unauthorized(let url): "\(url): 401 Unauthorized (check VCARDTOOL_DAV_USER and VCARDTOOL_DAV_PASSWORD, or ~/.netrc)"
        case .forbidden(let url): "\(url): 403 Forbidden"
        case .notFound(let url): "\(url): 404 Not Found"
        case .conflict(let url): "\(url): 412 Precondition Failed (the card changed on the server; nothing was overwritten)"
        case .unsupportedMediaType(let url, let message): "\(url): 415 Unsupported Media Type" + (message.isEmpty ? "" : ": \(message)")
        case .insufficientStorage(let url): "\(url): 507 Insufficient Storage"
        case .status(let code, let url, let message): "\(url): HTTP status \(code)" + (message.isEmpty ? "" : ": \(message)")
        case .insecureConnection(let url): "\(url): plain HTTP is allowed only to the loopback (use https, or allow insecure HTTP explicitly)"
        case .crossOrigin(let from, let to): "\(from): refused to follow \(to) (another origin)"
        case .tooLarge(let url, let limit): "\(url): answer exceeds the limit of \(limit)"
        case .badResponse(let url, let reason): "\(url): bad answer: \(reason)"
        case .transport(let url, let reason): "\(url): \(reason)"
        }
    }

    /// The error for an unexpected `status`, with the start of the server's `body` as message.
    static func forStatus(_ status: Int, url: String, body: [UInt8]) -> DAVError {
        switch status {
        case 401: return .unauthorized(url: url)
        case 403: return .forbidden(url: url)
        case 404: return .notFound(url: url)
        case 412: return .conflict(url: url)
        case 415: return .unsupportedMediaType(url: url, message: messageText(body))
        case 507: return .insufficientStorage(url: url)
        default: return .status(status, url: url, message: messageText(body))
        }
    }

    /// The first line of the body's first 300 bytes, for a message (markup left as is).
    private static func messageText(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return line.trimmingCharacters(in: .whitespaces)
    }
}
