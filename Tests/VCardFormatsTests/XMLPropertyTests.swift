import Testing
import VCardParser

@testable import VCardFormats

/// The `XML` property (RFC 6350 §6.1.5) in xCard: an element of another namespace in a
/// `<vcard>` (or in one of its groups) is read into an `XML` property, and an `XML` property is
/// written back as that element, not as `<xml><text>` (RFC 6351 §5.1, §6), so a card survives
/// xCard → vCard → xCard whatever extensions it carries.
@Suite struct XMLPropertyTests {
    /// xCard → vCard 4.0 text → xCard gives the same elements, attributes and text.
    @Test(arguments: ["rfc6351-example.xml", "rfc6351-extension.xml"])
    func xCardToVCardToXCardKeepsEveryElement(fixture: String) throws {
        let original = try Fixtures.bytes(fixture)
        let text = canonical(try XCard.decode(original))
        let cards = try VCardDecoder(mode: .strict).decode(Array(text.utf8)).cards
        var warnings: [String] = []
        let again = XCard.encode(cards, warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(outline(try XMLReader.parse(again).root) == outline(try XMLReader.parse(original).root))
    }

    @Test func foreignElementsBecomeXMLProperties() throws {
        let cards = try XCard.decode(Fixtures.bytes("rfc6351-extension.xml"))
        #expect(
            canonical(cards) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:Simon Perreault\r
                X-MY-PROP;PREF=1;VALUE=text:value goes here\r
                XML:<my-prop xmlns="http://example.com/extensions/my-vcard"><parameters xml\r
                 ns="urn:ietf:params:xml:ns:vcard-4.0"><pref><integer>1</integer></pref></p\r
                 arameters><text xmlns="urn:ietf:params:xml:ns:vcard-4.0">value goes here</\r
                 text></my-prop>\r
                item1.EMAIL:simon.perreault@viagenie.ca\r
                item1.XML:<label xmlns="http://example.com/extensions/my-vcard" kind="work"\r
                 >Office &amp\\; lab</label>\r
                XML:<shoe xmlns="http://example.org/wardrobe" fit="wide" size="44"><brand>A\r
                 cme &lt\\;Boots&gt\\;</brand><colour xmlns="">black</colour></shoe>\r
                END:VCARD\r

                """)
    }

    /// An `XML` property is written as its element, in the place and group it has in the card.
    @Test func xmlPropertyIsWrittenAsItsElement() throws {
        let card = try #require(
            try VCardDecoder().decode(
                Array(
                    """
                    BEGIN:VCARD\r
                    VERSION:4.0\r
                    FN:A\r
                    XML:<a:b xmlns:a="urn:x" n="1"><a:c>d</a:c></a:b>\r
                    g.XML:<e xmlns="urn:y"/>\r
                    END:VCARD\r

                    """.utf8)
            ).cards.first)
        var warnings: [String] = []
        let xml = String(decoding: XCard.encode([card], warnings: &warnings), as: UTF8.self)
        #expect(warnings.isEmpty)
        #expect(
            xml.split(separator: "\n").dropFirst(3).dropLast(2).map { String($0.drop { $0 == " " }) } == [
                "<fn><text>A</text></fn>",
                "<b xmlns=\"urn:x\" n=\"1\"><c>d</c></b>",
                "<group name=\"g\">",
                "<e xmlns=\"urn:y\"></e>",
                "</group>",
            ])
    }

    /// RFC 6350 §6.1.5: the value is one element whose namespace is given and is not vCard's.
    /// Any other value cannot be an element of the card: it stays `<xml><text>`, with a warning.
    @Test(arguments: [
        ("not xml", "not xml"),
        ("<a>no namespace</a>", "&lt;a&gt;no namespace&lt;/a&gt;"),
        (
            "<fn xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"><text>B</text></fn>",
            "&lt;fn xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"&gt;&lt;text&gt;B&lt;/text&gt;&lt;/fn&gt;"
        ),
        ("<a xmlns=\"urn:x\"/><b xmlns=\"urn:x\"/>", "&lt;a xmlns=\"urn:x\"/&gt;&lt;b xmlns=\"urn:x\"/&gt;"),
        // No element at all (the XML reader made a tree without a root of it, which stopped the process).
        ("<![CDATA[<a xmlns=\"urn:x\"/>]]>", "&lt;![CDATA[&lt;a xmlns=\"urn:x\"/&gt;]]&gt;"),
    ])
    func otherXMLValuesStayText(value: String, written: String) throws {
        var property = Property(name: "XML", value: "", version: .v4)
        property.setText(value)
        let card = VCard(version: .v4, properties: [Property(name: "FN", value: "A"), property])
        var warnings: [String] = []
        let xml = String(decoding: XCard.encode([card], warnings: &warnings), as: UTF8.self)
        #expect(xml.contains("    <xml><text>\(written)</text></xml>\n"))
        #expect(warnings == ["XML: not one element of a namespace other than vCard's (RFC 6350 §6.1.5); written as <xml><text>"])
        #expect(try XCard.decode(Array(xml.utf8)).first?.properties(named: "XML").map(\.text) == [value])
    }

    /// An element nested so deep that, inside `<vcards>`, `<vcard>` and a `<group>`, the xCard
    /// reader would refuse it (``XCardReader/maxDepth``) stays text: the document reads back.
    @Test func anElementTooDeepForTheReaderStaysText() throws {
        let depth = XCardReader.maxDepth - 2
        let value = "<a xmlns=\"urn:x\">" + String(repeating: "<a>", count: depth - 1) + String(repeating: "</a>", count: depth)
        var property = Property(group: "g", name: "XML", value: "", version: .v4)
        property.setText(value)
        let card = VCard(version: .v4, properties: [Property(name: "FN", value: "A"), property])
        var warnings: [String] = []
        let xml = XCard.encode([card], warnings: &warnings)
        #expect(warnings.count == 1)
        #expect(try XCard.decode(xml).first?.properties(named: "XML").map(\.text) == [value])
        property.setText("<a xmlns=\"urn:x\">" + String(repeating: "<a>", count: depth - 2) + String(repeating: "</a>", count: depth - 1))
        let shallower = VCard(version: .v4, properties: [Property(name: "FN", value: "A"), property])
        warnings = []
        let embedded = XCard.encode([shallower], warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(try XCard.decode(embedded).first?.properties(named: "XML").count == 1)
    }
}
