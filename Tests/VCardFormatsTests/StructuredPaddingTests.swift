import Foundation
import Testing
import VCardParser

@testable import VCardFormats

/// jCard and xCard give N its 5 components and ADR its 7, whatever the vCard wrote.
@Suite struct StructuredPaddingTests {
    // RFC 6350 §6.2.2, §6.3.1; RFC 7095 §3.3.1.3; RFC 2426 §3.1.2, §3.2.1
    @Test(arguments: ["4.0", "3.0", "2.1"])
    func shortNAndADRArePadded(version: String) throws {
        let text = "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:J\r\nN:Doe;John\r\nADR:;;1 Main St\r\nEND:VCARD\r\n"
        let card = try #require(try VCardDecoder().decode(Array(text.utf8)).cards.first)
        let json = String(decoding: JCard.encode([card]), as: UTF8.self)
        #expect(json.contains(#"["n", {}, "text", ["Doe", "John", "", "", ""]]"#), "\(json)")
        #expect(json.contains(#"["adr", {}, "text", ["", "", "1 Main St", "", "", "", ""]]"#), "\(json)")
        let xml = String(decoding: XCard.encode([card]), as: UTF8.self)
        #expect(xml.contains("<n><surname>Doe</surname><given>John</given><additional/><prefix/><suffix/></n>"), "\(xml)")
    }
}
