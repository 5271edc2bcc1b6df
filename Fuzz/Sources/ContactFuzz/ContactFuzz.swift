import CLibFuzzer
import ContactsModel
import FuzzSupport
import VCardParser

/// The contact mapping's invariants, for every card the parser reads from the input:
/// - card → Contact → `vCard()` → lossless bytes → decode gives a card with the same contact;
/// - an unchanged contact gives back its card: `vCard(writingGeneratedIdentifier: false)` written
///   losslessly is the card's own lossless bytes.
///
/// The first is checked only for cards that keep a line added at their end as a line of their
/// own (``Fuzz/keepsAppendedLine(_:)``), since `vCard()` adds the generated `UID` there. Damaged or
/// cut-off cards can end where the reader takes the next line as part of the last one: inside a
/// nested card that never ends, or after a quoted-printable soft break.
func checkContacts(_ bytes: [UInt8]) {
    guard let result = Fuzz.decode(bytes) else { return }
    let writer = VCardWriter()
    for card in result.cards {
        let contact = Contact(card: card)
        let original = writer.encode([card])

        let unchanged = writer.encode([contact.vCard(writingGeneratedIdentifier: false)])
        if unchanged != original { Fuzz.fail("an unchanged contact changes its card", expected: original, actual: unchanged) }

        if !Fuzz.keepsAppendedLine(card) { continue }
        let written = writer.encode([contact.vCard()])
        guard let decoded = Fuzz.decode(written), decoded.cards.count == 1 else {
            Fuzz.fail("the contact's card does not decode to one card", expected: original, actual: written)
        }
        let again = Contact(card: decoded.cards[0])
        if again != contact {
            Fuzz.fail("the contact read back differs:\n  \(contact)\n  \(again)", expected: original, actual: written)
        }
        checkEdit(of: contact, original: original)
    }
}

/// An edit of the structured values written over the card's own lines (hostile parameters,
/// groups and values around them included) reads back as the edit, in one card. The edit sets
/// every field to an ordinary value: a username holding `;`, `:`, `"` or a line break has no
/// exact form in a parameter value (``VCardWriter`` writes such values in a safe form instead),
/// and Apple writes a social profile's service in lower case.
func checkEdit(of contact: Contact, original: [UInt8]) {
    var edited = contact
    for i in edited.instantMessageAddresses.indices {
        edited.instantMessageAddresses[i].value = InstantMessageAddress(username: "user\(i)@example.com", service: i % 2 == 0 ? "Skype" : "Matrix")
    }
    for i in edited.socialProfiles.indices {
        edited.socialProfiles[i].value = SocialProfile(
            urlString: i % 2 == 0 ? "" : "https://example.com/\(i)", username: "user\(i)", userIdentifier: i % 3 == 0 ? "" : "id\(i)",
            service: i % 2 == 0 ? "twitter" : "mastodon")
    }
    guard edited != contact else { return }
    let written = VCardWriter().encode([edited.vCard()])
    guard let decoded = Fuzz.decode(written), decoded.cards.count == 1 else {
        Fuzz.fail("an edited contact's card does not decode to one card", expected: original, actual: written)
    }
    let again = Contact(card: decoded.cards[0])
    if again.instantMessageAddresses.map(\.value) != edited.instantMessageAddresses.map(\.value)
        || again.socialProfiles.map(\.value) != edited.socialProfiles.map(\.value)
    {
        Fuzz.fail(
            "an edited contact reads back differently:\n  \(edited.instantMessageAddresses) \(edited.socialProfiles)\n  \(again.instantMessageAddresses) \(again.socialProfiles)",
            expected: original, actual: written)
    }
}

@_cdecl("ContactFuzz_main")  // SwiftPM links executables with --defsym main=ContactFuzz_main
func contactFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        checkContacts(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
