import ContactsModel
import Testing
import VCardParser

/// Containers in every kind of store: what they are, the contacts and groups in each, and adds
/// to a container by its identifier.
@Suite struct ContainerTests {
    static func newContact(_ name: String) -> Contact {
        var contact = Contact(identifier: name.lowercased())
        contact.givenName = name
        return contact
    }

    /// A file store has one container, its file's name: adds to it go through, adds to another
    /// are refused and nothing is written.
    @Test func fileStoreHasOneContainer() throws {
        let fixture = try GroupFixtureStore(GroupSavingTests.nextcloud, as: .file)
        defer { fixture.remove() }
        let store = fixture.store
        #expect(try store.containers(matching: .all).map(\.identifier) == ["contacts.vcf"])
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "contacts.vcf"), keysToFetch: []).count == 3)
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "other.vcf"), keysToFetch: []).isEmpty)
        var wrong = SaveRequest()
        wrong.add(Self.newContact("Emmy"), toContainerWithIdentifier: "other.vcf")
        let before = try fixture.text()
        #expect(throws: ContactStoreError.containerNotFound("other.vcf")) { try store.execute(wrong) }
        var wrongGroup = SaveRequest()
        wrongGroup.add(Group(name: "Chess"), toContainerWithIdentifier: "other.vcf")
        #expect(throws: ContactStoreError.containerNotFound("other.vcf")) { try store.execute(wrongGroup) }
        #expect(try fixture.text() == before)
        var right = SaveRequest()
        right.add(Self.newContact("Emmy"), toContainerWithIdentifier: "contacts.vcf")
        let changed = try fixture.changedLines { try store.execute(right) }
        #expect(changed.removed.isEmpty && changed.added.contains("UID:emmy"))
        #expect(try store.containers(matching: .containerOfContact(withIdentifier: "emmy")).map(\.identifier) == ["contacts.vcf"])
    }

    /// A memory store's one container is `memory`.
    @Test func memoryStoreHasOneContainer() throws {
        let store = ContactStore(inMemory: try VCardDecoder().decode(try TestFiles.fixture(GroupSavingTests.google)).cards)
        #expect(try store.containers(matching: .all).map(\.identifier) == ["memory"])
        var wrong = SaveRequest()
        wrong.add(Self.newContact("Emmy"), toContainerWithIdentifier: "contacts.vcf")
        #expect(throws: ContactStoreError.containerNotFound("contacts.vcf")) { try store.execute(wrong) }
        var right = SaveRequest()
        right.add(Self.newContact("Emmy"), toContainerWithIdentifier: "memory")
        try store.execute(right)
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "memory"), keysToFetch: []).count == 4)
    }

    /// In a folder store each file is a container: an add names one to append to, or a new file;
    /// contacts, groups and containers are found by container.
    @Test func folderFilesAreContainers() throws {
        let fixture = try GroupFixtureStore(GroupSavingTests.nextcloud, as: .folder)
        defer { fixture.remove() }
        let store = fixture.store
        #expect(try store.containers(matching: .all).map(\.identifier) == ["0.vcf", "1.vcf", "2.vcf", "3.vcf"])
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "1.vcf"), keysToFetch: [.names]).map(\.formattedName) == ["Grace Hopper"])
        #expect(try store.groups(matching: .matchingContainer(withIdentifier: "3.vcf")).map(\.name) == ["Team"])
        #expect(try store.groups(matching: .matchingContainer(withIdentifier: "0.vcf")).isEmpty)
        #expect(try store.containers(matching: .containerOfGroup(withIdentifier: "a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d")).map(\.identifier) == ["3.vcf"])
        #expect(try store.containers(matching: .matchingIdentifiers(["2.vcf", "9.vcf"])).map(\.identifier) == ["2.vcf"])
        var request = SaveRequest()
        request.add(Self.newContact("Emmy"), toContainerWithIdentifier: "1.vcf")
        request.add(Self.newContact("Hedy"), toContainerWithIdentifier: "new.vcf")
        request.add(Self.newContact("Ida"), toContainerWithIdentifier: "new.vcf")
        try store.execute(request)
        #expect(try store.containers(matching: .all).map(\.identifier) == ["0.vcf", "1.vcf", "2.vcf", "3.vcf", "new.vcf"])
        #expect(try fixture.files.read("cards/1.vcf").hasPrefix(GroupFixtureStore.cards(of: try TestFiles.fixture(GroupSavingTests.nextcloud))[1]))
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "1.vcf"), keysToFetch: [.names]).map(\.formattedName) == ["Grace Hopper", "Emmy"])
        #expect(try store.unifiedContacts(matching: .matchingContainer(withIdentifier: "new.vcf"), keysToFetch: [.names]).map(\.formattedName) == ["Hedy", "Ida"])
        #expect(try store.containers(matching: .containerOfContact(withIdentifier: "ida")).map(\.identifier) == ["new.vcf"])
    }

    /// The containers of a `CATEGORIES` group are those of the contacts listing it.
    @Test func categoryGroupsAreInTheirMembersContainers() throws {
        let fixture = try GroupFixtureStore(GroupSavingTests.google, as: .folder)
        defer { fixture.remove() }
        #expect(try fixture.store.containers(matching: .containerOfGroup(withIdentifier: "category:Navy")).map(\.identifier) == ["1.vcf"])
        #expect(try fixture.store.groups(matching: .matchingContainer(withIdentifier: "2.vcf")).map(\.name) == ["myContacts"])
    }
}
