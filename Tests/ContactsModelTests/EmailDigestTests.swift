import Testing
import VCardParser

@testable import ContactsModel

/// `ContactPredicate.comparedEmailDigest(valueBytes:)` reads an `EMAIL` value's bytes as
/// `comparedEmail(_:)` does: for every value it answers, its digest is that of the compared
/// address, so `set-phone` can skip a card from the digest alone.
@Suite struct EmailDigestTests {
    /// The digest of the bytes of `email`'s value, as `ComparedEmails` reads them.
    static func digest(_ email: Property) -> UInt64? {
        var digest: UInt64?
        email.readValueBytes { digest = ContactPredicate.comparedEmailDigest(valueBytes: $0) }
        return digest
    }
    @Test func theDigestOfAValueIsTheDigestOfItsComparedAddress() throws {
        let pieces = [
            "a", "Z", "@", ".", " ", "  ", "mailto:", "MAILTO:", "MailTo:", "mailto", "\\,", "é", "\t", "x@y.example", "Ada",
        ]
        var rng = SystemRandomNumberGenerator()
        var answered = 0
        for _ in 0..<2000 {
            let value = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:4.0\r\nEMAIL:\(value)\r\nEND:VCARD\r\n").cards[0]
            let email = try #require(card.first("EMAIL"))
            let compared = ContactPredicate.comparedEmail(email)
            if let digest = Self.digest(email) {
                answered += 1
                #expect(digest == ContactPredicate.digest(ofComparedEmail: compared), "\(value)")
            } else {
                // Only values that are not printable ASCII without escapes go the long way.
                #expect(value.utf8.contains { $0 < 0x20 || $0 > 0x7E || $0 == UInt8(ascii: "\\") }, "\(value)")
            }
        }
        #expect(answered > 500)
    }

    @Test func comparedEmailsFindWhatTheSetOfAddressesHolds() throws {
        let asked = ComparedEmails(["ada@example.com", "grace@example.com", "é@example.com", "a,b@example.com"].map { Array($0.utf8) })
        let values = [
            "ada@example.com", " ADA@Example.COM ", "mailto:Grace@example.com", "MAILTO:ada@example.com", "ada@example.co",
            "\u{E9}@example.com", "é@example.com", "a\\,b@example.com", "bob@example.com", "", " ",
        ]
        for value in values {
            let card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:4.0\r\nEMAIL:\(value)\r\nEND:VCARD\r\n").cards[0]
            let email = try #require(card.first("EMAIL"))
            let expected = asked.contains(ContactPredicate.comparedEmail(email))
            #expect(asked.containsEmail(of: email) == expected, "\(value)")
            if expected { #expect(asked.mayContainEmail(of: email), "\(value)") }
        }
        #expect(ComparedEmails().mayContainEmail(of: Property(name: "EMAIL", value: "ada@example.com")) == false)
    }

    /// Keys made apart from equal bytes are one key (a set and a dictionary find either); keys
    /// of other bytes, the empty one and those of zero bytes among them, are not.
    @Test func emailKeysAreTheirBytes() {
        let addresses = (0..<2000).map { Array("user\($0)@example.com".utf8) } + [[], [0], [0, 0], Array("é@example.com".utf8)]
        let keys = Set(addresses.map(EmailKey.init))
        #expect(keys.count == addresses.count)
        var phones: [EmailKey: Int] = [:]
        for (n, address) in addresses.enumerated() { phones[EmailKey(address)] = n }
        for (n, address) in addresses.enumerated() {
            let copy = Array(String(decoding: address, as: UTF8.self).utf8)
            #expect(keys.contains(EmailKey(copy)) && phones[EmailKey(copy)] == n, "\(address)")
        }
        for other in ["user2000@example.com", "User1@example.com", "e\u{301}@example.com"] {
            #expect(!keys.contains(EmailKey(Array(other.utf8))), "\(other)")
        }
    }

    @Test func manyAddressesAreFoundAndOthersAreNot() throws {
        let asked = (0..<5000).map { Array("user\($0)@example.com".utf8) }
        let emails = ComparedEmails(asked)
        for (n, address) in asked.enumerated() {
            let value = n % 2 == 0 ? String(decoding: address, as: UTF8.self).uppercased() : "mailto:" + String(decoding: address, as: UTF8.self)
            #expect(emails.mayContainEmail(of: Property(name: "EMAIL", value: value)), "\(value)")
        }
        var passed = 0
        for n in 5000..<10_000 where emails.mayContainEmail(of: Property(name: "EMAIL", value: "user\(n)@example.com")) { passed += 1 }
        #expect(passed == 0)
    }

    @Test func aSpacedMailtoAddressInCapitalsIsTheAddress() throws {
        let card = try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:3.0\r\nEMAIL: MAILTO:Ada@Example.COM \r\nEND:VCARD\r\n").cards[0]
        let email = try #require(card.first("EMAIL"))
        #expect(ContactPredicate.comparedEmail(email) == Array("ada@example.com".utf8))
        #expect(Self.digest(email) == ContactPredicate.digest(ofComparedEmail: "ada@example.com".utf8))
        #expect(Self.digest(email) != ContactPredicate.digest(ofComparedEmail: "ada@example.co".utf8))
    }
}
