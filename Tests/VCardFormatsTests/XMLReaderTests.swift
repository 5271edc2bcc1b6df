import HostileInputs
import Testing
import VCardParser

@testable import VCardFormats

/// ``XMLReader``: what xCard needs of XML, refusals with their positions, and no recursion.
@Suite struct XMLReaderTests {
    static func parse(_ text: String) throws(FormatError) -> XMLTree.Element {
        try XMLReader.parse(Array(text.utf8)).root
    }

    static func error(_ bytes: [UInt8]) -> FormatError? {
        do {
            _ = try XMLReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTextReferencesCDATAAndNamespaces() throws {
        let root = try Self.parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment --><?pi data?>
            <p:a xmlns:p="urn:p" k='1 &lt; 2&#9;x'>A &amp; B &#x1F600;\r\n<![CDATA[<c>&amp;]]><b xmlns="urn:b"/></p:a>
            """)
        #expect(root.name == "a" && root.namespace == "urn:p")
        #expect(root.attribute("k") == "1 < 2\tx")
        #expect(root.text == "A & B \u{1F600}\n<c>&amp;")
        #expect(root.children.map(\.namespace) == ["urn:b"])
    }

    /// The 11 bytes that made Foundation's XMLParser stop the process with SIGILL on Linux.
    @Test func aNameThatIsNotUTF8IsAnError() {
        #expect(
            Self.error([0x3C, 0x61, 0x3E, 0x3C, 0xC3, 0x2F, 0x3E, 0x3C, 0x2F, 0x61, 0x3E])
                == FormatError(line: 1, column: 5, "invalid XML: bytes that are not UTF-8"))
    }

    @Test(arguments: [
        ("<a>&foo;</a>", 1, 4, "invalid XML: an undefined entity '&foo;' (XML has only &amp; &lt; &gt; &quot; &apos;)"),
        (
            "<!DOCTYPE a [<!ENTITY foo \"x\">]>\n<a>&foo;</a>", 1, 1,
            "invalid XML: a DOCTYPE is not read (the entities it declares could not be expanded)"
        ),
        ("<a>&#1;</a>", 1, 4, "invalid XML: a character reference to no character XML allows"),
        ("<a>\u{FFFE}</a>", 1, 4, "invalid XML: a character XML does not allow (U+FFFE)"),
        ("<a x='1' x='2'/>", 1, 10, "invalid XML: an attribute given twice"),
        ("<p:a/>", 1, 1, "invalid XML: the namespace prefix 'p' is not declared"),
        ("<a>\n<b></a>", 2, 4, "invalid XML: an end tag that does not match its start tag <b>"),
        ("<?xml version='1.0' encoding='ISO-8859-1'?><a/>", 1, 1, "invalid XML: only UTF-8 is read, not 'iso-8859-1'"),
    ])
    func malformedInputIsAnErrorAtItsPosition(input: String, line: Int, column: Int, message: String) {
        #expect(Self.error(Array(input.utf8)) == FormatError(line: line, column: column, message))
    }

    /// A document is one element: markup before it other than white space, comments and
    /// processing instructions is refused where it starts, so that no tree is made without a root
    /// (`<![CDATA[]]>` alone gave an empty tree, and its readers stopped the process asking for
    /// the root: a DAVFuzz finding).
    @Test(arguments: [
        ("<![CDATA[]]>", 1, 1), ("<![CDATA[]]>\r", 1, 1), ("<![CDATA[x]]><a/>", 1, 1), (" <![CDATA[<a/>]]>", 1, 2), ("</a>", 1, 1),
        ("</a><a/>", 1, 1), ("<!x>", 1, 1), ("<!>", 1, 1), ("<!-- c --><![CDATA[]]>", 1, 11), ("<?xml version=\"1.0\"?>\n<![CDATA[]]>", 2, 1),
    ])
    func markupBeforeTheRootElementIsRefused(input: String, line: Int, column: Int) {
        #expect(Self.error(Array(input.utf8)) == FormatError(line: line, column: column, "invalid XML: the document is empty or does not start with an element"))
    }

    /// 40,000 nested elements: built, written out and freed without recursion (the default limit
    /// stops them at 512).
    @Test func deepNestingNeitherRecursesNorPassesTheLimit() throws {
        let depth = 40_000
        let bytes = Array((String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)).utf8)
        #expect(Self.error(bytes) == FormatError(line: 1, column: 1537, "invalid XML: elements nested more than 512 deep"))
        var tree: XMLTree? = try XMLReader.parse(bytes, maxDepth: depth)
        #expect(tree?.nodes.count == depth)
        #expect(tree?.root.serialized().utf8.count == bytes.count)
        tree = nil
    }

    /// `read` tells nesting past its limit (CardDAV answers it with "too large") from any other
    /// failure, nesting too deep in a document that is malformed later included; at the limit,
    /// the document is read.
    @Test func readTellsTooDeepFromMalformed() throws {
        func nested(_ depth: Int, _ tail: String = "") -> [UInt8] {
            Array((String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + tail).utf8)
        }
        #expect(try XMLReader.read(nested(64), maxDepth: 64).nodes.count == 64)
        for (bytes, tooDeep) in [(nested(65), true), (nested(65, "<"), true), (nested(3, "x"), false), (Array("<a><b></a>".utf8), false)] {
            do {
                _ = try XMLReader.read(bytes, maxDepth: 64)
                Issue.record("read \(String(decoding: bytes, as: UTF8.self))")
            } catch {
                switch error {
                case .tooDeep(let reason): #expect(tooDeep && reason.message == "invalid XML: elements nested more than 64 deep")
                case .malformed: #expect(!tooDeep)
                }
            }
        }
    }

    /// 200,000 attributes on one element: read (a set finds duplicates), as the bench times.
    @Test func manyAttributesAreRead() throws {
        let cards = try XCard.decode(HostileInputs.xcardAttributes(200_000))
        #expect(cards.map { $0.first("FN")?.text } == ["A"])
    }

    /// The root's start tag is parsed again with each card: a long one is refused, so that it
    /// cannot multiply the work by the number of cards.
    @Test func aLongRootStartTagIsRefused() {
        let tag = "<vcards xmlns=\"urn:ietf:params:xml:ns:vcard-4.0\"" + String(repeating: " a='1'", count: 200) + ">"
        #expect(throws: FormatError(line: 1, column: 1, "invalid XML: the root element's start tag is larger than the limit of 1024 bytes")) {
            try XCard.decode(Array((tag + "<vcard/></vcards>").utf8))
        }
    }

    /// Through the xCard reader, 40,000 nested elements stop at the limit (`<vcard>` is the
    /// first of the 512 levels), at their position.
    @Test func deepNestingInACardIsAnErrorAtItsPosition() {
        #expect(throws: FormatError(line: 2, column: 1541, "invalid XML: elements nested more than 512 deep")) {
            try XCard.decode(HostileInputs.xcardNesting(40_000))
        }
    }
}
