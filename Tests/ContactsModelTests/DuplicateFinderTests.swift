import ContactsModel
import Testing
import VCardParser

/// `DuplicateFinder` and `DuplicateKey`: which cards are one person, by which keys, in groups
/// joined transitively, each link with its reasons.
@Suite struct DuplicateFinderTests {
    /// The cards of a text of cards, each `lines` joined into a 3.0 card.
    static func cards(_ bodies: [String]...) throws -> [VCard] {
        var reader = VCardReader(bytes: Array(bodies.map { "BEGIN:VCARD\r\nVERSION:3.0\r\n" + $0.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n" }.joined().utf8))
        var cards: [VCard] = []
        while let card = try reader.next() { cards.append(card) }
        return cards
    }

    static func groups(_ cards: [VCard], keys: Set<DuplicateKey.Kind> = DuplicateKey.Kind.defaults) -> [DuplicateFinder.Group] {
        var finder = DuplicateFinder(keys: keys)
        for card in cards { finder.add(card) }
        return finder.groups()
    }

    @Test func anEmailThenAPhoneJoinThreeCardsInOneGroup() throws {
        let cards = try Self.cards(
            ["FN:A", "EMAIL:sam@shared.example"], ["FN:Other", "EMAIL:other@example.com"],
            ["FN:B", "EMAIL:mailto:SAM@Shared.Example", "TEL:+44 20 7946 0001"],
            ["FN:C", "TEL:tel:+44-20-7946-0001"])
        let groups = Self.groups(cards)
        #expect(groups.map(\.cards) == [[0, 2, 3]])
        #expect(groups[0].links.map(\.description) == ["0 ~ 2: same email sam@shared.example", "2 ~ 3: same phone tel:+44-20-7946-0001"])
    }

    @Test func everyKeyTwoCardsShareIsAReasonOfTheirLink() throws {
        let cards = try Self.cards(
            ["UID:x-1", "EMAIL:a@example.com", "TEL:+1 555 0100"],
            ["UID: x-1 ", "TEL:+1 (555) 0100", "EMAIL:A@example.com"])
        let link = try #require(Self.groups(cards).first?.links.first)
        #expect(link.reasons.map(\.kind) == [.uid, .email, .phone])
        #expect(link.description == "0 ~ 1: same UID, same email a@example.com, same phone +1 (555) 0100")
    }

    @Test func groupsJoinedLateAreOneGroupInTheOrderOfTheirFirstCard() throws {
        // 0~2 by email and 1~3 by phone are two groups until card 4 shares a key with each.
        let cards = try Self.cards(
            ["EMAIL:a@example.com"], ["TEL:+1 555 0100"], ["EMAIL:a@example.com"],
            ["TEL:+1-555-0100"], ["EMAIL:a@example.com", "TEL:15550100"], ["EMAIL:b@example.com"],
            ["EMAIL:b@example.com"])
        let groups = Self.groups(cards)
        #expect(groups.map(\.cards) == [[0, 2, 4], [1, 3], [5, 6]])
        let joined = Self.groups(cards + (try Self.cards(["EMAIL:a@example.com", "TEL:+1 555 0100"])))
        #expect(joined.map(\.cards) == [[0, 1, 2, 3, 4, 7], [5, 6]])
        #expect(joined[0].links.count == 5)
    }

    @Test func theSameNumberIsComparedAsPhoneNumberComparesIt() throws {
        let a = PhoneNumber(stringValue: "+44 (20) 7946-0001"), b = PhoneNumber(stringValue: "tel:+442079460001")
        #expect(a.matches(b))
        let cards = try Self.cards(["TEL:\(a.stringValue)"], ["TEL;VALUE=uri:\(b.stringValue)"], ["TEL:442079460001"])
        #expect(Self.groups(cards).map(\.cards) == [[0, 1]])  // without its +, a number is another number
    }

    @Test func shortNumbersAreNoKey() throws {
        let cards = try Self.cards(["TEL:112"], ["TEL:112"], ["TEL:+1 555"], ["TEL:+1 555"], ["TEL:55501"], ["TEL:5-55-01"])
        #expect(Self.groups(cards).map(\.cards) == [[4, 5]])
    }

    @Test func uidAndAppleABUIDAreOneKeyWithoutTheirURNPrefix() throws {
        let cards = try Self.cards(
            ["UID:urn:uuid:c0ffee00-1111"], ["X-ABUID:c0ffee00-1111"], ["UID:URN:UUID:c0ffee00-1111"],
            ["UID:C0FFEE00-1111"])
        #expect(Self.groups(cards).map(\.cards) == [[0, 1, 2]])  // the rest of a UID is compared exactly
        #expect(Self.groups(cards, keys: [.email, .phone]).isEmpty)
    }

    @Test func namesCompareOnlyWhenAskedIgnoringCaseAccentsAndOrder() throws {
        let cards = try Self.cards(
            ["N:Martin;Zoë;;;", "FN:Zoë Martin"], ["FN:MARTIN Zoe"], ["N:Martin;Zoey;;;"],
            ["N:;;;;", "FN:zoe martin"])
        #expect(Self.groups(cards).isEmpty)
        let groups = Self.groups(cards, keys: [.name])
        #expect(groups.map(\.cards) == [[0, 1, 3]])
        #expect(groups[0].links.map(\.description) == ["0 ~ 1: same name MARTIN Zoe", "0 ~ 3: same name zoe martin"])
    }

    /// A card with the emails of 5,000 earlier cards, twice each (once in capitals), joins
    /// them all: one link a card, each with its one reason.
    @Test func aCardWithTheEmailsOfManyCardsLinksEachOnce() throws {
        var finder = DuplicateFinder(keys: [.email])
        for i in 0..<5_000 { finder.add(keys: [DuplicateKey(kind: .email, normalized: "u\(i)@example.com", written: "")]) }
        let card = try #require(try Self.cards((0..<5_000).flatMap { ["EMAIL:u\($0)@example.com", "EMAIL:U\($0)@EXAMPLE.COM"] }).first)
        #expect(finder.add(card) == 5_000)
        let groups = finder.groups()
        #expect(groups.map(\.cards) == [Array(0...5_000)])
        #expect(groups[0].links.map(\.first) == Array(0..<5_000))
        #expect(groups[0].links.allSatisfy { $0.second == 5_000 && $0.reasons.count == 1 })
    }

    /// 10,000 cards with one email: each is linked to the first card that had it, so the work
    /// is one look-up a card, not a comparison with every earlier card.
    @Test func tenThousandCardsSharingOneEmailAreOneGroupOfLinksToTheFirst() throws {
        var finder = DuplicateFinder()
        let card = try #require(try Self.cards(["FN:Spam", "EMAIL:shared@example.com", "TEL:+1 555 0100"]).first)
        for _ in 0..<10_000 { finder.add(card) }
        let groups = finder.groups()
        #expect(groups.count == 1)
        #expect(groups[0].cards == Array(0..<10_000))
        #expect(groups[0].links.count == 9_999)
        #expect(groups[0].links.allSatisfy { $0.first == 0 && $0.reasons.map(\.kind) == [.email, .phone] })
    }
}
