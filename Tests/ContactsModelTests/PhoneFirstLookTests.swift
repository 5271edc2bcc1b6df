import ContactsModel
import Foundation
import Testing
import VCardParser

/// `find --phone`'s first look at a `TEL` value's bytes (`ContactPredicate.mayBePhone`): a value
/// whose comparison key is the one asked for is never ruled out, whatever its form and region;
/// values with other digits are.
@Suite struct PhoneFirstLookTests {
    static let regions: [String?] = [nil, "US", "GB", "DE", "FR", "IT", "RU", "JP", "AU", "BR", "IN", "CH", "NL"]

    /// Numbers in the forms people and exporters write them: international with `+`, with an
    /// international prefix, national with and without a trunk prefix, grouped with spaces,
    /// dashes, dots and parentheses, `(0)`, `tel:` URIs, extensions in each form libphonenumber
    /// reads, keypad letters and spaces around.
    static var values: [String] {
        let numbers = [
            ("+1", "650", "253 0000"), ("+44", "20", "7946 0001"), ("+49", "89", "806 0171"), ("+33", "1", "05 06 74 20"),
            ("+39", "02", "1234 5678"), ("+7", "812", "123-45-67"), ("+81", "3", "0434 3375"), ("+61", "2", "9374 4000"),
            ("+55", "11", "91234 5678"), ("+91", "22", "2778 0000"), ("+41", "44", "668 18 00"), ("+31", "20", "555 0123"),
        ]
        var values: [String] = []
        for (code, area, rest) in numbers {
            let digits = code.dropFirst()
            let forms = [
                "\(code) \(area) \(rest)", "\(code)\(area)\(rest.filter { $0 != " " && $0 != "-" })", "\(code) (\(area)) \(rest)",
                "\(code) (0)\(area) \(rest)", "00\(digits) \(area) \(rest)", "011 \(digits) \(area) \(rest)", "0\(area) \(rest)",
                "(0\(area)) \(rest.replacingOccurrences(of: " ", with: "-"))", "\(area).\(rest.replacingOccurrences(of: " ", with: "."))",
                "\(area) \(rest)", "1 \(area) \(rest)", "8 \(area) \(rest)", "tel:\(code)-\(area)-\(rest.replacingOccurrences(of: " ", with: "-"))",
                "TEL:\(code)-\(area)-\(rest.replacingOccurrences(of: " ", with: "-"))", "  \(code) \(area) \(rest)  ",
            ]
            let extensions = ["", ";ext=12", " ext. 12", " x12", " #12", ",,12", ",12", ";12", " ~12", " 12#", " extension 123"]
            for form in forms {
                for ext in extensions { values.append(form + ext) }
            }
        }
        values += ["1-800-FLOWERS", "0800 FLOWERS", "+1 (800) FLOWERS", "+44 20 7946 0001 (home)", "+1 555 0100", "555-0100", "+", ""]
        return values
    }

    /// The `TEL` values of every fixture card too.
    static func fixtureValues() throws -> [String] {
        var values: [String] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: TestFiles.fixtures.path).filter { $0.hasSuffix(".vcf") }
        for file in files {
            let cards = (try? VCardDecoder().decode(try TestFiles.fixture(file)).cards) ?? []
            for card in cards { values += card.properties.filter { $0.name.uppercased() == "TEL" }.map(\.text) }
        }
        return values
    }

    @Test func aValueWithTheKeyAskedForIsNeverRuledOut() throws {
        var checked = 0
        for value in Self.values + (try Self.fixtureValues()) {
            for region in Self.regions {
                let key = PhoneNumber(stringValue: value).comparisonKey(defaultRegion: region)
                guard let tail = ContactPredicate.phoneKeyTail(key) else { continue }
                let may = Array(value.utf8).withUnsafeBufferPointer { ContactPredicate.mayBePhone($0, keyTail: tail) }
                #expect(may, "\(value) in \(region ?? "no region") has the key \(key) but was ruled out")
                checked += 1
            }
        }
        #expect(checked > 5_000)
    }

    @Test func otherDigitsAreRuledOut() throws {
        let london = try #require(ContactPredicate.phoneKeyTail(PhoneNumber(stringValue: "+44 20 7946 0001").comparisonKey(defaultRegion: nil)))
        func may(_ value: String) -> Bool { Array(value.utf8).withUnsafeBufferPointer { ContactPredicate.mayBePhone($0, keyTail: london) } }
        #expect(may("+44 20 7946 0001"))
        #expect(may("tel:+44-20-7946-0001;ext=2"))  // letters: told by a full parse
        #expect(may("+44 20 7946 0\u{0660}01"))  // an Arabic-Indic digit is a digit too
        #expect(may("+44 20 7946 00\\,01"))  // an escape
        #expect(!may("+44 20 7946 0002"))
        #expect(!may("tel:+44-20-7946-0002"))
        #expect(!may("+44 20 7946 0 0 1 1"))  // the last four in a row are 0011
        #expect(!may(""))
        // A key of fewer than eight digits has no tail to look for: every value may match.
        #expect(ContactPredicate.phoneKeyTail("+44123456") != nil)
        #expect(ContactPredicate.phoneKeyTail("+4412345") == nil)
        #expect(ContactPredicate.phoneKeyTail("5550100") == nil)
    }
}
