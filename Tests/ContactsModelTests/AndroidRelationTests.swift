import ContactsModel
import Testing
import VCardParser

/// Android's relations (`X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;NAME;TYPE;LABEL;…`):
/// read with the label the type means, edited in place.
@Suite struct AndroidRelationTests {
    let original: String
    let contact: Contact

    init() throws {
        original = try TestFiles.firstCard(of: "android-2.1.vcf")
        contact = Contact(card: try #require(try VCardDecoder().decode(original).cards.first))
    }

    func changedLines(_ edit: (inout Contact) -> Void) -> (removed: [String], added: [String]) {
        var edited = contact
        edit(&edited)
        let text = String(decoding: VCardWriter().encode([edited.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
        func unfolded(_ text: String) -> String { text.replacingOccurrences(of: "\r\n ", with: "") }
        return TestFiles.changedLines(unfolded(original), unfolded(text))
    }

    @Test func readsTheRelationAndNotTheNickname() {
        #expect(contact.contactRelations.map(\.value.name) == ["Hanako"])
        #expect(contact.contactRelations.map(\.label) == [.assistant])
    }

    @Test func nameIsChangedInPlace() {
        let changed = changedLines { $0.contactRelations[0].value.name = "Hana; Ko" }
        #expect(changed.removed == ["X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hanako;1;;;;;;;;;;;;;"])
        #expect(changed.added == ["X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hana\\; Ko;1;;;;;;;;;;;;;"])
    }

    @Test(arguments: [
        (Label.spouse, "X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hanako;14;;;;;;;;;;;;;"),
        (Label("Mentor"), "X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hanako;0;Mentor;;;;;;;;;;;;"),
    ])
    func labelBecomesTheType(label: Label, line: String) throws {
        let changed = changedLines { $0.contactRelations[0].label = label }
        #expect(changed.added == [line])
        let card = original.replacingOccurrences(of: "X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hanako;1;;;;;;;;;;;;;", with: line)
        let back = Contact(card: try #require(try VCardDecoder().decode(card).cards.first))
        #expect(back.contactRelations.map(\.label) == [label])
    }

    @Test func removingTheRelationRemovesItsLine() {
        let changed = changedLines { $0.contactRelations = [] }
        #expect(changed.removed == ["X-ANDROID-CUSTOM:vnd.android.cursor.item/relation;Hanako;1;;;;;;;;;;;;;"])
        #expect(changed.added == [])
    }
}
