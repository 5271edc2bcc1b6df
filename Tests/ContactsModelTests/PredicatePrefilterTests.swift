import ContactsModel
import Testing
import VCardParser

/// `ContactPredicate.mayMatch`: `false` only for cards the predicate cannot match, so that
/// `find` skips them without reading a contact.
@Suite struct PredicatePrefilterTests {
    /// A 3.0 card with these lines between VERSION and END.
    func card(_ lines: String...) throws -> VCard {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
        return try VCardDecoder().decode(text).cards[0]
    }

    /// Checks that the prefilter lets through every card the predicate matches, and says what
    /// it decided for the card.
    func mayMatch(_ predicate: ContactPredicate, _ card: VCard) -> Bool {
        let may = predicate.mayMatch(card)
        if predicate.evaluate(Contact(card: card)) { #expect(may, "\(predicate) matches the card but was skipped") }
        return may
    }

    @Test func emailsAreComparedAsTheContactDoes() throws {
        let ada = ContactPredicate.matchingEmailAddress("ada@example.com")
        #expect(mayMatch(ada, try card("FN:Ada", "EMAIL;TYPE=work: Ada@EXAMPLE.com ")))
        #expect(mayMatch(ada, try card("FN:Ada", "EMAIL:MAILTO:ada@example.com")))
        #expect(mayMatch(ada, try card("FN:Ada", "EMAIL;ENCODING=QUOTED-PRINTABLE:ada=40example.com")))
        #expect(!mayMatch(ada, try card("FN:Ada", "EMAIL:ada@example.org", "NOTE:ada@example.com")))
        // Only ASCII letters ignore case: the KELVIN SIGN is not k.
        let kate = ContactPredicate.matchingEmailAddress("kate@example.com")
        #expect(!mayMatch(kate, try card("FN:Kate", "EMAIL:\u{212A}ate@example.com")))
        #expect(mayMatch(kate, try card("FN:Kate", "EMAIL:\u{00A0}kate@example.com\t")))
    }

    /// A contact's identifier is its first UID without spaces and tabs around it; a card
    /// without one gets an identifier of its own making, which no predicate made before names.
    @Test func identifiersAreComparedWithTheUIDs() throws {
        let ada = ContactPredicate.matchingIdentifiers(["ada-1"])
        #expect(mayMatch(ada, try card("FN:Ada", "UID: ada-1\t")))
        #expect(mayMatch(ada, try card("FN:Ada", "item1.UID:ada-1")))
        #expect(!mayMatch(ada, try card("FN:Ada", "UID:ADA-1")))
        #expect(!mayMatch(ada, try card("FN:Ada", "NOTE:ada-1")))
        #expect(!mayMatch(ada, try card("FN:Ada", "X-UID:ada-1")))
        #expect(!mayMatch(ContactPredicate.matchingIdentifiers([""]), try card("FN:Ada", "NOTE:no UID")))
    }

    @Test func phonesAreComparedByTheirKeys() throws {
        let london = ContactPredicate.matchingPhoneNumber(PhoneNumber(stringValue: "020 7946 0001"), defaultRegion: "GB")
        #expect(mayMatch(london, try card("FN:L", "TEL:+44 20 7946 0001")))
        #expect(mayMatch(london, try card("FN:L", "TEL;VALUE=uri:tel:+44-20-7946-0001")))
        #expect(!mayMatch(london, try card("FN:L", "TEL:+44 20 7946 0002", "NOTE:+44 20 7946 0001")))
    }

    @Test func namesThatFoldToTheTextMayMatch() throws {
        let cases: [(name: String, line: String)] = [
            ("zoe", "FN:Zoë Ash"), ("ZOE", "N:Zoë;Ann;;;"), ("muller", "ORG:Müller AG;Sales"),
            ("strasse", "NICKNAME:Straße"), ("office", "ORG:O\u{FB03}ce"), ("kelvin", "FN:\u{212A}elvin"),
            ("ann zo", "N:Zoë;Ann;;;"), ("smith, jr", "FN:Smith\\, Jr."), ("a;b", "FN:a\\;b"),
            ("line", "FN:two\\nlines"), ("ada", "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=41da"),
        ]
        for (name, line) in cases {
            let predicate = ContactPredicate.matchingName(name)
            #expect(mayMatch(predicate, try card(line)), "\(name) in \(line)")
            #expect(predicate.evaluate(Contact(card: try card(line))), "\(name) in \(line)")
        }
    }

    @Test func namesSkipCardsThatCannotHoldThem() throws {
        let zoe = ContactPredicate.matchingName("zoe")
        #expect(!mayMatch(zoe, try card("FN:Ada Lovelace", "N:Lovelace;Ada;;;", "NOTE:zoe")))
        #expect(!mayMatch(zoe, try card("FN:秀英 Wang")))
        #expect(mayMatch(ContactPredicate.matchingName("秀英"), try card("FN:秀英 Wang")))
        #expect(mayMatch(ContactPredicate.matchingName(" "), try card("FN:Ada")))
    }
}
