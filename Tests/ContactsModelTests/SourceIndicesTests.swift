import Testing
import VCardParser

@testable import ContactsModel

/// Where a contact's labeled values came from, found from their identifiers.
@Suite struct SourceIndicesTests {
    @Test func findsEachRecordedValueAndNoOther() {
        var sources = SourceIndices()
        let contact = "urn:uuid:1/2"  // an identifier may itself hold a slash and digits
        for index in [0, 3, 4, 9, 10, 123] { sources.append("\(contact)/\(index)", index: index) }
        for index in [0, 3, 4, 9, 10, 123] { #expect(sources["\(contact)/\(index)"] == index) }
        for absent in [
            "\(contact)/5", "\(contact)/1", "\(contact)/1230", "other/4", "\(contact)/04", "\(contact)/", "\(contact)", "4", "",
            "\(contact)/-4", "\(contact)/99999999999999999999",
        ] {
            #expect(sources[absent] == nil, "\(absent)")
        }
    }

    /// A value's identifier is `"<contact>/<index>"`, whatever the contact's identifier holds,
    /// and the index it ends with is the one found.
    @Test func valueIdentifiersAreTheContactsAndTheIndex() {
        let contacts = ["urn:uuid:1/2", "47EECAA6-D9C1-5991-AFD7-79ABE25B0920", "", "é/ü", "a\u{301}", String(repeating: "x", count: 300)]
        let indices = [0, 1, 9, 10, 99, 100, 12_345, Int(Int32.max), Int.max]
        for contact in contacts {
            var sources = SourceIndices()
            for index in indices {
                let identifier = SourceIndices.identifier(ofValueAt: index, in: contact)
                #expect(identifier == "\(contact)/\(index)")
                #expect(identifier.utf8.count == contact.utf8.count + 1 + String(index).count)
                if index <= 1_000_000_000_000 {
                    sources.append(identifier, index: index)
                    #expect(sources[identifier] == index)
                }
            }
        }
    }

    @Test func aValueMovedToAnotherContactIsNotFoundThere() throws {
        func card(_ uid: String) throws -> VCard {
            try #require(try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:X\r\nTEL:1\r\nTEL:2\r\nEND:VCARD\r\n").cards.first)
        }
        let cardA = try card("A")
        let a = Contact(card: cardA)
        var b = Contact(card: try card("B"))
        #expect(a.sourceIndex[a.phoneNumbers[1].identifier] == cardA.indices(of: "TEL")[1])
        #expect(b.sourceIndex[a.phoneNumbers[1].identifier] == nil)
        // Taken from A, the number is new to B: it is added, and B's own lines stay.
        b.phoneNumbers.append(a.phoneNumbers[1].settingValue(PhoneNumber(stringValue: "3")))
        let written = String(decoding: VCardWriter().encode([b.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
        #expect(written.contains("TEL:1\r\nTEL:2\r\nTEL:3\r\n"))
    }
}
