/// An XML element name with its namespace, as the multistatus parser reports it; prefixes
/// (`D:`, `ns0:`) are resolved away, so two servers' spellings compare equal.
///
/// ```swift
/// DAVName.getetag == DAVName(namespace: "DAV:", name: "getetag")   // true
/// ```
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// `{namespace}name`, as in Clark notation.
    public var description: String { "{\(namespace)}\(name)" }

    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    static let calendarServer = "http://calendarserver.org/ns/"

    static let multistatus = DAVName(namespace: dav, name: "multistatus")
    static let response = DAVName(namespace: dav, name: "response")
    static let href = DAVName(namespace: dav, name: "href")
    static let status = DAVName(namespace: dav, name: "status")
    static let propstat = DAVName(namespace: dav, name: "propstat")
    static let prop = DAVName(namespace: dav, name: "prop")
    static let collection = DAVName(namespace: dav, name: "collection")
    public static let resourcetype = DAVName(namespace: dav, name: "resourcetype")
    public static let displayname = DAVName(namespace: dav, name: "displayname")
    public static let getetag = DAVName(namespace: dav, name: "getetag")
    public static let currentUserPrincipal = DAVName(namespace: dav, name: "current-user-principal")
    public static let syncToken = DAVName(namespace: dav, name: "sync-token")
    public static let addressbookHomeSet = DAVName(namespace: cardDAV, name: "addressbook-home-set")
    public static let addressbook = DAVName(namespace: cardDAV, name: "addressbook")
    public static let addressData = DAVName(namespace: cardDAV, name: "address-data")
    public static let getctag = DAVName(namespace: calendarServer, name: "getctag")
}
