import ContactsModel
import Testing
import VCardParser

/// `ContactPredicate.matchingPhoneNumber`: the same number in any form, in a store's index and
/// in a scan.
@Suite struct PhonePredicateTests {
    static let cards = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:London\r
        UID:london\r
        TEL:0044 20 7946 0001\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Uri\r
        UID:uri\r
        TEL;VALUE=uri:tel:+44-20-7946-0001;ext=9\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Trunk\r
        UID:trunk\r
        TEL:+44 (0)20 7946 0001\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Other\r
        UID:other\r
        TEL:+44 20 7946 0002\r
        END:VCARD\r

        """

    func identifiers(_ predicate: ContactPredicate) throws -> [String] {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Self.cards).cards)
        return try store.unifiedContacts(matching: predicate, keysToFetch: [.phoneNumbers]).map(\.identifier).sorted()
    }

    @Test func internationalFormsMatchWithoutARegion() throws {
        let predicate = ContactPredicate.matchingPhoneNumber(PhoneNumber(stringValue: "+44 20 7946 0001"))
        #expect(try identifiers(predicate) == ["trunk", "uri"], "0044… needs a region to be placed")
    }

    @Test func aRegionPlacesNationalAndDialledForms() throws {
        let predicate = ContactPredicate.matchingPhoneNumber(PhoneNumber(stringValue: "020 7946 0001"), defaultRegion: "GB")
        #expect(try identifiers(predicate) == ["london", "trunk", "uri"])
        #expect(predicate.description == "phone +442079460001 (region GB)")
    }

    @Test func withoutARegionANationalNumberComparesByDigits() throws {
        #expect(try identifiers(.matchingPhoneNumber(PhoneNumber(stringValue: "00 44 (20) 7946-0001"))) == ["london"])
    }
}
