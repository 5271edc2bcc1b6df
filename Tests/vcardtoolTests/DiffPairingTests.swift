import Foundation
import Testing

/// How `diff` pairs cards that have no UID, or no FN: equal cards first, then by what the two
/// cards share (N, FN, EMAIL, TEL, ORG), one to one and in order.
@Suite struct DiffPairingTests {
    /// Runs `diff` on two texts.
    static func diff(_ old: String, _ new: String, _ options: [String] = []) throws -> ToolProcess {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let oldPath = try ToolProcess.write(old, to: dir, "old.vcf"), newPath = try ToolProcess.write(new, to: dir, "new.vcf")
        return try ToolProcess.run(["diff"] + options + [oldPath, newPath])
    }

    /// A 2.1 card as phones write them: N and TELs, no UID, no FN.
    static func phoneCard(_ n: String, _ lines: String...) -> String {
        "BEGIN:VCARD\r\nVERSION:2.1\r\nN:\(n)\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }

    /// Gammu, Nokia and Android write N-only cards, some of them twice: a file equals itself.
    @Test func cardsWithoutUIDAndFNPairWithThemselves() throws {
        let text =
            Self.phoneCard("Doe;John", "TEL;CELL:+1 555 0100") + Self.phoneCard("Doe;John", "TEL;CELL:+1 555 0100")
            + Self.phoneCard(";;;;") + Self.phoneCard(";;;;") + Self.phoneCard("Roe;Jane", "EMAIL:jane@example.com")
        let result = try Self.diff(text, text)
        #expect(result.stderr == "")
        #expect(result.stdoutText == "")
        #expect(result.status == 0)
    }

    /// A card without UID or FN whose phone changed is one changed card, found by its N.
    @Test func changedCardWithoutUIDPairsByName() throws {
        let old = Self.phoneCard("Doe;John", "TEL;CELL:+1 555 0100") + Self.phoneCard("Roe;Jane", "TEL:+1 555 0200")
        let new = Self.phoneCard("Roe;Jane", "TEL:+1 555 0200") + Self.phoneCard("Doe;John", "TEL;CELL:+1 555 0199")
        let result = try Self.diff(old, new)
        #expect(result.status == 1)
        #expect(result.stdoutText == "~ John Doe\n    TEL: +1 555 0100 → +1 555 0199\n")
    }

    /// A renamed card is found by its email or its phone number (digits only: `+1 (555) 0100` is
    /// `+1-555-0100`), and the number in another form is no change.
    @Test func renamedCardPairsByEmailOrPhone() throws {
        let old = Self.phoneCard("Doe;John", "EMAIL:john@example.com") + Self.phoneCard("Roe;Jane", "TEL:+1 (555) 0100")
        let new = Self.phoneCard("Doe;Johnny", "EMAIL:John@Example.com") + Self.phoneCard("Roe-Smith;Jane", "TEL:+1-555-0100")
        let result = try Self.diff(old, new)
        #expect(result.status == 1)
        #expect(
            result.stdoutText == """
                ~ Johnny Doe
                    N: Doe;John → Doe;Johnny
                    EMAIL: john@example.com → John@Example.com
                ~ Jane Roe-Smith
                    N: Roe;Jane → Roe-Smith;Jane

                """)
    }

    /// Sharing only an organization is not enough: two people of one company stay two cards.
    @Test func sharingOnlyAnOrganizationDoesNotPair() throws {
        let old = Self.phoneCard("Doe;John", "ORG:Acme")
        let new = Self.phoneCard("Roe;Jane", "ORG:Acme")
        let result = try Self.diff(old, new)
        #expect(result.status == 1)
        #expect(result.stdoutText == "+ Jane Roe\n- John Doe\n")
    }

    /// The best match wins, whatever the order; equal matches pair in order, one to one.
    @Test func bestMatchFirstThenInOrder() throws {
        let old = Self.phoneCard("Doe;John", "TEL:100") + Self.phoneCard("Doe;John", "TEL:200", "EMAIL:j@example.com")
        let new = Self.phoneCard("Doe;John", "TEL:201", "EMAIL:j@example.com") + Self.phoneCard("Doe;John", "TEL:101")
        let result = try Self.diff(old, new)
        #expect(
            result.stdoutText == """
                ~ John Doe
                    TEL: 200 → 201
                ~ John Doe
                    TEL: 100 → 101

                """)
        // Three equal-looking cards on each side, each changed: k-th with k-th.
        let olds = (1...3).map { Self.phoneCard("Doe;John", "NOTE:old \($0)") }.joined()
        let news = (1...3).map { Self.phoneCard("Doe;John", "NOTE:new \($0)") }.joined()
        let inOrder = try Self.diff(olds, news)
        #expect(inOrder.stdoutText == (1...3).map { "~ John Doe\n    NOTE: old \($0) → new \($0)\n" }.joined())
    }

    /// Two cards with different UIDs are different contacts, however much else they share.
    @Test func differentUIDsNeverPair() throws {
        let old = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:a\r\nFN:Ada\r\nEMAIL:ada@example.com\r\nEND:VCARD\r\n"
        let new = old.replacingOccurrences(of: "UID:a", with: "UID:b")
        let result = try Self.diff(old, new)
        #expect(result.stdoutText == "+ Ada (uid b)\n- Ada (uid a)\n")
    }

    /// A name that thousands of cards share still pairs each card with its own: the candidates
    /// of a key are the cards near it in order, so the work stays linear.
    @Test func manyCardsSharingANamePairInOrder() throws {
        let olds = (0..<2000).map { Self.phoneCard("Doe;John", "TEL:\(1_000_000 + $0)") }
        let news = (0..<2000).map { Self.phoneCard("Doe;John", "TEL:\(2_000_000 + $0)") }
        let result = try Self.diff(olds.joined(), news.joined())
        #expect(result.stdoutText == (0..<2000).map { "~ John Doe\n    TEL: \(1_000_000 + $0) → \(2_000_000 + $0)\n" }.joined())
    }

    /// A pair found through one key is scored by every key the two cards share: the card with
    /// the same name and phone wins over cards with only the same name, though it is far off
    /// among the cards with that name.
    @Test func candidatesAreScoredByAllTheirKeys() throws {
        let olds = (0..<100).map { Self.phoneCard("Doe;John", "TEL:\(10_000 + $0)") }  // a number of 5 digits is a key
        let new = Self.phoneCard("Doe;John", "TEL:10050", "NOTE:x")
        let result = try Self.diff(olds.joined(), new)
        #expect(result.stdoutText == "~ John Doe\n    + NOTE: x\n" + String(repeating: "- John Doe\n", count: 99))
    }

    /// The `.vcf` fixtures, those in `fuzz/` too.
    static let fixtures = (FileManager.default.enumerator(atPath: ToolProcess.fixtures.path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".vcf") }.sorted()

    /// The list below is not empty, so the test cannot pass by running on nothing.
    @Test func fixturesAreFound() {
        #expect(Self.fixtures.contains("sample-contacts.vcf") && Self.fixtures.contains { $0.hasPrefix("fuzz/") })
    }

    /// Every fixture equals itself, whatever its version, damage or encoding.
    @Test(arguments: fixtures)
    func everyFixtureEqualsItself(_ name: String) throws {
        let path = ToolProcess.fixture(name)
        let result = try ToolProcess.run(["diff", "--format", "json", path, path])
        #expect(result.stdoutText == "{\"added\":[],\"removed\":[],\"changed\":[]}\n")
        #expect(result.status == (result.stderr.contains(": error: ") ? 1 : 0))
    }
}
