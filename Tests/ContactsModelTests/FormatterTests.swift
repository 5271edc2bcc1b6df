import ContactsModel
import VCardParser
import Testing

/// ContactFormatter and PostalAddressFormatter: the expected strings per script, locale and
/// country.
@Suite struct FormatterTests {
    static func contact(_ prefix: String = "", _ given: String, _ middle: String = "", _ family: String, _ suffix: String = "") -> Contact {
        var contact = Contact()
        contact.namePrefix = prefix
        contact.givenName = given
        contact.middleName = middle
        contact.familyName = family
        contact.nameSuffix = suffix
        return contact
    }

    @Test(
        arguments: [
            (contact("Dr.", "Ada", "King", "Lovelace", "PhD"), nil, "Dr. Ada King Lovelace PhD"),
            (contact("", "Grace", "", "Hopper"), "en_US", "Grace Hopper"),
            (contact("", "太郎", "", "山田"), nil, "山田太郎"),
            (contact("", "小明", "", "王"), "en_US", "王小明"),
            (contact("", "길동", "", "홍"), nil, "홍길동"),
            (contact("", "János", "", "Nagy"), "hu_HU", "Nagy János"),
            (contact("", "János", "", "Nagy"), "en", "János Nagy"),
            (contact("", "Taro", "", "Yamada"), "ja-JP", "Yamada Taro"),
            (contact("", "Văn A", "", "Nguyễn"), "vi", "Nguyễn Văn A"),
            (contact("", "", "", "Lovelace"), nil, "Lovelace"),
        ] as [(Contact, String?, String)])
    func fullName(_ contact: Contact, locale: String?, expected: String) {
        #expect(ContactFormatter.string(from: contact, locale: locale) == expected)
    }

    @Test func nameOrderFollowsTheScriptBeforeTheLocale() {
        #expect(ContactFormatter.nameOrder(for: Self.contact("", "太郎", "", "山田"), locale: "en_US") == .familyNameFirst)
        #expect(ContactFormatter.nameOrder(for: Self.contact("", "Ada", "", "Lovelace"), locale: "zh_Hans_CN") == .familyNameFirst)
        #expect(ContactFormatter.nameOrder(for: Self.contact("", "Ada", "", "Lovelace")) == .givenNameFirst)
    }

    @Test func withoutNamePartsTheFormattedNameThenTheOrganization() {
        var named = Contact()
        named.displayName = "Ada L."
        #expect(ContactFormatter.string(from: named) == "Ada L.")
        var company = Contact()
        company.organizationName = "Analytical Engines Ltd"
        #expect(ContactFormatter.string(from: company) == "Analytical Engines Ltd")
        #expect(ContactFormatter.string(from: Contact()) == nil)
    }

    @Test func phoneticFullName() {
        var yamada = Self.contact("", "太郎", "", "山田")
        yamada.phoneticGivenName = "たろう"
        yamada.phoneticFamilyName = "やまだ"
        #expect(ContactFormatter.string(from: yamada, style: .phoneticFullName) == "やまだ たろう")
        var ada = Self.contact("", "Ada", "", "Lovelace")
        #expect(ContactFormatter.string(from: ada, style: .phoneticFullName) == nil)
        ada.phoneticGivenName = "AY-duh"
        #expect(ContactFormatter.string(from: ada, style: .phoneticFullName) == "AY-duh")
    }

    @Test func onlyFetchedKeysAreRead() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nORG:Engines\r\nEND:VCARD\r\n"
        let store = ContactStore(inMemory: try VCardDecoder().decode(Array(card.utf8)).cards)
        let unnamed = try #require(try store.unifiedContacts(matching: .all, keysToFetch: [.emailAddresses]).first)
        #expect(ContactFormatter.string(from: unnamed) == nil)
        let named = try #require(try store.unifiedContacts(matching: .all, keysToFetch: [.names]).first)
        #expect(ContactFormatter.string(from: named) == "Ada Lovelace")
    }

    static let gb = PostalAddress(street: "10 Downing Street", city: "London", postalCode: "SW1A 2AA", country: "United Kingdom", isoCountryCode: "GB")

    @Test(
        arguments: [
            (
                PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA", postalCode: "95014", country: "United States", isoCountryCode: "us"),
                "1 Infinite Loop\nCupertino CA 95014\nUnited States"
            ),
            (
                PostalAddress(street: "111 Wellington St", city: "Ottawa", state: "ON", postalCode: "K1A 0A9", isoCountryCode: "CA"),
                "111 Wellington St\nOttawa ON K1A 0A9"
            ),
            (gb, "10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom"),
            (
                PostalAddress(street: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "Deutschland", isoCountryCode: "DE"),
                "Unter den Linden 1\n10117 Berlin\nDeutschland"
            ),
            (
                PostalAddress(street: "55 Rue du Faubourg Saint-Honoré", city: "Paris", postalCode: "75008", isoCountryCode: "FR"),
                "55 Rue du Faubourg Saint-Honoré\n75008 Paris"
            ),
            (
                PostalAddress(street: "Via del Corso 1", city: "Roma", state: "RM", postalCode: "00186", isoCountryCode: "IT"),
                "Via del Corso 1\n00186 Roma RM"
            ),
            (
                PostalAddress(street: "Calle Mayor 1", city: "Madrid", state: "Madrid", postalCode: "28013", isoCountryCode: "ES"),
                "Calle Mayor 1\n28013 Madrid\nMadrid"
            ),
            (
                PostalAddress(street: "Damrak 1", city: "Amsterdam", postalCode: "1012 LG", isoCountryCode: "NL"),
                "Damrak 1\n1012 LG Amsterdam"
            ),
            (
                PostalAddress(street: "Drottninggatan 1", city: "Stockholm", postalCode: "111 51", isoCountryCode: "SE"),
                "Drottninggatan 1\n111 51 Stockholm"
            ),
            (
                PostalAddress(street: "千代田1-1", city: "千代田区", state: "東京都", postalCode: "100-8111", country: "日本", isoCountryCode: "JP"),
                "日本\n〒100-8111\n東京都千代田区\n千代田1-1"
            ),
            (
                PostalAddress(street: "东长安街1号", city: "北京市", postalCode: "100006", isoCountryCode: "CN", subLocality: "东城区"),
                "北京市东城区\n东长安街1号\n100006"
            ),
            (
                PostalAddress(street: "세종대로 209", city: "서울특별시", postalCode: "03171", isoCountryCode: "KR", subLocality: "종로구"),
                "서울특별시 종로구\n세종대로 209\n03171"
            ),
            (
                PostalAddress(street: "Avenida Paulista, 1000", city: "São Paulo", state: "SP", postalCode: "01310-100", isoCountryCode: "BR", subLocality: "Bela Vista"),
                "Avenida Paulista, 1000\nBela Vista\nSão Paulo - SP\n01310-100"
            ),
            (
                PostalAddress(street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", postalCode: "400020", isoCountryCode: "IN", subLocality: "Churchgate"),
                "1 Marine Drive\nChurchgate\nMumbai - 400020\nMaharashtra"
            ),
            (
                PostalAddress(street: "1 Martin Place", city: "Sydney", state: "NSW", postalCode: "2000", country: "Australia", isoCountryCode: "AU"),
                "1 Martin Place\nSydney NSW 2000\nAustralia"
            ),
            (
                PostalAddress(postOfficeBox: "PO Box 12", street: "Main Road", city: "Windhoek", country: "Namibia", isoCountryCode: "NA"),
                "PO Box 12\nMain Road\nWindhoek\nNamibia"
            ),
            (PostalAddress(street: "Main Road", city: "Springfield", state: "", postalCode: "12345"), "Main Road\nSpringfield 12345"),
            (PostalAddress(), ""),
        ] as [(PostalAddress, String)])
    func postalAddress(_ address: PostalAddress, expected: String) {
        #expect(PostalAddressFormatter.string(from: address) == expected)
    }
}
