import ContactsModel
import Testing
import VCardParser

/// Sort orders, `unifyResults` and several identifiers in one fetch.
@Suite struct FetchRequestTests {
    static let cards = [
        ("u1", "Lovelace;Ada", ""), ("u2", "Hopper;Grace", ""), ("u3", "", "Acme Corp"),
        ("u4", "Åberg;Zoë", ""), ("u5", "hopper;Anna", ""), ("u6", "Lovelace;Ada", ""), ("u7", "Item;Item 10", ""), ("u8", "Item;Item 9", ""),
    ].map { uid, n, org in
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\n" + (n.isEmpty ? "" : "N:\(n);;;\r\n") + (org.isEmpty ? "" : "ORG:\(org)\r\n")
            + "EMAIL:\(uid)@example.com\r\nEND:VCARD\r\n"
    }.joined()

    func identifiers(_ order: ContactSortOrder, predicate: ContactPredicate = .all, stoppingAfter limit: Int = .max) throws -> [String] {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Array(Self.cards.utf8)).cards)
        var request = FetchRequest(keysToFetch: [.emailAddresses], predicate: predicate)
        request.sortOrder = order
        var result: [String] = []
        try store.enumerateContacts(with: request) { contact, stop in
            result.append(contact.identifier)
            stop = result.count == limit
        }
        return result
    }

    @Test(arguments: [
        (ContactSortOrder.none, ["u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8"]),
        (.familyName, ["u4", "u3", "u5", "u2", "u8", "u7", "u1", "u6"]),
        (.userDefault, ["u4", "u3", "u5", "u2", "u8", "u7", "u1", "u6"]),
        (.givenName, ["u3", "u1", "u6", "u5", "u2", "u8", "u7", "u4"]),
    ])
    func sortsByNamesIgnoringCaseAndDiacritics(order: ContactSortOrder, expected: [String]) throws {
        #expect(try identifiers(order) == expected)
    }

    @Test func sortedFetchFiltersAndStops() throws {
        let ids = ContactPredicate.matchingIdentifiers(["u1", "u2", "u5", "missing"])
        #expect(try identifiers(.givenName, predicate: ids) == ["u1", "u5", "u2"])
        #expect(try identifiers(.familyName, predicate: ids, stoppingAfter: 2) == ["u5", "u2"])
    }

    @Test func sortingFetchesTheNames() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Array(Self.cards.utf8)).cards)
        var request = FetchRequest(keysToFetch: [.emailAddresses])
        request.sortOrder = .givenName
        var keys: [Bool] = []
        try store.enumerateContacts(with: request) { contact, _ in keys.append(contact.areKeysAvailable([.names, .organization, .emailAddresses])) }
        #expect(keys == Array(repeating: true, count: 8))
        request.sortOrder = .none
        var unsorted: [Bool] = []
        try store.enumerateContacts(with: request) { contact, _ in unsorted.append(contact.isKeyAvailable(.names)) }
        #expect(unsorted == Array(repeating: false, count: 8))
    }

    @Test func unifyResultsDoesNotChangeWhatAVCardStoreReturns() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(Array(Self.cards.utf8)).cards)
        var request = FetchRequest(keysToFetch: [.names])
        #expect(request.unifyResults)
        var unified: [Contact] = [], separate: [Contact] = []
        try store.enumerateContacts(with: request) { contact, _ in unified.append(contact) }
        request.unifyResults = false
        try store.enumerateContacts(with: request) { contact, _ in separate.append(contact) }
        #expect(unified == separate)
        #expect(unified.count == 8)
    }

    /// Keys are told apart by their case alone (they are hashed by their place, not their raw
    /// text): each equals only itself, a set of them holds each once, and a contact fetched
    /// with some keys has those available and no other.
    @Test func eachKeyIsItselfAndNoOther() throws {
        for a in ContactKey.allCases {
            for b in ContactKey.allCases { #expect((a == b) == (a.rawValue == b.rawValue), "\(a) \(b)") }
        }
        #expect(ContactKey.all.count == ContactKey.allCases.count)
        let card = try #require(try VCardDecoder().decode(Array(Self.cards.utf8)).cards.first)
        for key in ContactKey.allCases {
            let contact = Contact(card: card, keys: [key, .note])
            #expect(ContactKey.allCases.filter(contact.isKeyAvailable) == ContactKey.allCases.filter { $0 == key || $0 == .note })
        }
    }
}
