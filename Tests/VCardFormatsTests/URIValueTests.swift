import Testing
import VCardParser

@testable import VCardFormats

/// URI values carry no backslash escapes in jCard and xCard (RFC 7095 §3.4: values are
/// unescaped; RFC 6351 §3.4): Apple's and Gmail's 3.0 `URL:http\://…`, and the `\,` and `\;`
/// some writers put in `data:` and `geo:` URIs (RFC 6350 errata 3845 and 3846), are read as the
/// URI they stand for. A backslash is not a URI character (RFC 3986 §2), so `\\`, `\,`, `\;` and
/// `\:` can only be escapes; any other backslash is kept as written.
@Suite struct URIValueTests {
    static let card = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Ada\r
        item1.URL;type=pref:http\\://www.example.com/ada\r
        item1.X-ABLabel:_$!<HomePage>!$_\r
        URL:https\\://mail.example.com/a?x=1\\,2\\;3\r
        PHOTO;VALUE=uri:http\\://example.com/ada.jpg\r
        SOUND;VALUE=uri:file:///C:\\Users\\ada\\n.wav\r
        END:VCARD\r

        """

    static let uris = [
        "http://www.example.com/ada", "https://mail.example.com/a?x=1,2;3", "http://example.com/ada.jpg",
        "file:///C:\\Users\\ada\\n.wav",
    ]

    @Test func jCardURIsAreUnescaped() throws {
        let card = try VCardDecoder().decode(Array(Self.card.utf8)).cards
        let json = try JSON.parse(JCard.encode(card))
        let properties = try #require(json.array?[1].array)
        let uris = properties.filter { $0.array?[2].string == "uri" }.compactMap { $0.array?[3].string }
        #expect(uris == Self.uris)
    }

    @Test func xCardURIsAreUnescaped() throws {
        let card = try VCardDecoder().decode(Array(Self.card.utf8)).cards
        let root = try XMLReader.parse(XCard.encode(card)).root
        let uris = root.children[0].children.flatMap { property in
            (property.name == "group" ? property.children : [property]).flatMap(\.children).filter { $0.name == "uri" }.map(\.text)
        }
        #expect(uris == Self.uris)
    }

    /// 4.0 writes a URI as it is (RFC 6350 §4.2 refers to RFC 3986, which has no backslash
    /// escapes), so the jCard read back gives a 4.0 card with the plain URI.
    @Test func vCardFromJCardHasThePlainURI() throws {
        let card = try VCardDecoder().decode(Array(Self.card.utf8)).cards
        let back = try JCard.decode(JCard.encode(card))
        #expect(back[0].properties(named: "URL").map(\.value) == Array(Self.uris.prefix(2)))
    }

    @Test(arguments: [
        ("http\\://a.example/", "http://a.example/"),
        ("data:image/gif;base64\\,R0lG", "data:image/gif;base64,R0lG"),
        ("data:image/gif\\;base64,R0lG", "data:image/gif;base64,R0lG"),
        ("geo:37.3\\,-122.0", "geo:37.3,-122.0"),
        ("file:///C:\\\\dir", "file:///C:\\dir"),
        ("file:///C:\\dir\\n", "file:///C:\\dir\\n"),
        ("trailing\\", "trailing\\"),
        ("plain", "plain"),
    ])
    func uriEscapes(written: String, uri: String) {
        #expect(Escaping.unescapeURI(written) == uri)
    }
}
