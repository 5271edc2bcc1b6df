import ContactsModel
import Foundation
import Testing
import VCardParser

/// Setting and removing the main phone of a card that writes it as a 4.0 `tel:` URI.
@Suite struct MainPhoneTests {
    static let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Kate\r\nTEL;VALUE=uri;TYPE=main:tel:+1-555-0100\r\nTEL;TYPE=home:+1 555 0199\r\nEND:VCARD\r\n"

    func contact() throws -> Contact {
        var reader = VCardReader(bytes: Array(Self.card.utf8))
        return Contact(card: try #require(try reader.next()), keys: [.phoneNumbers])
    }

    func telLines(_ contact: Contact) -> [String] {
        let bytes = VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)])
        return String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix("TEL") }.map(String.init)
    }

    @Test func anExtensionStaysInTheURI() throws {
        var kate = try contact()
        kate.setMainPhoneNumber(PhoneNumber(stringValue: "+1 555 0101 ext. 7"))
        #expect(telLines(kate) == ["TEL;VALUE=uri;TYPE=main:tel:+1-555-0101;ext=7", "TEL;TYPE=home:+1 555 0199"])
    }

    @Test func whatIsNotANumberIsWrittenAsText() throws {
        var kate = try contact()
        kate.setMainPhoneNumber(PhoneNumber(stringValue: "0800 FLOWERS"))
        #expect(telLines(kate) == ["TEL;TYPE=main:0800 FLOWERS", "TEL;TYPE=home:+1 555 0199"])
    }

    @Test func removingTheMainPhoneRemovesItsLineOnly() throws {
        var kate = try contact()
        #expect(kate.removeMainPhoneNumber() == PhoneNumber(stringValue: "+1-555-0100"))
        #expect(telLines(kate) == ["TEL;TYPE=home:+1 555 0199"])
        var none = Contact(card: VCard(version: .v4), keys: [.phoneNumbers])
        #expect(none.removeMainPhoneNumber() == nil)
    }
}
