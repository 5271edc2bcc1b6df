import ContactsModel
import Testing

/// Groups read from the three forms exports use, their members, and group cards kept out of the
/// contacts.
@Suite struct GroupReadingTests {
    /// The names of the members of `group`.
    static func members(of group: Group, in store: ContactStore) throws -> [String] {
        try store.unifiedContacts(matching: .matchingGroup(withIdentifier: group.identifier), keysToFetch: [.names]).map(\.formattedName)
    }

    /// Apple's 3.0 groups: `X-ADDRESSBOOKSERVER-KIND:group` cards, members by `urn:uuid:`.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func appleGroupCardsAreGroups(kind: GroupFixtureStore.Kind) throws {
        let fixture = try GroupFixtureStore("apple-groups-3.0.vcf", as: kind)
        defer { fixture.remove() }
        let groups = try fixture.store.groups()
        #expect(groups.map(\.name) == ["Family", "Book Club"])
        #expect(groups.map(\.identifier) == ["C4E5F6A7-1B2C-4D3E-9F40-5A6B7C8D9E0F", "D1E2F3A4-B5C6-4D7E-8F90-A1B2C3D4E5F6"])
        #expect(try Self.members(of: groups[0], in: fixture.store) == ["Ada Lovelace", "Grace Hopper"])
        #expect(try Self.members(of: groups[1], in: fixture.store).isEmpty)
    }

    /// Nextcloud's 4.0 groups: `KIND:group` cards with `MEMBER` lines.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func kindGroupCardsAreGroups(kind: GroupFixtureStore.Kind) throws {
        let fixture = try GroupFixtureStore("nextcloud-groups-4.0.vcf", as: kind)
        defer { fixture.remove() }
        let groups = try fixture.store.groups()
        #expect(groups.map(\.name) == ["Team"])
        #expect(groups.map(\.identifier) == ["a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d"])
        #expect(try Self.members(of: groups[0], in: fixture.store) == ["Ada Lovelace", "Grace Hopper"])
    }

    /// Google's 3.0 export: each `CATEGORIES` name is a group of the contacts listing it.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func categoriesAreGroups(kind: GroupFixtureStore.Kind) throws {
        let fixture = try GroupFixtureStore("google-groups-3.0.vcf", as: kind)
        defer { fixture.remove() }
        let groups = try fixture.store.groups()
        #expect(groups.map(\.name) == ["myContacts", "Friends", "Navy"])
        #expect(groups.map(\.identifier) == ["category:myContacts", "category:Friends", "category:Navy"])
        #expect(try Self.members(of: groups[1], in: fixture.store) == ["Ada Lovelace", "Grace Hopper"])
        #expect(try Self.members(of: groups[2], in: fixture.store) == ["Grace Hopper"])
        #expect(try fixture.store.groups(matching: .matchingIdentifiers(["category:Navy"])).map(\.name) == ["Navy"])
    }

    /// Group cards are not contacts: not fetched, not found by identifier, not saved as contacts;
    /// a save of a contact leaves them byte for byte.
    @Test func groupCardsAreNotContactsAndSurviveSaves() throws {
        let fixture = try GroupFixtureStore("apple-groups-3.0.vcf", as: .file)
        defer { fixture.remove() }
        let store = fixture.store
        #expect(try store.unifiedContacts(keysToFetch: [.names]).map(\.formattedName) == ["Ada Lovelace", "Grace Hopper", "Mary Somerville"])
        var enumerated = 0
        try store.enumerateContacts(with: FetchRequest(keysToFetch: [])) { _, _ in enumerated += 1 }
        #expect(enumerated == 3)
        let family = "C4E5F6A7-1B2C-4D3E-9F40-5A6B7C8D9E0F"
        #expect(throws: ContactStoreError.contactNotFound(identifier: family, name: "")) {
            try store.unifiedContact(withIdentifier: family, keysToFetch: [])
        }
        var ada = try fixture.contact("Ada")
        ada.jobTitle = "Analyst"
        var request = SaveRequest()
        request.update(ada)
        let changed = try fixture.changedLines { try store.execute(request) }
        #expect(changed.removed.isEmpty && changed.added == ["TITLE:Analyst"])
        let groupCards = GroupFixtureStore.cards(of: try fixture.text()).suffix(2)
        #expect(Array(groupCards) == Array(GroupFixtureStore.cards(of: try TestFiles.fixture("apple-groups-3.0.vcf")).suffix(2)))
    }

    /// The members predicate finds no one for an unknown group, and a member reference that is
    /// not a contact of the store is skipped.
    @Test func membersOfAnUnknownGroupAreNone() throws {
        let fixture = try GroupFixtureStore("nextcloud-groups-4.0.vcf", as: .file)
        defer { fixture.remove() }
        #expect(try fixture.store.unifiedContacts(matching: .matchingGroup(withIdentifier: "nope"), keysToFetch: []).isEmpty)
        try fixture.edit(replacing: "MEMBER:urn:uuid:3f6c1d2e", with: "MEMBER:urn:uuid:0000")
        #expect(try Self.members(of: try fixture.group("Team"), in: fixture.store) == ["Grace Hopper"])
    }
}
