import ContactsModel
import Foundation
import Testing
import VCardParser

/// ``Contact/merging(_:)`` and ``SaveRequest/merge(_:keeping:)`` on the Google, Apple, Android and
/// Outlook exports of the same people: the kept card's lines stay, what the others add is
/// appended, and the save is all or nothing.
@Suite struct ContactMergeTests {
    /// The cards of a fixture, each to its `END:VCARD` line.
    static func cards(_ name: String) throws -> [String] {
        try TestFiles.fixture(name).components(separatedBy: "END:VCARD\r\n").dropLast().map { $0 + "END:VCARD\r\n" }
    }

    static func contact(_ text: String) throws -> Contact {
        Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
    }

    static func text(_ card: VCard) -> String { String(decoding: VCardWriter().encode([card]), as: UTF8.self) }

    /// Sam's Google card keeps every line byte for byte but its number, which gets Apple's
    /// `voice` label; Apple's name is set aside, Android's NOTE appended.
    @Test func keptCardsUntouchedLinesStayByteForByte() throws {
        let google = try Self.cards("google-people-3.0.vcf")[0]
        let apple = try Self.contact(Self.cards("apple-people-3.0.vcf")[0])
        let android = try Self.contact(Self.cards("android-people-2.1.vcf")[0])
        let merged = try Self.contact(google).merging([apple, android])
        let text = Self.text(merged.vCard(writingGeneratedIdentifier: false))
        let (removed, added) = TestFiles.changedLines(google, text)
        #expect(removed == ["TEL;TYPE=CELL:+44 20 7946 0001"])
        #expect(
            added == [
                "TEL;TYPE=CELL;TYPE=voice:+44 20 7946 0001", "X-MERGED-N:Shared;Samuel;;;", "X-MERGED-FN:Samuel Shared",
                "X-ABUID:8D1F7C2A-3B4E-4F50-9A6B-7C8D9E0F1A2B:ABPerson", "NOTE:Met at the Brighton meetup",
            ])
        #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sam Shared\r\nN:Shared;Sam;;;\r\nEMAIL;TYPE=INTERNET;TYPE=HOME:sam@shared.example\r\n"))
        #expect(merged.displayName == "Sam Shared")
        // Merging the same contacts again adds nothing.
        #expect(merged.merging([apple, android]) == merged)
    }

    /// Through a file store: the Android card is deleted, its NOTE is in the kept Google card.
    @Test func noteOfAMergedAwayContactSurvives() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let google = try Self.cards("google-people-3.0.vcf")[0]
        let android = try Self.cards("android-people-2.1.vcf")[0]
        let path = try files.write("c.vcf", google + android)
        let store = ContactStore(fileAt: path)
        let sam = try store.unifiedContacts(keysToFetch: [.names])
        #expect(sam.count == 2)
        var request = SaveRequest()
        request.merge(sam, prefer: .old)
        try store.execute(request)
        let left = try store.unifiedContacts(keysToFetch: [.names, .note])
        #expect(left.map(\.note) == ["Met at the Brighton meetup"])
        #expect(try files.read("c.vcf").hasPrefix(google.replacingOccurrences(of: "END:VCARD\r\n", with: "")))
    }

    /// `prefer: .new` keeps the last contact, Android's 2.1 card, and an edit made to it before
    /// the merge is saved with it.
    @Test func preferNewKeepsTheLastContactWithItsEdits() throws {
        let google = try Self.cards("google-people-3.0.vcf")[0]
        let android = try Self.cards("android-people-2.1.vcf")[0]
        let store = ContactStore(inMemory: try VCardDecoder().decode(google + android).cards)
        var sam = try store.unifiedContacts(keysToFetch: [.names, .jobTitle])
        sam[1].jobTitle = "Organiser"
        var request = SaveRequest()
        request.merge(sam, prefer: .new)
        try store.execute(request)
        let left = try store.unifiedContacts(keysToFetch: [.names, .jobTitle, .note, .emailAddresses])
        #expect(left.count == 1)
        #expect(left.first?.identifier == sam[1].identifier)
        #expect(left.first?.jobTitle == "Organiser")
        #expect(left.first?.note == "Met at the Brighton meetup")
        #expect(left.first?.emailAddresses.map(\.value) == ["sam@shared.example"])
        #expect(left.first?.sourceCard?.version == .v2_1)
    }

    /// Rosa's Google card shares an email with her Android card, which shares a number with
    /// Outlook's R. Chain: one group of three, merged into the Google card's file in one save;
    /// the other two files are deleted.
    @Test func transitiveGroupIsMergedThroughAFolderStore() throws {
        let files = try TestFiles()
        defer { files.remove() }
        try FileManager.default.createDirectory(atPath: files.path("book"), withIntermediateDirectories: false)
        try files.write("book/1.vcf", Self.cards("google-people-3.0.vcf")[1])
        try files.write("book/2.vcf", Self.cards("android-people-2.1.vcf")[1])
        try files.write("book/3.vcf", Self.cards("outlook-people-2.1.vcf")[0])
        let store = ContactStore(directoryAt: files.path("book"))
        let contacts = try store.unifiedContacts(keysToFetch: [])
        var finder = DuplicateFinder()
        for contact in contacts { finder.add(try #require(contact.sourceCard)) }
        let groups = finder.groups()
        #expect(groups.map(\.cards) == [[0, 1, 2]])
        var request = SaveRequest()
        request.merge(groups[0].cards.map { contacts[$0] }, prefer: .old)
        try store.execute(request)
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path("book")).filter { !$0.hasPrefix(".") } == ["1.vcf"])
        let rosa = try files.read("book/1.vcf")
        #expect(rosa.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Rosa Chain\r\nN:Chain;Rosa;;;\r\nEMAIL;TYPE=INTERNET;TYPE=home:rosa@chain.example\r\nCATEGORIES:myContacts\r\n"))
        #expect(rosa.contains("\r\nTEL;TYPE=CELL;TYPE=work,voice:+1 555 0101\r\nX-MERGED-N:Chain;R.;;;\r\nX-MERGED-FN:R. Chain\r\n"))
        #expect(try store.unifiedContacts(keysToFetch: [.names]).map(\.displayName) == ["Rosa Chain"])
    }

    /// Sam's three cards, in one file or one file each.
    static func samStore(_ files: TestFiles, inFolder: Bool) throws -> (store: () -> ContactStore, paths: [String]) {
        let cards = [try cards("google-people-3.0.vcf")[0], try cards("apple-people-3.0.vcf")[0], try cards("android-people-2.1.vcf")[0]]
        guard inFolder else {
            let path = try files.write("sam.vcf", cards.joined())
            return ({ ContactStore(fileAt: path) }, [path])
        }
        try FileManager.default.createDirectory(atPath: files.path("sam"), withIntermediateDirectories: false)
        let paths = try cards.enumerated().map { try files.write("sam/\($0.offset).vcf", $0.element) }
        return ({ ContactStore(directoryAt: files.path("sam")) }, paths)
    }

    /// One of the three changed on disk after the fetch (by another store): the merge is a
    /// conflict, and no file is written, whatever the order of the changes in the request.
    @Test(arguments: [false, true])
    func mergeWithAContactChangedSinceTheFetchWritesNothing(inFolder: Bool) throws {
        let files = try TestFiles()
        defer { files.remove() }
        let (store, paths) = try Self.samStore(files, inFolder: inFolder)
        let mine = store()
        let sam = try mine.unifiedContacts(keysToFetch: [.names, .note])
        #expect(sam.count == 3)
        var android = try #require(try store().unifiedContacts(keysToFetch: [.note]).last)
        android.note = "Changed elsewhere"
        var elsewhere = SaveRequest()
        elsewhere.update(android)
        try store().execute(elsewhere)
        let before = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        var request = SaveRequest()
        request.merge(sam, keeping: sam[0])
        #expect(throws: ContactStoreError.conflict(identifier: sam[2].identifier, name: "Sam Shared")) { try mine.execute(request) }
        #expect(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        // Fetched again, the merge goes through and keeps the other store's note.
        let fresh = try mine.unifiedContacts(keysToFetch: [.names, .note])
        var redo = SaveRequest()
        redo.merge(fresh, keeping: fresh[0])
        try mine.execute(redo)
        #expect(try mine.unifiedContacts(keysToFetch: [.note]).map(\.note) == ["Changed elsewhere"])
    }
}
