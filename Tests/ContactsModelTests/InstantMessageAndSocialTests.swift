import ContactsModel
import Testing
import VCardParser

/// Instant-messaging addresses and social profiles as structured values, read from the forms
/// Apple (3.0), Nextcloud (4.0, RFC 9554) and older exporters write, and written back with an
/// edit changing only its own line.
@Suite struct InstantMessageAndSocialTests {
    static func contact(_ fixture: String) throws -> Contact {
        Contact(card: try #require(try VCardDecoder().decode(try TestFiles.fixture(fixture)).cards.first))
    }

    @Test func appleFormsAreRead() throws {
        let johnny = try Self.contact("apple-im-social-3.0.vcf")
        #expect(
            johnny.instantMessageAddresses.map(\.value) == [
                InstantMessageAddress(username: "jappleseed", service: "Skype"),
                InstantMessageAddress(username: "johnny@jabber.example", service: "Jabber"),
                InstantMessageAddress(username: "88888888", service: "QQ"),
                InstantMessageAddress(username: "johnnyaim", service: "AIM"),
            ])
        #expect(johnny.instantMessageAddresses.map(\.label) == [.home, .work, nil, .work])
        #expect(
            johnny.socialProfiles.map(\.value) == [
                SocialProfile(urlString: "http://twitter.com/jappleseed", username: "jappleseed", service: "twitter"),
                SocialProfile(username: "johnny", userIdentifier: "4711", service: "linkedin"),
            ])
        #expect(johnny.socialProfiles.map(\.label) == [nil, nil], "the service in TYPE is not a label")
    }

    @Test func rfc9554FormsAreRead() throws {
        let alice = try Self.contact("nextcloud-im-social-4.0.vcf")
        #expect(
            alice.instantMessageAddresses.map(\.value) == [
                InstantMessageAddress(username: "alice@example.com", service: "Jabber"),
                InstantMessageAddress(username: "alice@voip.example", service: "SIP"),
            ])
        #expect(
            alice.socialProfiles.map(\.value) == [
                SocialProfile(urlString: "https://social.example/@alice", username: "alice", service: "Mastodon"),
                SocialProfile(username: "peter94", service: "SomeSite"),
            ])
    }

    @Test func editsChangeOnlyTheirLine() throws {
        let bytes = try TestFiles.fixture("apple-im-social-3.0.vcf")
        var johnny = Contact(card: try #require(try VCardDecoder().decode(bytes).cards.first))
        johnny.instantMessageAddresses[0].value.username = "johnny.appleseed"
        johnny.instantMessageAddresses[3].value.username = "johnny2"
        johnny.socialProfiles[0].value.username = "johnny_a"
        johnny.socialProfiles[0].value.urlString = "https://x.example/johnny_a"
        let out = String(decoding: VCardWriter().encode([johnny.vCard(version: .v3, writingGeneratedIdentifier: false)]), as: UTF8.self)
        let changed = TestFiles.changedLines(bytes, out)
        #expect(
            changed.removed.sorted() == [
                "X-AIM;type=WORK:johnnyaim", "X-SOCIALPROFILE;type=twitter;x-user=jappleseed:http://twitter.com/jappleseed",
                "item1.IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:jappleseed",
            ])
        #expect(
            changed.added.sorted() == [
                "X-AIM;type=WORK:johnny2", "X-SOCIALPROFILE;type=twitter;x-user=johnny_a:https://x.example/johnny_a",
                "item1.IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:johnny.appleseed",
            ])
    }

    @Test func anotherServiceTurnsAnOlderPropertyIntoIMPP() throws {
        let bytes = try TestFiles.fixture("apple-im-social-3.0.vcf")
        var johnny = Contact(card: try #require(try VCardDecoder().decode(bytes).cards.first))
        johnny.instantMessageAddresses[3].value.service = InstantMessageAddress.Service.skype
        let out = String(decoding: VCardWriter().encode([johnny.vCard(version: .v3, writingGeneratedIdentifier: false)]), as: UTF8.self)
        #expect(TestFiles.changedLines(bytes, out) == (removed: ["X-AIM;type=WORK:johnnyaim"], added: ["IMPP;X-SERVICE-TYPE=Skype;type=WORK:skype:johnnyaim"]))
    }

    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func newValuesAreWrittenAsAppleAndRFC9554WriteThem(version: VCardVersion) throws {
        var contact = Contact(identifier: "im-1")
        contact.givenName = "Ada"
        contact.instantMessageAddresses = [
            LabeledValue(label: .home, value: InstantMessageAddress(username: "ada", service: InstantMessageAddress.Service.skype)),
            LabeledValue(label: nil, value: InstantMessageAddress(username: "ada@signal.example", service: "Signal")),
            LabeledValue(label: nil, value: InstantMessageAddress(username: "ada@chat.example", service: "")),
        ]
        contact.socialProfiles = [
            LabeledValue(label: nil, value: SocialProfile(urlString: "https://twitter.com/ada", username: "ada", service: SocialProfile.Service.twitter)),
            LabeledValue(label: nil, value: SocialProfile(username: "ada.l", userIdentifier: "42", service: "Mastodon")),
        ]
        let text = String(decoding: VCardWriter().encode([contact.vCard(version: version)]), as: UTF8.self)
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").filter { $0.contains("IMPP") || $0.contains("SOCIALPROFILE") }.map(String.init)
        if version == .v4 {
            #expect(
                lines == [
                    "IMPP;X-SERVICE-TYPE=Skype;TYPE=home:skype:ada", "IMPP;X-SERVICE-TYPE=Signal:x-apple:ada@signal.example",
                    "IMPP:im:ada@chat.example", "SOCIALPROFILE;SERVICE-TYPE=twitter;USERNAME=ada:https://twitter.com/ada",
                    "SOCIALPROFILE;SERVICE-TYPE=Mastodon;VALUE=text;X-USERID=42:ada.l",
                ])
        } else if version == .v2_1 {
            #expect(
                lines == [
                    "IMPP;X-SERVICE-TYPE=Skype;HOME:skype:ada", "IMPP;X-SERVICE-TYPE=Signal:x-apple:ada@signal.example",
                    "IMPP:im:ada@chat.example", "X-SOCIALPROFILE;TWITTER;X-USER=ada:https://twitter.com/ada",
                    "X-SOCIALPROFILE;MASTODON;X-USER=ada.l;X-USERID=42:x-apple:ada.l",
                ])
        } else {
            #expect(
                lines == [
                    "IMPP;X-SERVICE-TYPE=Skype;TYPE=home:skype:ada", "IMPP;X-SERVICE-TYPE=Signal:x-apple:ada@signal.example",
                    "IMPP:im:ada@chat.example", "X-SOCIALPROFILE;TYPE=twitter;X-USER=ada:https://twitter.com/ada",
                    "X-SOCIALPROFILE;TYPE=mastodon;X-USER=ada.l;X-USERID=42:x-apple:ada.l",
                ])
        }
        let back = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        #expect(back.instantMessageAddresses.map(\.value.username) == contact.instantMessageAddresses.map(\.value.username))
        #expect(back.instantMessageAddresses.map(\.value.service) == ["Skype", "Signal", ""])
        #expect(back.socialProfiles.map(\.value.username) == ["ada", "ada.l"])
        #expect(back.socialProfiles.map(\.value.userIdentifier) == ["", "42"])
        #expect(back.socialProfiles.map { $0.value.service.lowercased() } == ["twitter", "mastodon"])
    }

    @Test func anEditThroughAStoreChangesOnlyItsLine() throws {
        let files = try TestFiles()
        defer { files.remove() }
        let original = try TestFiles.fixture("nextcloud-im-social-4.0.vcf")
        let path = try files.write("c.vcf", original)
        let store = ContactStore(fileAt: path)
        var alice = try #require(try store.unifiedContacts(keysToFetch: [.instantMessageAddresses, .socialProfiles]).first)
        alice.instantMessageAddresses[1].value.username = "alice@sip.example"
        alice.socialProfiles[1].value.username = "peter95"
        var request = SaveRequest()
        request.update(alice)
        try store.execute(request)
        let changed = TestFiles.changedLines(original, try files.read("c.vcf"))
        #expect(changed.removed.sorted() == ["IMPP:sip:alice@voip.example", "SOCIALPROFILE;VALUE=text;SERVICE-TYPE=SomeSite:peter94"])
        #expect(changed.added.sorted() == ["IMPP:sip:alice@sip.example", "SOCIALPROFILE;VALUE=text;SERVICE-TYPE=SomeSite:peter95"])
        let again = try #require(try ContactStore(fileAt: path).unifiedContacts(keysToFetch: [.instantMessageAddresses, .socialProfiles]).first)
        #expect(again.instantMessageAddresses == alice.instantMessageAddresses)
        #expect(again.socialProfiles.map(\.value) == alice.socialProfiles.map(\.value))
    }

    /// A ContactFuzz finding: a parameter whose name the writer must rename (NULs) and bare
    /// values beside the service type; the edit reads back as it was made.
    @Test func anEditOverHostileParametersReadsBack() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nX-SOCIALPROFILE;typ\u{0}\u{0}e=twittern\\, DC;DC;x:x-apple:bob\r\nEND:VCARD\r\n"
        var contact = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        contact.socialProfiles[0].value.username += "y"
        let written = VCardWriter().encode([contact.vCard()])
        let cards = try VCardDecoder().decode(written).cards
        #expect(cards.count == 1)
        #expect(Contact(card: try #require(cards.first)).socialProfiles.map(\.value) == contact.socialProfiles.map(\.value))
    }
    /// ContactFuzz findings: a parameter given twice. Readers take the first; an edit that
    /// changes or removes it must not let the second show through (X-USERID, VALUE=text), and an
    /// IMPP's service goes where a reader looks for it (X-SERVICE-TYPE before SERVICE-TYPE).
    @Test(arguments: [
        ("X-SOCIALPROFILE;type=twitter;x-userid=4711;x-userid=4712:x-apple:johnny", SocialProfile(username: "edited", service: "twitter")),
        ("SOCIALPROFILE;VALUE=text;VALUE=text;SERVICE-TYPE=Mastodon:alice", SocialProfile(urlString: "https://example.com/@edited", username: "edited", service: "Mastodon")),
        ("SOCIALPROFILE;SERVICE-TYPE=Mastodon;SERVICE-TYPE=Other;USERNAME=a;USERNAME=b:https://example.com/a", SocialProfile(urlString: "https://example.com/b", username: "edited", userIdentifier: "7", service: "Mastodon")),
    ])
    func anEditOverRepeatedParametersReadsBack(_ line: String, _ edit: SocialProfile) throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:B\r\n\(line)\r\nEND:VCARD\r\n"
        var contact = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        contact.socialProfiles[0].value = edit
        let again = Contact(card: try #require(try VCardDecoder().decode(VCardWriter().encode([contact.vCard()])).cards.first))
        #expect(again.socialProfiles.map(\.value) == [edit])
    }

    /// A ContactFuzz finding: a bare encoding (`;b`, `;BASE64`, `;8BIT`…) names `ENCODING`, not a
    /// type, so an edit must not write the service over it and leave the `TYPE` a reader takes.
    @Test(arguments: [VCardVersion.v2_1, .v3, .v4], ["b", "BASE64", "8bit", "7BIT", "quoted-printable"])
    func aServiceIsNotWrittenOverABareEncoding(version: VCardVersion, keyword: String) throws {
        let text = "BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\nFN:B\r\nX-SOCIALPROFILE;\(keyword);TYPE=JPEG:https://example.com/a\r\nEND:VCARD\r\n"
        var contact = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        #expect(contact.socialProfiles.map(\.value.service) == ["jpeg"])
        let edit = SocialProfile(urlString: "https://example.com/b", username: "edited", service: "twitter")
        contact.socialProfiles[0].value = edit
        let again = Contact(card: try #require(try VCardDecoder().decode(VCardWriter().encode([contact.vCard()])).cards.first))
        #expect(again.socialProfiles.map(\.value) == [edit])
    }

    /// A ContactFuzz finding: a parameter with no name (`;=o`) is no type as read, so the edit
    /// must not write it as one (it was written as `TYPE=o`, read back as the service).
    @Test(arguments: [VCardVersion.v2_1, .v3, .v4])
    func anUnnamedParameterDoesNotBecomeTheService(version: VCardVersion) throws {
        let text = "BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\nFN:B\r\nX-SOCIALPROFILE;=o;E:x-apple:bob\r\nEND:VCARD\r\n"
        var contact = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        #expect(contact.socialProfiles.map(\.value.service) == ["e"])
        let edit = SocialProfile(username: "user0", service: "twitter")
        contact.socialProfiles[0].value = edit
        let again = Contact(card: try #require(try VCardDecoder().decode(VCardWriter().encode([contact.vCard()])).cards.first))
        #expect(again.socialProfiles.map(\.value) == [edit])
    }

    @Test func anIMPPServiceIsWrittenWhereItIsRead() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nIMPP;SERVICE-TYPE=Other;X-SERVICE-TYPE=Matrix;X-SERVICE-TYPE=Old:x-apple:bob\r\nEND:VCARD\r\n"
        var contact = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        #expect(contact.instantMessageAddresses.map(\.value) == [InstantMessageAddress(username: "bob", service: "Matrix")])
        contact.instantMessageAddresses[0].value = InstantMessageAddress(username: "robert", service: "Signal")
        let again = Contact(card: try #require(try VCardDecoder().decode(VCardWriter().encode([contact.vCard()])).cards.first))
        #expect(again.instantMessageAddresses.map(\.value) == [InstantMessageAddress(username: "robert", service: "Signal")])
    }
}
