/// A `207 Multi-Status` answer (RFC 4918 §13) as plain values: one ``Response`` per resource,
/// with the properties the server found, and the collection's new sync token (RFC 6578).
///
/// ```swift
/// let status = try MultistatusParser.parse(body, url: "https://dav.example.com/book/")
/// for response in status.responses { print(response.href, response[.getetag]?.text ?? "-") }
/// ```
public struct Multistatus: Sendable {
    /// One resource of the answer.
    public struct Response: Sendable {
        /// The resource's href as the server wrote it (usually an absolute path).
        public var href: String
        /// The response-level status (`404` for a member removed since a sync token), if any.
        public var status: Int?
        /// The properties of the `200` propstats.
        public var properties: [DAVName: Property] = [:]

        /// The property named `name`, if the server returned it with status 200.
        public subscript(name: DAVName) -> Property? { properties[name] }

        /// Whether `resourcetype` names `type` (`addressbook`, `collection`).
        public func isType(_ type: DAVName) -> Bool { properties[.resourcetype]?.children.contains(type) ?? false }
    }

    /// One property's content, enough for what CardDAV needs.
    public struct Property: Sendable {
        /// The text inside it (an ETag, a display name, a vCard), white space kept.
        public var text: String = ""
        /// The `DAV:href` elements inside it (a principal, a home set).
        public var hrefs: [String] = []
        /// The names of its child elements (the types of a `resourcetype`).
        public var children: [DAVName] = []
    }

    public var responses: [Response] = []
    /// The top-level `sync-token` of a `sync-collection` report.
    public var syncToken: String?
}
