/// The XML bodies of the requests the client sends, with fixed prefixes (`d:` for `DAV:`,
/// `c:` for CardDAV, `cs:` for the calendar server's namespace) and escaped text.
///
/// ```swift
/// RequestBody.propfind([.displayname, .getetag])
/// ```
enum RequestBody {
    /// `PROPFIND` asking for `properties`.
    static func propfind(_ properties: [DAVName]) -> String {
        document("d:propfind", "<d:prop>\(elements(properties))</d:prop>")
    }

    /// `addressbook-multiget` (RFC 6352 §8.7) for the ETags and cards of `hrefs`.
    static func multiget(_ hrefs: some Sequence<String>) -> String {
        let list = hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined()
        return document("c:addressbook-multiget", "<d:prop><d:getetag/><c:address-data/></d:prop>\(list)")
    }

    /// `sync-collection` (RFC 6578 §3.2) since `token` (`nil`: everything), members only.
    static func syncCollection(since token: String?) -> String {
        let tokenElement = token.map { "<d:sync-token>\(escaped($0))</d:sync-token>" } ?? "<d:sync-token/>"
        return document("d:sync-collection", "\(tokenElement)<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop>")
    }

    /// Extended `MKCOL` (RFC 5689) of an address book named `displayName`.
    static func makeAddressBook(displayName: String) -> String {
        document("d:mkcol", "<d:set><d:prop><d:resourcetype><d:collection/><c:addressbook/></d:resourcetype><d:displayname>\(escaped(displayName))</d:displayname></d:prop></d:set>")
    }

    private static func document(_ root: String, _ content: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<\(root) xmlns:d=\"DAV:\" xmlns:c=\"\(DAVName.cardDAV)\" xmlns:cs=\"\(DAVName.calendarServer)\">\(content)</\(root)>"
    }

    private static func elements(_ names: [DAVName]) -> String {
        names.map { name in
            let prefix = name.namespace == DAVName.cardDAV ? "c" : name.namespace == DAVName.calendarServer ? "cs" : "d"
            return "<\(prefix):\(name.name)/>"
        }.joined()
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
