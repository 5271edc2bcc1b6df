import ContactsModel
import Testing

/// Each group change in each form, through a file store and a folder store: exactly the lines
/// it should change, and nothing else.
@Suite struct GroupSavingTests {
    static let apple = "apple-groups-3.0.vcf"
    static let nextcloud = "nextcloud-groups-4.0.vcf"
    static let google = "google-groups-3.0.vcf"

    /// The lines `change` changes in `fixture` as a `kind` store, given the store's contacts and
    /// groups.
    static func lines(
        _ fixture: String, _ kind: GroupFixtureStore.Kind,
        _ change: (GroupFixtureStore, inout SaveRequest) throws -> Void
    ) throws -> (removed: [String], added: [String]) {
        let store = try GroupFixtureStore(fixture, as: kind)
        defer { store.remove() }
        var request = SaveRequest()
        try change(store, &request)
        return try store.changedLines { try store.store.execute(request) }
    }

    /// The group called `name` of the store, renamed.
    static func group(_ name: String, renamedTo newName: String, in store: GroupFixtureStore) throws -> Group {
        var group = try store.group(name)
        group.name = newName
        return group
    }

    /// A new member: a member line in the group's card (after the UID line the contact lacked),
    /// or the name added to the contact's `CATEGORIES`.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func addMember(kind: GroupFixtureStore.Kind) throws {
        var mary = ""
        let apple = try Self.lines(Self.apple, kind) { s, r in
            mary = try s.contact("Mary").identifier
            r.addMember(try s.contact("Mary"), to: try s.group("Family"))
        }
        #expect(apple.removed.isEmpty && apple.added == ["UID:\(mary)", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\(mary)"])
        let kindCard = try Self.lines(Self.nextcloud, kind) { s, r in
            mary = try s.contact("Mary").identifier
            r.addMember(try s.contact("Mary"), to: try s.group("Team"))
        }
        #expect(kindCard.removed.isEmpty && kindCard.added == ["UID:\(mary)", "MEMBER:urn:uuid:\(mary)"])
        let category = try Self.lines(Self.google, kind) { s, r in r.addMember(try s.contact("Mary"), to: try s.group("Friends")) }
        #expect(category.removed == ["CATEGORIES:myContacts"] && category.added == ["CATEGORIES:myContacts,Friends"])
        // A member already in the group: nothing changes.
        let again = try Self.lines(Self.google, kind) { s, r in r.addMember(try s.contact("Ada"), to: try s.group("Friends")) }
        #expect(again.removed.isEmpty && again.added.isEmpty)
    }

    /// A member removed: its member line, or the name from its `CATEGORIES`.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func removeMember(kind: GroupFixtureStore.Kind) throws {
        let apple = try Self.lines(Self.apple, kind) { s, r in r.removeMember(try s.contact("Grace"), from: try s.group("Family")) }
        #expect(apple.removed == ["X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0B7D3F5A-9C2E-4B1D-8A6F-3E4C5D6B7A81"] && apple.added.isEmpty)
        let kindCard = try Self.lines(Self.nextcloud, kind) { s, r in r.removeMember(try s.contact("Grace"), from: try s.group("Team")) }
        #expect(kindCard.removed == ["MEMBER:urn:uuid:7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e"] && kindCard.added.isEmpty)
        let category = try Self.lines(Self.google, kind) { s, r in r.removeMember(try s.contact("Grace"), from: try s.group("Friends")) }
        #expect(category.removed == ["CATEGORIES:myContacts,Friends,Navy"] && category.added == ["CATEGORIES:myContacts,Navy"])
    }

    /// A rename: the group card's `FN` (and Apple's `N`), or the name in every card listing it.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func renameGroup(kind: GroupFixtureStore.Kind) throws {
        let apple = try Self.lines(Self.apple, kind) { s, r in r.update(try Self.group("Family", renamedTo: "Relatives", in: s)) }
        #expect(apple.removed.sorted() == ["FN:Family", "N:Family"])
        #expect(apple.added == ["N:Relatives", "FN:Relatives"])
        let kindCard = try Self.lines(Self.nextcloud, kind) { s, r in r.update(try Self.group("Team", renamedTo: "Crew", in: s)) }
        #expect(kindCard.removed == ["FN:Team"] && kindCard.added == ["FN:Crew"])
        let category = try Self.lines(Self.google, kind) { s, r in r.update(try Self.group("Friends", renamedTo: "Pals", in: s)) }
        #expect(category.removed.sorted() == ["CATEGORIES:myContacts,Friends", "CATEGORIES:myContacts,Friends,Navy"])
        #expect(category.added == ["CATEGORIES:myContacts,Pals", "CATEGORIES:myContacts,Pals,Navy"])
    }

    /// A delete: the group card goes (its file, in a folder store), or the name from every card
    /// listing it; the members stay.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func deleteGroup(kind: GroupFixtureStore.Kind) throws {
        let apple = try Self.lines(Self.apple, kind) { s, r in r.delete(try s.group("Book Club")) }
        let bookClub = GroupFixtureStore.cards(of: try TestFiles.fixture(Self.apple))[4].components(separatedBy: "\r\n").dropLast()
        #expect(apple.added.isEmpty)
        #expect(apple.removed.sorted() == bookClub.sorted())
        let kindCard = try Self.lines(Self.nextcloud, kind) { s, r in r.delete(try s.group("Team")) }
        #expect(kindCard.added.isEmpty && kindCard.removed.count == 10 && kindCard.removed.contains("KIND:group"))
        let category = try Self.lines(Self.google, kind) { s, r in r.delete(try s.group("Navy")) }
        #expect(category.removed == ["CATEGORIES:myContacts,Friends,Navy"] && category.added == ["CATEGORIES:myContacts,Friends"])
        let last = try Self.lines(Self.google, kind) { s, r in r.delete(try s.group("myContacts")) }
        #expect(last.removed.sorted() == ["CATEGORIES:myContacts", "CATEGORIES:myContacts,Friends", "CATEGORIES:myContacts,Friends,Navy"])
        #expect(last.added == ["CATEGORIES:Friends", "CATEGORIES:Friends,Navy"])
    }

    /// A new group with a member, in one request: Apple's 3.0 form in a 3.0 store (Google's too),
    /// a `KIND:group` card in a 4.0 store.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func addGroupInTheStoresForm(kind: GroupFixtureStore.Kind) throws {
        let adaApple = "6A1C9E2B-0D4F-4E7A-9B3C-5F8E2D1A7C40"
        let apple = try Self.lines(Self.apple, kind) { s, r in
            let chess = Group(name: "Chess", identifier: "chess")
            r.add(chess, toContainerWithIdentifier: nil)
            r.addMember(try s.contact("Ada"), to: chess)
        }
        #expect(apple.removed.isEmpty)
        #expect(
            apple.added == [
                "BEGIN:VCARD", "VERSION:3.0", "N:Chess", "FN:Chess", "X-ADDRESSBOOKSERVER-KIND:group", "UID:chess",
                "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\(adaApple)", "END:VCARD",
            ])
        let kindCard = try Self.lines(Self.nextcloud, kind) { s, r in
            let chess = Group(name: "Chess", identifier: "chess")
            r.add(chess, toContainerWithIdentifier: nil)
            r.addMember(try s.contact("Ada"), to: chess)
        }
        #expect(kindCard.removed.isEmpty)
        #expect(kindCard.added == ["BEGIN:VCARD", "VERSION:4.0", "UID:chess", "KIND:group", "FN:Chess", "MEMBER:urn:uuid:3f6c1d2e-8a4b-4c5d-9e7f-0a1b2c3d4e5f", "END:VCARD"])
        let google = try Self.lines(Self.google, kind) { _, r in r.add(Group(name: "Chess", identifier: "chess"), toContainerWithIdentifier: nil) }
        #expect(google.added.contains("X-ADDRESSBOOKSERVER-KIND:group") && google.removed.isEmpty)
    }

    /// A group changed on disk since the fetch is a conflict for a rename and a delete, and
    /// nothing is written; a group not in the store is not found.
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func groupChangedOnDiskIsAConflict(kind: GroupFixtureStore.Kind) throws {
        for (fixture, name, edit) in [(Self.apple, "Family", "REV:2026-11-02T09:20:44Z"), (Self.nextcloud, "Team", "FN:Team"), (Self.google, "Friends", "TEL;TYPE=CELL:")] {
            let s = try GroupFixtureStore(fixture, as: kind)
            defer { s.remove() }
            var group = try s.group(name)
            try s.edit(replacing: edit, with: edit + "X")
            let onDisk = try s.text()
            group.name = "Renamed"
            for change in [{ (r: inout SaveRequest) in r.update(group) }, { (r: inout SaveRequest) in r.delete(group) }] {
                var request = SaveRequest()
                change(&request)
                #expect(throws: ContactStoreError.conflict(identifier: group.identifier, name: "Renamed")) { try s.store.execute(request) }
                #expect(try s.text() == onDisk)
            }
        }
        let s = try GroupFixtureStore(Self.nextcloud, as: kind)
        defer { s.remove() }
        var request = SaveRequest()
        request.addMember(try s.contact("Mary"), to: Group(name: "Ghost", identifier: "ghost"))
        #expect(throws: ContactStoreError.groupNotFound(identifier: "ghost", name: "Ghost")) { try s.store.execute(request) }
    }

    /// In one request, a contact's update (with the `UID` its first save writes) and its new
    /// membership both apply to its card, a
    /// contact added by the request can be made a member, and a member not in the store is not
    /// found (nothing written).
    @Test(arguments: GroupFixtureStore.Kind.allCases)
    func membershipsComposeWithTheRequestsOtherChanges(kind: GroupFixtureStore.Kind) throws {
        var identifier = ""
        let both = try Self.lines(Self.google, kind) { s, r in
            var mary = try s.contact("Mary")
            identifier = mary.identifier
            mary.jobTitle = "Astronomer"
            r.update(mary)
            r.addMember(mary, to: try s.group("Navy"))
        }
        #expect(both.removed == ["CATEGORIES:myContacts"] && both.added.sorted() == ["CATEGORIES:myContacts,Navy", "TITLE:Astronomer", "UID:\(identifier)"])
        let new = try Self.lines(Self.nextcloud, kind) { s, r in
            var emmy = Contact(identifier: "emmy")
            emmy.givenName = "Emmy"
            r.add(emmy, toContainerWithIdentifier: nil)
            r.addMember(emmy, to: try s.group("Team"))
        }
        #expect(new.removed.isEmpty && new.added.contains("MEMBER:urn:uuid:emmy") && new.added.contains("UID:emmy"))
        let s = try GroupFixtureStore(Self.google, as: kind)
        defer { s.remove() }
        let before = try s.text()
        var request = SaveRequest()
        request.addMember(try s.contact("Ada"), to: try s.group("Navy"))
        request.addMember(Contact(identifier: "nobody"), to: try s.group("Navy"))
        #expect(throws: ContactStoreError.contactNotFound(identifier: "nobody", name: "")) { try s.store.execute(request) }
        #expect(try s.text() == before)
    }
}
