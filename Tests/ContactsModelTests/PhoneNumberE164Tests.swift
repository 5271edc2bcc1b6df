import ContactsModel
import Testing

/// `PhoneNumber` placed in the world: E.164 with a default region, the forms people type.
@Suite struct PhoneNumberE164Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String, region: String?, e164: String?, ext: String? = nil
        var testDescription: String { "\(typed) in \(region ?? "no region")" }
    }

    static let cases: [Case] = [
        Case(typed: "+44 20 7946 0001", region: nil, e164: "+442079460001"),
        Case(typed: "020 7946 0001", region: "GB", e164: "+442079460001"),
        Case(typed: "020 7946 0001", region: "gb", e164: "+442079460001"),
        Case(typed: "0044 20 7946 0001", region: "GB", e164: "+442079460001"),
        Case(typed: "44 20 7946 0001", region: "GB", e164: "+442079460001"),
        Case(typed: "+44 (0)20 7946 0001", region: nil, e164: "+442079460001"),
        Case(typed: "(020) 7946-0001 ext. 12", region: "GB", e164: "+442079460001", ext: "12"),
        Case(typed: "tel:+44-20-7946-0001", region: nil, e164: "+442079460001"),
        Case(typed: "tel:+44-20-7946-0001;ext=5", region: "US", e164: "+442079460001", ext: "5"),
        Case(typed: "tel:2079460001;phone-context=+44", region: nil, e164: "+442079460001"),
        Case(typed: "011 44 20 7946 0001", region: "US", e164: "+442079460001"),
        Case(typed: "810 44 20 7946 0001", region: "RU", e164: "+442079460001"),
        Case(typed: "8 (495) 123-45-67", region: "RU", e164: "+74951234567"),
        Case(typed: "1 (650) 253-0000 x7", region: "US", e164: "+16502530000", ext: "7"),
        Case(typed: "+1 650 253 0000 #7", region: nil, e164: "+16502530000", ext: "7"),
        Case(typed: "+1 650 253 0000;ext=7", region: nil, e164: "+16502530000", ext: "7"),
        Case(typed: "0800 FLOWERS", region: "GB", e164: "+448003569377"),
        Case(typed: "+٤٤ ٢٠ ٧٩٤٦ ٠٠٠١", region: nil, e164: "+442079460001"),
        Case(typed: "+800 1234 5678", region: nil, e164: "+80012345678"),
        // Never guessed: a national number without a region, or with one nobody knows.
        Case(typed: "020 7946 0001", region: nil, e164: nil),
        Case(typed: "020 7946 0001", region: "UK", e164: nil),
        Case(typed: "abc", region: "GB", e164: nil),
        Case(typed: "+999 1234 5678", region: nil, e164: nil),
    ]

    @Test(arguments: cases)
    func e164(_ c: Case) {
        let number = PhoneNumber(stringValue: c.typed)
        #expect(number.e164(defaultRegion: c.region) == c.e164)
        #expect(number.parsed(defaultRegion: c.region)?.extension == c.ext)
    }

    @Test func possibleLengthsOfTheCallingCode() throws {
        #expect(try #require(PhoneNumber(stringValue: "+1 650 253 0000").parsed(defaultRegion: nil)).isPossible)
        #expect(try #require(PhoneNumber(stringValue: "+1 253 0000").parsed(defaultRegion: nil)).isPossible, "7 digits: possible locally")
        #expect(try !#require(PhoneNumber(stringValue: "+1 650 253 00").parsed(defaultRegion: nil)).isPossible)
        #expect(try !#require(PhoneNumber(stringValue: "+1 650 2530 0000").parsed(defaultRegion: nil)).isPossible)
    }

    @Test func regionOfTheCallingCode() {
        let number = PhoneNumber(stringValue: "+44 1481 123456")
        #expect(number.parsed(defaultRegion: nil)?.region == "GB")
        #expect(number.parsed(defaultRegion: "GG")?.region == "GG", "the default region shares +44")
        #expect(number.parsed(defaultRegion: "US")?.region == "GB")
        #expect(PhoneNumber(stringValue: "+800 1234 5678").parsed(defaultRegion: nil)?.region == "001")
    }

    @Test func forms() throws {
        let n = try #require(PhoneNumber(stringValue: "(020) 7946-0001 ext. 12").parsed(defaultRegion: "GB"))
        #expect(n.countryCode == 44)
        #expect(n.nationalNumber == "2079460001")
        #expect(n.e164 == "+442079460001")
        #expect(n.international == "+44 20 7946 0001 x12", "grouped, with the extension prefix GB numbers use")
        #expect(n.national == "020 7946 0001 x12")
        #expect(n.telURI == "tel:+44-20-7946-0001;ext=12")
    }

    /// National and international forms as libphonenumber writes them: the national prefix and
    /// its punctuation per region, groups chosen by the leading digits, an extension prefix of
    /// the calling code's own, and a number no format fits written as its digits.
    @Test(
        arguments: [
            ("+1 201 555 0123", "(201) 555-0123", "+1 201-555-0123", "tel:+1-201-555-0123"),
            ("+7 812 123 4567", "8 (812) 123-45-67", "+7 812 123-45-67", "tel:+7-812-123-45-67"),
            ("+33 1 23 45 67 89", "01 23 45 67 89", "+33 1 23 45 67 89", "tel:+33-1-23-45-67-89"),
            ("+39 06 1234 5678", "06 1234 5678", "+39 06 1234 5678", "tel:+39-06-1234-5678"),
            ("+49 30 123456", "030 123456", "+49 30 123456", "tel:+49-30-123456"),
            ("+81 3-1234-5678", "03-1234-5678", "+81 3-1234-5678", "tel:+81-3-1234-5678"),
            ("+54 9 11 2345-6789", "011 15-2345-6789", "+54 9 11 2345-6789", "tel:+54-9-11-2345-6789"),
            ("+40 21 123 4567 ext. 7", "021 123 4567 int 7", "+40 21 123 4567 int 7", "tel:+40-21-123-4567;ext=7"),
            ("+598 2345 6789 x 7", "2345 6789 int. 7", "+598 2345 6789 int. 7", "tel:+598-2345-6789;ext=7"),
            ("+44 1", nil, nil, nil),
            ("+44 12", "12", "+44 12", "tel:+44-12"),
        ] as [(String, String?, String?, String?)])
    func nationalAndInternationalForms(typed: String, national: String?, international: String?, uri: String?) {
        let n = PhoneNumber(stringValue: typed).parsed(defaultRegion: nil)
        #expect(n?.national == national)
        #expect(n?.international == international)
        #expect(n?.telURI == uri)
    }

    @Test func matchesAcrossForms() {
        let national = PhoneNumber(stringValue: "020 7946 0001")
        let international = PhoneNumber(stringValue: "+44 20 7946 0001")
        let uri = PhoneNumber(stringValue: "tel:+44-20-7946-0001")
        let trunk = PhoneNumber(stringValue: "+44 (0)20 7946 0001")
        #expect(national.matches(international, defaultRegion: "GB"))
        #expect(!national.matches(international, defaultRegion: nil), "a national number is not placed without a region")
        #expect(!national.matches(international, defaultRegion: "FR"))
        #expect(international.matches(uri))
        #expect(international.matches(trunk), "the trunk 0 written after +44 is not part of the number")
        #expect(national.matches(PhoneNumber(stringValue: "(020) 7946-0001")), "national numbers without a region compare by digits")
        #expect(!international.matches(PhoneNumber(stringValue: "+44 20 7946 0002")))
    }

    @Test func knownRegions() {
        #expect(PhoneNumber.isKnownRegion("GB"))
        #expect(PhoneNumber.isKnownRegion("us"))
        #expect(!PhoneNumber.isKnownRegion("UK"))
        #expect(!PhoneNumber.isKnownRegion("001"), "non-geographic codes are no default region")
    }
}
