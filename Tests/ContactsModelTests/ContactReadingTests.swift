import ContactsModel
import Foundation
import Testing
import VCardParser

@Suite struct ContactReadingTests {
    func cards(_ fixture: String) throws -> [VCard] {
        try VCardDecoder().decode(Array(try TestFiles.fixture(fixture).utf8)).cards
    }

    @Test func readsAppleExport() throws {
        let contact = Contact(card: try #require(try cards("apple-ios-3.0.vcf").first))
        #expect(contact.givenName == "Johnny")
        #expect(contact.familyName == "Appleseed")
        #expect(contact.namePrefix == "Dr.")
        #expect(contact.organizationName == "Apple Inc.")
        #expect(contact.departmentName == "Core OS, Frameworks")
        #expect(contact.birthday == ContactDate(year: nil, month: 4, day: 15))
        #expect(contact.imageData?.starts(with: [0xFF, 0xD8]) == true)
        #expect(contact.emailAddresses.map(\.label) == [.other, .work, .home])
        #expect(contact.urlAddresses.first?.label == .homePage)
        #expect(contact.hasGeneratedIdentifier)
    }

    /// A card with no VERSION of its own holding a 2.1 card (here in its `UID`) is read as 3.0:
    /// its note unescaped. Written with a generated `UID` in the nested card's place, it reads
    /// back as the same contact (found by `ContactFuzz`: the nested VERSION was the card's).
    @Test func aNestedCardsVersionDoesNotChangeTheContact() throws {
        let card = try #require(try cards("fuzz/version-only-in-nested-card.vcf").first)
        let contact = Contact(card: card)
        #expect(contact.note == "Ring first, then write")
        #expect(contact.emailAddresses.map(\.value) == ["tove@example.com"])
        #expect(contact.hasGeneratedIdentifier)
        let written = VCardWriter().encode([contact.vCard()])
        let again = Contact(card: try #require(try VCardDecoder().decode(written).cards.first))
        #expect(again == contact)
    }

    @Test func organizationKindFromAppleShowAs() throws {
        let contact = Contact(card: try cards("apple-ios-3.0.vcf")[1])
        #expect(contact.contactType == .organization)
        #expect(contact.note == "Brötchen jeden Morgen, außer sonntags.\nAm Tor klingeln.")
    }

    @Test func birthdayWithoutYearIsWrittenBackAsItWas() throws {
        let card = try #require(try cards("apple-ios-3.0.vcf").first)
        var contact = Contact(card: card)
        contact.jobTitle = "Senior Engineer"
        let out = String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
        #expect(out.contains("\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15\r\n"))
        contact.birthday = ContactDate(year: nil, month: 12, day: 24)
        let moved = String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
        #expect(moved.contains("\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-12-24\r\n"))
    }

    /// A contact's values sit in a box its copies share until one of them changes: each copy
    /// must still keep, and write, only its own changes.
    @Test func copiesKeepTheirOwnValues() throws {
        let card = try #require(try cards("apple-ios-3.0.vcf").first)
        let read = Contact(card: card)
        var renamed = read
        renamed.jobTitle = "Senior Engineer"
        var numbered = renamed
        numbered.phoneNumbers.append(LabeledValue(label: .mobile, value: PhoneNumber(stringValue: "+1 555 0199")))
        #expect(read.jobTitle != "Senior Engineer" && renamed.jobTitle == "Senior Engineer" && numbered.jobTitle == "Senior Engineer")
        #expect(numbered.phoneNumbers.count == read.phoneNumbers.count + 1 && renamed.phoneNumbers.count == read.phoneNumbers.count)
        #expect(read != renamed && renamed != numbered)
        // Each writes its own changes against the card as read, and only those.
        func written(_ contact: Contact) -> String {
            String(decoding: VCardWriter().encode([contact.vCard(writingGeneratedIdentifier: false)]), as: UTF8.self)
        }
        let asRead = String(decoding: VCardWriter().encode([card]), as: UTF8.self)
        #expect(written(read) == asRead)
        #expect(written(renamed).contains("TITLE:Senior Engineer\r\n") && !written(renamed).contains("+1 555 0199"))
        #expect(written(numbered).contains("TITLE:Senior Engineer\r\n") && written(numbered).contains("+1 555 0199"))
        // A store's check of the keys read sees the changes of the copy it is given.
        var partial = Contact(card: card, keys: [.phoneNumbers])
        let untouched = partial
        partial.phoneNumbers.removeAll()
        #expect(untouched.phoneNumbers.count == read.phoneNumbers.count)
        #expect(written(untouched) == asRead && written(partial) != asRead)
    }

    @Test(arguments: [
        ("--0415", ContactDate(year: nil, month: 4, day: 15)),
        ("1985-04-15", ContactDate(year: 1985, month: 4, day: 15)),
        ("19850415", ContactDate(year: 1985, month: 4, day: 15)),
        ("1985-04-15T10:00:00Z", ContactDate(year: 1985, month: 4, day: 15)),
    ])
    func parsesDates(text: String, date: ContactDate) {
        #expect(ContactDate(vCardValue: text) == date)
    }

    @Test func rejectsNonDates() {
        #expect(ContactDate(vCardValue: "yesterday") == nil)
        #expect(ContactDate(vCardValue: "1985-13-01") == nil)
        #expect(ContactDate(year: nil, month: 4, day: 5).vCardValue == "--0405")
    }

    @Test func phoneNumbersCompareByDigits() {
        let typed = PhoneNumber(stringValue: "+1 (555) 010-0100")
        #expect(typed.digits == "+15550100100")
        #expect(typed.matches(PhoneNumber(stringValue: "+15550100100")))
        #expect(typed.matches(PhoneNumber(stringValue: "tel:+1-555-010-0100")))
        #expect(!typed.matches(PhoneNumber(stringValue: "+1 555 010 0101")))
        #expect(typed.stringValue == "+1 (555) 010-0100")
        #expect(PhoneNumber(stringValue: "+1 555 0100").telURI == "tel:+1-555-0100")
    }

    @Test(
        arguments: [
            ("+1 555 0100;ext=23", "tel:+1-555-0100;ext=23", "23"),
            ("+1 555 0100 ext. 23", "tel:+1-555-0100;ext=23", "23"),
            ("+1 555 0100 EXT 23", "tel:+1-555-0100;ext=23", "23"),
            ("+1 555 0100 x23", "tel:+1-555-0100;ext=23", "23"),
            ("tel:+1-555-0100;ext=7", "tel:+1-555-0100;ext=7", "7"),
        ] as [(String, String, String?)])
    func telURIKeepsTheExtension(typed: String, uri: String, phoneExtension: String?) {
        let number = PhoneNumber(stringValue: typed)
        #expect(number.telURI == uri)
        #expect(number.phoneExtension == phoneExtension)
        #expect(number.digits == "+15550100")
    }

    /// A local number (no country code) has no `tel:` URI either: RFC 3966 wants a `phone-context`.
    @Test(arguments: ["abc", "0800 FLOWERS", "+1 555 0100 call me", "1+2", "", "555 0100", "(020) 7946-0001 x5"])
    func whatIsNotANumberHasNoTelURI(typed: String) {
        #expect(PhoneNumber(stringValue: typed).telURI == nil)
    }

    @Test func emailsCompareASCIILettersWithoutCaseAndEverythingElseExactly() {
        #expect(ContactPredicate.normalizedEmail(" mailto:Kate@Corp.EXAMPLE ") == "kate@corp.example")
        let kelvin = ContactPredicate.normalizedEmail("\u{212A}ATE@corp.example")
        #expect(Array(kelvin.utf8) == Array("\u{212A}ate@corp.example".utf8))
        let card = VCard(properties: [Property(name: "EMAIL", value: "kate@corp.example")])
        let contact = Contact(card: card, keys: [.emailAddresses])
        #expect(ContactPredicate.matchingEmailAddress("KATE@corp.example").evaluate(contact))
        #expect(!ContactPredicate.matchingEmailAddress("\u{212A}ATE@corp.example").evaluate(contact))
        let decomposed = Contact(card: VCard(properties: [Property(name: "EMAIL", value: "jose\u{301}@x.example")]), keys: [.emailAddresses])
        #expect(!ContactPredicate.matchingEmailAddress("jos\u{E9}@x.example").evaluate(decomposed))
    }

    @Test func predicatesMatchEmailLabelNameAndIdentifiers() throws {
        let all = try cards("sample-contacts.vcf").map { Contact(card: $0) }
        let work = ContactPredicate.matchingEmailAddress("  Ada@Analytical.EXAMPLE ", label: .work)
        #expect(all.filter(work.evaluate).map(\.formattedName) == ["Ada Lovelace"])
        let homeOnly = ContactPredicate.matchingEmailAddress("ada@home.example", label: .work)
        #expect(all.filter(homeOnly.evaluate).isEmpty)
        #expect(all.filter(ContactPredicate.matchingEmailAddress("ada@home.example").evaluate).count == 1)
        var zoe = Contact()
        zoe.givenName = "Zoë"
        zoe.familyName = "Ångström"
        #expect(ContactPredicate.matchingName("zoe angs").evaluate(zoe))
        #expect(ContactPredicate.matchingIdentifiers(["8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10"]).evaluate(all[1]))
    }

    @Test func eachKeyReadsItsFieldsAsAllKeysDo() throws {
        // What one key reads is what all keys read for it; the kind of contact is read whatever
        // the keys; an RFC 9554 phonetic variant of N is read for the phonetic key alone, and is
        // not the name.
        let card = try #require(
            try VCardDecoder().decode(
                "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Taro Yamada\r\nN;PHONETIC=ipa;ALTID=1:Yamada;Tarou;;;\r\nN:Yamada;Taro;;;\r\n"
                    + "TEL;TYPE=work:+81 3 1234 5678\r\nEMAIL:taro@example.jp\r\nNOTE:hi\r\nKIND:org\r\nX-AIM:taro\r\nEND:VCARD\r\n"
            ).cards.first)
        let all = Contact(card: card)
        let phones = Contact(card: card, keys: [.phoneNumbers])
        #expect(phones.phoneNumbers.map(\.value.stringValue) == ["+81 3 1234 5678"] && phones.phoneNumbers.first?.label == .work)
        #expect(phones.phoneNumbers.map(\.value) == all.phoneNumbers.map(\.value))
        #expect(phones.contactType == .organization && all.contactType == .organization)
        let phonetic = Contact(card: card, keys: [.phoneticNames])
        #expect(phonetic.phoneticGivenName == "Tarou" && phonetic.phoneticFamilyName == "Yamada")
        let names = Contact(card: card, keys: [.names])
        #expect(names.givenName == "Taro" && names.familyName == "Yamada" && names.displayName == "Taro Yamada")
        #expect(all.givenName == "Taro" && all.phoneticGivenName == "Tarou")
        #expect(Contact(card: card, keys: [.emailAddresses]).emailAddresses.map(\.value) == ["taro@example.jp"])
        #expect(Contact(card: card, keys: [.note]).note == "hi")
        #expect(Contact(card: card, keys: [.instantMessageAddresses]).instantMessageAddresses.map(\.value) == all.instantMessageAddresses.map(\.value))
        #expect(all.instantMessageAddresses.count == 1)
    }

    @Test func fetchWithoutImageKeyDoesNotDecodePhoto() throws {
        let card = try #require(try cards("apple-ios-3.0.vcf").first)
        let light = Contact(card: card, keys: [.emailAddresses, .phoneNumbers])
        #expect(!light.isKeyAvailable(.imageData))
        #expect(light.areKeysAvailable([.emailAddresses, .phoneNumbers]))
        #expect(light.phoneNumbers.count == 4)
        // Saving a partially fetched contact leaves what was not fetched alone.
        var edited = light
        edited.phoneNumbers.removeLast()
        let out = VCardWriter().encode([edited.vCard(writingGeneratedIdentifier: false)])
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("PHOTO;ENCODING=b;TYPE=JPEG:"))
        #expect(!text.contains("item3.TEL"))
        #expect(!text.contains("item3.X-ABLabel"))
    }
}
