import CardDAV
import Foundation
import Testing

/// The multistatus parser: namespaces by URI whatever the prefixes, 404 propstats and removed
/// members, and hostile XML (entities, deep nesting, malformed) refused quickly.
@Suite struct MultistatusParserTests {
    func parse(_ xml: String) throws(DAVError) -> Multistatus {
        try MultistatusParser.parse(Array(xml.utf8), url: "http://127.0.0.1/book/")
    }

    @Test func prefixesAreResolvedToNamespaces() throws {
        let status = try parse(
            """
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:carddav" xmlns:x="urn:other"><ns0:response>\
            <ns0:href>/book/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop>\
            <ns0:resourcetype><ns0:collection/><ns1:addressbook/></ns0:resourcetype><x:displayname>not DAV</x:displayname>\
            </ns0:prop></ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns0:displayname/>\
            </ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>
            """)
        let response = try #require(status.responses.first)
        #expect(response.href == "/book/")
        #expect(response.isType(.addressbook))
        #expect(response[.displayname] == nil)
        #expect(response[DAVName(namespace: "urn:other", name: "displayname")]?.text == "not DAV")
    }

    @Test func syncReportHasTokenChangesAndRemovals() throws {
        let status = try parse(
            """
            <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
            <d:response><d:href>/book/a.vcf</d:href><d:propstat><d:prop><d:getetag>"2"</d:getetag>\
            <c:address-data><![CDATA[BEGIN:VCARD\r\nFN:A & B\r\nEND:VCARD\r\n]]></c:address-data></d:prop>\
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
            <d:response><d:href>/book/b.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>\
            <d:sync-token>http://example.com/sync/7</d:sync-token></d:multistatus>
            """)
        #expect(status.syncToken == "http://example.com/sync/7")
        #expect(status.responses.map(\.href) == ["/book/a.vcf", "/book/b.vcf"])
        #expect(status.responses[0][.getetag]?.text == "\"2\"")
        #expect(status.responses[0][.addressData]?.text.contains("FN:A & B") == true)
        #expect(status.responses[1].status == 404)
    }

    @Test func entitiesAreRefused() throws {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><multistatus xmlns="DAV:">&c;</multistatus>
            """
        #expect(throws: DAVError.badResponse(url: "http://127.0.0.1/book/", reason: "a document type declaration is not accepted")) { try parse(laughs) }
        #expect(throws: DAVError.self) { try parse("<!doctype m SYSTEM \"file:///etc/passwd\"><multistatus xmlns=\"DAV:\"/>") }
        #expect(throws: DAVError.self) { try parse("<multistatus xmlns=\"DAV:\">&a;</multistatus>") }
    }

    @Test func deepNestingStops() throws {
        let depth = 100_000
        let xml = "<multistatus xmlns=\"DAV:\">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</multistatus>"
        #expect(throws: DAVError.tooLarge(url: "http://127.0.0.1/book/", limit: MultistatusParser.maximumDepth)) { try parse(xml) }
    }

    @Test(arguments: ["", "<multistatus xmlns=\"DAV:\"><response>", "<other xmlns=\"DAV:\"/>", "<multistatus/>", "\u{0}\u{1}"])
    func malformedOrForeignIsABadResponse(_ xml: String) {
        #expect(throws: DAVError.self) { try parse(xml) }
    }

    /// A body that is not UTF-8 is refused with that reason, before it is read as XML.
    @Test func aBodyThatIsNotUTF8IsRefusedBeforeParsing() {
        let body = Array("<multistatus xmlns=\"DAV:\"><a><".utf8) + [0xC3] + Array("/></a></multistatus>".utf8)
        #expect(throws: DAVError.badResponse(url: "http://127.0.0.1/book/", reason: "the body is not UTF-8")) {
            try MultistatusParser.parse(body, url: "http://127.0.0.1/book/")
        }
    }

    /// A body with no element, only a CDATA section (the 13 bytes of a DAVFuzz finding: the XML
    /// reader made a tree without a root of them, and the process stopped asking for it), is a
    /// bad response.
    @Test func aBodyWithoutAnElementIsABadResponse() {
        let body = Array("<![CDATA[]]>\r".utf8)
        #expect(
            throws: DAVError.badResponse(
                url: "http://127.0.0.1/book/", reason: "malformed XML (1:1: invalid XML: the document is empty or does not start with an element)")
        ) {
            try MultistatusParser.parse(body, url: "http://127.0.0.1/book/")
        }
    }

    /// Processing instructions are skipped (FoundationXML, which read the answers before,
    /// stopped the process on `<?e?>`, a DAVFuzz finding).
    @Test(arguments: [
        "<?e?><multistatus xmlns=\"DAV:\"><sync-token>t</sync-token></multistatus>",
        "<?xml?><multistatus xmlns=\"DAV:\"><sync-token>t</sync-token></multistatus>",
        "<multistatus xmlns=\"DAV:\"><?pi data?><sync-token>t</sync-token></multistatus>",
    ])
    func processingInstructionsAreSkipped(_ xml: String) throws {
        #expect(try parse(xml).syncToken == "t")
    }

    /// A declaration spelled anywhere is refused, even where it would be text: in a processing
    /// instruction (a DAVFuzz finding hid one in an unfinished XML declaration), CDATA or a comment.
    @Test(arguments: [
        "<?xml version=\"1.0<!DOCTYPE m [<!ENTITY a \"b\">]>?><multistatus xmlns=\"DAV:\"/>",
        "<multistatus xmlns=\"DAV:\"><sync-token><![CDATA[<!doctype x>]]></sync-token></multistatus>",
        "<multistatus xmlns=\"DAV:\"><!-- <!Entity a 'b'> --></multistatus>",
    ])
    func aDeclarationAnywhereIsRefused(_ xml: String) {
        #expect(throws: DAVError.badResponse(url: "http://127.0.0.1/book/", reason: "a document type declaration is not accepted")) { try parse(xml) }
    }

    /// What a property holds, as discovery and sync read it: its text (its own and its
    /// descendants', CDATA included, white space kept), the hrefs at any depth in it (trimmed),
    /// and its children's names; a response's status and href trimmed; a propstat with a 4xx
    /// status left out, a later 2xx one taking the place of an earlier one.
    @Test func propertiesKeepTheirTextHrefsAndChildren() throws {
        let status = try parse(
            """
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:response>
                <D:href>
                  /dav/ada/
                </D:href>
                <D:propstat>
                  <D:prop>
                    <D:current-user-principal>
                      <D:href>/principals/ada/</D:href>
                    </D:current-user-principal>
                    <C:addressbook-home-set><D:href> /dav/ada/ </D:href><D:other><D:href>/dav/shared/</D:href></D:other></C:addressbook-home-set>
                    <D:displayname>Ada &amp; <![CDATA[<Charles>]]></D:displayname>
                    <D:getetag>"old"</D:getetag>
                  </D:prop>
                  <D:status>
                    HTTP/1.1 200 OK
                  </D:status>
                </D:propstat>
                <D:propstat><D:prop><D:getetag>"new"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
                <D:propstat><D:prop><D:getetag>"gone"</D:getetag></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
              </D:response>
            </D:multistatus>
            """)
        let response = try #require(status.responses.first)
        #expect(response.href == "/dav/ada/")
        #expect(response.status == nil)
        #expect(response[.currentUserPrincipal]?.hrefs == ["/principals/ada/"])
        #expect(response[.currentUserPrincipal]?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "/principals/ada/")
        #expect(response[.addressbookHomeSet]?.hrefs == ["/dav/ada/", "/dav/shared/"])
        #expect(response[.addressbookHomeSet]?.children == [DAVName(namespace: "DAV:", name: "other")])
        #expect(response[.displayname]?.text == "Ada & <Charles>")
        #expect(response[.getetag]?.text == "\"new\"")
    }

    @Test func theXMLDeclarationIsAccepted() throws {
        let status = try parse("\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<multistatus xmlns=\"DAV:\"><sync-token>t</sync-token></multistatus>")
        #expect(status.syncToken == "t")
    }
}
