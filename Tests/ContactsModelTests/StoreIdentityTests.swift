import ContactsModel
import Foundation
import Testing
import VCardParser

/// Identifiers that outlive the store object and the process: cards without `UID`, cards that
/// share one, and the seed workflow (fetch in one place, save from another).
@Suite struct StoreIdentityTests {
    /// Three cards without `UID`: Ada has Apple's `X-ABUID`, Alan and Bea have nothing.
    static let withoutUIDs = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Ada Lovelace\r
        EMAIL;TYPE=work:ada@analytical.example\r
        TEL;TYPE=main:+44 20 7946 0001\r
        X-ABUID:5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE:ABPerson\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Alan Turing\r
        EMAIL;TYPE=work:alan@bletchley.example\r
        TEL;TYPE=main:+44 1908 640404\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Bea Bletchley\r
        EMAIL;TYPE=work:bea@bletchley.example\r
        END:VCARD\r

        """

    enum Kind: String, CaseIterable { case file, folder, memory }

    /// A store of `kind` holding `text`, and a way to open another store object on the same data.
    func stores(_ kind: Kind, _ text: String, in files: TestFiles) throws -> (ContactStore, () -> ContactStore, () throws -> String) {
        switch kind {
        case .file:
            let path = try files.write("c.vcf", text)
            return (ContactStore(fileAt: path), { ContactStore(fileAt: path) }, { try files.read("c.vcf") })
        case .folder:
            try FileManager.default.createDirectory(atPath: files.path("book"), withIntermediateDirectories: true)
            for (i, card) in text.components(separatedBy: "END:VCARD\r\n").dropLast().enumerated() {
                try files.write("book/\(i).vcf", card + "END:VCARD\r\n")
            }
            let folder = files.path("book")
            let read = {
                try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { try files.read("book/" + $0) }.joined()
            }
            return (ContactStore(directoryAt: folder), { ContactStore(directoryAt: folder) }, read)
        case .memory:
            let store = ContactStore(inMemory: try VCardDecoder().decode(text).cards)
            var all: [UInt8] = []
            return (
                store, { store },
                {
                    all = []
                    for contact in try store.unifiedContacts(keysToFetch: []) { VCardWriter().write(try #require(contact.sourceCard), to: &all) }
                    return String(decoding: all, as: UTF8.self)
                }
            )
        }
    }

    /// The seed: one store object finds Alan by work email and keeps the contact and its
    /// identifier; another, made later, saves the edit; a third finds him by the identifier.
    @Test(arguments: Kind.allCases) func seedPatternWithTwoStoresOnCardsWithoutUIDs(_ kind: Kind) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (first, another, read) = try stores(kind, Self.withoutUIDs, in: files)
        let found = try first.unifiedContacts(
            matching: .matchingEmailAddress("alan@bletchley.example", label: .work),
            keysToFetch: [.emailAddresses, .phoneNumbers])
        var alan = try #require(found.first)
        let kept = alan.identifier
        #expect(try another().unifiedContacts(matching: .matchingEmailAddress("alan@bletchley.example"), keysToFetch: []).map(\.identifier) == [kept])
        alan.setMainPhoneNumber(PhoneNumber(stringValue: "+44 1908 000000"))
        var request = SaveRequest()
        request.update(alan)
        try another().execute(request)
        let changes = TestFiles.changedLines(Self.withoutUIDs, try read())
        #expect(changes.removed == ["TEL;TYPE=main:+44 1908 640404"])
        #expect(changes.added == ["TEL;TYPE=main:+44 1908 000000", "UID:\(kept)"])
        for store in [first, another()] {
            let again = try store.unifiedContact(withIdentifier: kept, keysToFetch: [.phoneNumbers])
            #expect(again.phoneNumbers.map(\.value.stringValue) == ["+44 1908 000000"])
        }
    }

    /// An identifier derived from `X-ABUID` stays when the rest of the card changes; one derived
    /// from the bytes is the same for every store object while the card is unchanged.
    @Test func derivedIdentifiersAreStableWhileTheCardIs() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.withoutUIDs)
        let ids = try ContactStore(fileAt: path).unifiedContacts(keysToFetch: []).map(\.identifier)
        #expect(Set(ids).count == 3)
        #expect(try ContactStore(fileAt: path).unifiedContacts(keysToFetch: []).map(\.identifier) == ids)
        try files.write("c.vcf", Self.withoutUIDs.replacingOccurrences(of: "+44 20 7946 0001", with: "+44 20 7946 0002"))
        #expect(try ContactStore(fileAt: path).unifiedContacts(keysToFetch: []).map(\.identifier) == ids)
        try files.write("c.vcf", Self.withoutUIDs.replacingOccurrences(of: "+44 1908 640404", with: "+44 1908 640405"))
        let changed = try ContactStore(fileAt: path).unifiedContacts(keysToFetch: []).map(\.identifier)
        #expect(changed[0] == ids[0] && changed[1] != ids[1] && changed[2] == ids[2])
    }

    /// The identifier of a card without `UID` is a function of its bytes alone, pinned here: every
    /// process and every version of the library names the card the same way, so an identifier kept
    /// in another program's data (or a file of its own) finds the card again after a restart.
    /// (The value is FNV-1a over the card's bytes, as `UUIDString.derived` documents; a Python
    /// reimplementation gives the same string.)
    @Test func identifierIsTheSameInEveryProcessAndVersion() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let path = try files.write("c.vcf", Self.withoutUIDs)
        let bea = try #require(
            try ContactStore(fileAt: path)
                .unifiedContacts(matching: .matchingEmailAddress("bea@bletchley.example"), keysToFetch: []).first)
        #expect(bea.identifier == "FD68C8CE-9E30-8DEB-BEBD-E922A6B941F4")
        let found = try ContactStore(fileAt: path).unifiedContact(withIdentifier: "FD68C8CE-9E30-8DEB-BEBD-E922A6B941F4", keysToFetch: [.names])
        #expect(found.formattedName == "Bea Bletchley")
    }

    /// A UID whose value is a nested card (`UID:BEGIN:VCARD` and the card's lines after it, which
    /// the parser reads as a nested card whatever the property) is no identifier: the contact gets
    /// a generated one, and writing it replaces the nested card, so the card read back has that
    /// identifier (found by ContactFuzz).
    @Test func aUIDHoldingANestedCardIsReplacedByTheGeneratedIdentifier() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nUID:BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nested\r\nEND:VCARD\r\nEND:VCARD\r\n"
        let card = try #require(try VCardDecoder().decode(text).cards.first)
        #expect(card.first("UID")?.embeddedCard != nil)
        let contact = Contact(card: card)
        let written = VCardWriter().encode([contact.vCard()])
        let again = Contact(card: try #require(try VCardDecoder().decode(written).cards.first))
        #expect(again.identifier == contact.identifier)
        #expect(String(decoding: written, as: UTF8.self).contains("\r\nUID:\(contact.identifier)\r\n"))
    }

    static let sharedUID = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:dup\r
        FN:First Copy\r
        TEL:+1 555 0101\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:dup\r
        FN:Second Copy\r
        TEL:+1 555 0102\r
        END:VCARD\r

        """

    /// Two cards with one `UID` get two identifiers, and an update touches only its own card.
    @Test(arguments: [Kind.file, .folder]) func duplicateUIDsEachGetTheirOwnIdentifier(_ kind: Kind) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (store, another, read) = try stores(kind, Self.sharedUID, in: files)
        let all = try store.unifiedContacts(keysToFetch: [.names, .phoneNumbers])
        #expect(all.map(\.identifier) == ["dup", "dup#2"])
        #expect(try another().unifiedContacts(keysToFetch: []).map(\.identifier) == ["dup", "dup#2"])
        var second = all[1]
        second.phoneNumbers[0] = second.phoneNumbers[0].settingValue(PhoneNumber(stringValue: "+1 555 0199"))
        var request = SaveRequest()
        request.update(second)
        try another().execute(request)
        let changes = TestFiles.changedLines(Self.sharedUID, try read())
        #expect(changes.removed == ["TEL:+1 555 0102"])
        #expect(changes.added == ["TEL:+1 555 0199"])
        let first = try store.unifiedContact(withIdentifier: "dup", keysToFetch: [.names, .phoneNumbers])
        #expect(first.formattedName == "First Copy" && first.phoneNumbers.map(\.value.stringValue) == ["+1 555 0101"])
    }
}
