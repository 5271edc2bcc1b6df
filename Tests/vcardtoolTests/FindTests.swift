import Foundation
import Testing

/// `vcardtool find`: each criterion, their combination, the table and the exit statuses.
@Suite struct FindTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")

    /// A card of `version` with an FN of `name` (none for `nil`) and these lines, CRLF ended.
    static func card(_ name: String?, _ lines: [String], version: String = "3.0") -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\n" + ((name.map { ["FN:\($0)"] } ?? []) + lines).map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }

    /// `find <option> <asked>` over the cards of `shapes` and `others`, on one thread and on two:
    /// each shape's value finds its own card alone, and each of `nobody` finds none.
    func expectEachFindsItsCard(
        _ option: String, _ shapes: [(card: String, asked: String)], among others: [String] = [], nobody: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let input = Array((shapes.map(\.card) + others).joined().utf8)
        for threads in ["1", "2"] {
            for (card, asked) in shapes {
                let result = try ToolProcess.run(["find", option, asked], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
                #expect(result.status == 0, "\(asked): \(result.stderr)", sourceLocation: sourceLocation)
                #expect(result.stdoutText == card, "\(asked) on \(threads) threads", sourceLocation: sourceLocation)
            }
            for asked in nobody {
                let result = try ToolProcess.run(["find", option, asked], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
                #expect(result.status == 1 && result.stdout.isEmpty, "\(asked) on \(threads) threads", sourceLocation: sourceLocation)
            }
        }
    }
    static let usage = "[-e <address>] [-p <number> [--region <CC>]] [-n <text>] [--uid <uid>] [--fields <names> | --count | --quiet] [--format text|json] [<file-folder-or-url> ...]"

    @Test func emailMatchPrintsTheCardByteForByte() throws {
        let result = try ToolProcess.run(["find", "--email", " ADA@Analytical.Example ", sample])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdoutText == (try ToolProcess.fixtureCards("sample-contacts.vcf"))[0])
    }

    @Test func emailMatchesAnyEmailNotOnlyTheFirst() throws {
        let result = try ToolProcess.run(["find", "--email", "ada@home.example", "--fields", "FN", sample])
        #expect(result.status == 0)
        #expect(result.stdoutText == "FN\nAda Lovelace\n")
    }

    @Test func phoneMatchesByDigitsAcrossFiles() throws {
        let result = try ToolProcess.run([
            "find", "--phone", "+1 (202) 555 0143", "--fields", "fn,tel",
            sample, ToolProcess.fixture("google-3.0.vcf"),
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdoutText == """
                FN\tTEL
                Grace Hopper\ttel:+1-202-555-0143, tel:+1-202-555-0144
                Grace Hopper\t+1 202-555-0143, +1 202-555-0144, +1 202-555-0199

                """)
    }

    @Test func nameIgnoresCaseAndDiacriticsAndTableDecodesValues() throws {
        let result = try ToolProcess.run([
            "find", "--name", "MULLER", "--fields", "FN,ORG,NOTE,X-MISSING",
            ToolProcess.fixture("apple-ios-3.0.vcf"),
        ])
        #expect(result.status == 0)
        #expect(result.stdoutText == "FN\tORG\tNOTE\tX-MISSING\nAnna Müller\tBäckerei Müller\tBrötchen jeden Morgen, außer sonntags.\\nAm Tor klingeln.\t\n")
    }

    @Test func uidMatchesExactlyOnly() throws {
        let nextcloud = ToolProcess.fixture("nextcloud-4.0.vcf")
        let exact = try ToolProcess.run(["find", "--uid", "6a0d2f3e-4b1c-4c8e-9f2a-1d2e3f4a5b6c", nextcloud])
        #expect(exact.status == 0)
        #expect(exact.stdoutText == (try ToolProcess.fixtureCards("nextcloud-4.0.vcf"))[0])
        let prefix = try ToolProcess.run(["find", "--uid", "6a0d2f3e", nextcloud])
        #expect(prefix.status == 1)
        #expect(prefix.stdout.isEmpty)
    }

    /// A `--uid` search first looks at each card through where its UID values lie in its bytes:
    /// the UID a contact reads (the first, without spaces and tabs around it) is found however
    /// its line is written, and nothing else is: not another case, not a second UID, not a UID
    /// inside an agent's card, not a card without one.
    @Test func aUIDInEveryShapeIsFoundThroughTheFirstLook() throws {
        let shapes: [(card: String, asked: String)] = [
            (Self.card("Plain", ["UID:plain-1"]), "plain-1"),
            (Self.card("Spaced", ["UID:  spaced-1 "]), "spaced-1"),
            (Self.card("Tabbed", ["UID:\ttabbed-1"]), "tabbed-1"),
            (Self.card("Grouped", ["item1.uid:grouped-1"]), "grouped-1"),
            (Self.card("URN", ["UID:urn:uuid:0b7e8d2c-6f0a-4e55-9d7b-3c1a2b4c5d6e"], version: "4.0"), "urn:uuid:0b7e8d2c-6f0a-4e55-9d7b-3c1a2b4c5d6e"),
            (Self.card("Escaped", ["UID:es\\,caped-1"]), "es,caped-1"),
            (Self.card("Beyond", ["UID:\u{FC}id-1"]), "\u{FC}id-1"),
            (Self.card("Folded", ["UID:fol", " ded-1"]), "folded-1"),
            (Self.card("QP", ["UID;ENCODING=QUOTED-PRINTABLE:qp=2D1"], version: "2.1"), "qp-1"),
            (Self.card("Twice", ["UID:first-1", "UID:second-1"]), "first-1"),
            (Self.card("LF", ["UID:lf-1"]).replacingOccurrences(of: "\r\n", with: "\n"), "lf-1"),
        ]
        let others = [
            Self.card("Upper", ["UID:UPPER-1"]),
            Self.card("None", ["EMAIL:none@corp.example"]),
            Self.card("Agent", ["AGENT:BEGIN:VCARD", "VERSION:2.1", "UID:inner-1", "END:VCARD"], version: "2.1"),
        ]
        try expectEachFindsItsCard("--uid", shapes, among: others, nobody: ["upper-1", "second-1", "inner-1", "none", ""])
    }

    @Test func criteriaCombineWithAnd() throws {
        let google = ToolProcess.fixture("google-3.0.vcf")
        let both = try ToolProcess.run(["find", "--name", "grace", "--phone", "+1 202 555 0199", "--fields", "FN,EMAIL", sample, google])
        #expect(both.status == 0)
        #expect(both.stdoutText == "FN\tEMAIL\nGrace Hopper\tgrace.hopper@navy.example, grace@hopper.example\n")
        let contradicting = try ToolProcess.run(["find", "--name", "grace", "--email", "alan@bletchley.example", sample, google])
        #expect(contradicting.status == 1)
        #expect(contradicting.stdout.isEmpty)
    }

    /// A search first reads each card with only the properties it compares made, and parses in
    /// full only those that can match: the address is found however its line is written (folded,
    /// quoted-printable, in a group, in upper case), in a card only a full parse reads (no
    /// VERSION), and beside a criterion that no value tells (`--uid`).
    @Test func aSearchFindsTheAddressHoweverItsLineIsWritten() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cards = [
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Folded\r\nUID:f\r\nEMAIL;TYPE=work:ann@exa\r\n mple.com\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Printable;;;;\r\nEMAIL;QUOTED-PRINTABLE:ann=40example.com\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Grouped\r\nitem1.EMAIL:ANN@EXAMPLE.COM\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nFN:No Version\r\nEMAIL:ann@example.com\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Other\r\nEMAIL:bob@example.com\r\nEND:VCARD\r\n",
        ]
        let path = dir.appendingPathComponent("cards.vcf").path
        try Data(cards.joined().utf8).write(to: URL(fileURLWithPath: path))
        let all = try ToolProcess.run(["find", "--email", "ann@example.com", path])
        #expect(all.stdoutText == cards.prefix(4).joined())
        let withUID = try ToolProcess.run(["find", "--email", "ann@example.com", "--uid", "f", path])
        #expect(withUID.stdoutText == cards[0])
        for threads in ["1", "2"] {
            let count = try ToolProcess.run(["find", "--email", "ann@example.com", "--count", path], environment: ["VCARDTOOL_THREADS": threads])
            #expect(count.stdoutText == "4\n")
        }
    }

    /// An email search first looks at each card through where its EMAIL values lie in its bytes
    /// (no property made): an address in any shape is found, both those placed (`mailto:`,
    /// spaces, capitals, a group, LF line ends, a fourth line, bytes beyond ASCII, an escape) and
    /// those that are not (a fifth line, a folded or quoted-printable one, a charset), on one
    /// thread and on two; a card no address matches is not printed.
    @Test func anEmailInEveryShapeIsFoundThroughTheFirstLook() throws {
        let shapes: [(card: String, asked: String)] = [
            (Self.card("Mailto", ["EMAIL;TYPE=work:mailto:Mailto@Corp.example"]), "mailto@corp.example"),
            (Self.card("Spaced", ["EMAIL;TYPE=work:  spaced@corp.example  "]), "spaced@corp.example"),
            (Self.card("Upper", ["EMAIL;TYPE=WORK:UPPER@CORP.EXAMPLE"]), "Upper@Corp.Example"),
            (Self.card("Grouped", ["item1.email;type=work:grouped@corp.example"]), "grouped@corp.example"),
            (Self.card("LF", ["EMAIL;TYPE=work:lf@corp.example"]).replacingOccurrences(of: "\r\n", with: "\n"), "lf@corp.example"),
            (Self.card("Fourth", (1...4).map { "EMAIL;TYPE=work:fourth\($0)@corp.example" }), "fourth4@corp.example"),
            (Self.card("J\u{FC}rgen", ["EMAIL;TYPE=work:j\u{FC}rgen@corp.example"]), "j\u{FC}rgen@corp.example"),
            (Self.card("Escaped", ["EMAIL;TYPE=work:es\\,caped@corp.example"]), "es,caped@corp.example"),
            (Self.card("Fifth", (1...5).map { "EMAIL;TYPE=work:fifth\($0)@corp.example" }), "fifth5@corp.example"),
            (Self.card("Folded", ["EMAIL;TYPE=work:folded@co\r\n rp.example"]), "folded@corp.example"),
            (Self.card("QP", ["EMAIL;WORK;ENCODING=QUOTED-PRINTABLE:qp=40corp.example"], version: "2.1"), "qp@corp.example"),
            (Self.card("Charset", ["EMAIL;CHARSET=UTF-8:latin\u{E9}@corp.example"], version: "2.1"), "latin\u{E9}@corp.example"),
        ]
        try expectEachFindsItsCard("--email", shapes, nobody: ["nobody@corp.example"])
    }

    /// A `--phone` search first looks at each card through where its TEL values lie in its
    /// bytes: the number is found in every form, placed (spaces, a `tel:` URI with an extension,
    /// a group, `(0)`, an international prefix and a national form with `--region`) or not (a fifth
    /// line, folded, quoted-printable); a card with other digits is not printed.
    @Test func aPhoneInEveryShapeIsFoundThroughTheFirstLook() throws {
        let shapes = [
            Self.card("Spaced", ["TEL;TYPE=work: +44 20 7946 0001 "]),
            Self.card("URI", ["TEL;VALUE=uri;TYPE=work:tel:+44-20-7946-0001;ext=5"], version: "4.0"),
            Self.card("Grouped", ["item1.tel:+44 (0)20 7946 0001"]),
            Self.card("Prefix", ["TEL:0044 20 7946 0001"]),
            Self.card("National", ["TEL:020 7946 0001"]),
            Self.card("Fifth", (2...5).map { "TEL:+44 20 7946 000\($0)" } + ["TEL:+44 20 7946 0001"]),
            Self.card("Folded", ["TEL:+44 20 79", " 46 0001"]),
            Self.card("QP", ["TEL;ENCODING=QUOTED-PRINTABLE:+44=2020=207946=200001"], version: "2.1"),
        ]
        let others = [Self.card("Other", ["TEL:+44 20 7946 0002", "NOTE:+44 20 7946 0001"]), Self.card("None", ["EMAIL:none@corp.example"])]
        let input = Array((shapes + others).joined().utf8)
        for threads in ["1", "2"] {
            let gb = try ToolProcess.run(["find", "--phone", "+44 20 7946 0001", "--region", "GB"], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
            #expect(gb.status == 0, "\(gb.stderr)")
            #expect(gb.stdoutText == shapes.joined(), "on \(threads) threads")
            let placed = try ToolProcess.run(["find", "--phone", "tel:+44-20-7946-0001"], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
            // Without a region, a number written with an international or trunk prefix is not placed.
            #expect(placed.stdoutText == shapes.filter { !$0.contains("National") && !$0.contains("Prefix") }.joined(), "on \(threads) threads")
            let nobody = try ToolProcess.run(["find", "--phone", "+44 20 7946 0009"], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
            #expect(nobody.status == 1)
            #expect(nobody.stdout.isEmpty)
        }
    }

    /// A `--name` search first looks at each card through where its FN, N, NICKNAME and ORG
    /// values lie in its bytes: a name is found in each (accents, capitals, an escape, the parts
    /// of N) and in lines that are not placed (folded, quoted-printable), a nickname only when
    /// it is the contact's (the first), and not in other properties.
    @Test func aNameInEveryShapeIsFoundThroughTheFirstLook() throws {
        let cards = [
            Self.card(nil, ["FN:Zoe Plain", "N:Plain;Zoe;;;"]), Self.card(nil, ["FN:Zo\u{EB} Accent"]), Self.card(nil, ["N:Lovelace;Ada;;;"]),
            Self.card(nil, ["FN:Someone", "ORG:Zoe\\, Inc."]), Self.card(nil, ["FN:Someone Else", "NICKNAME:zoe"]), Self.card(nil, ["FN:Zo", " e Folded"]),
            Self.card(nil, ["FN;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB QP"], version: "2.1"), Self.card(nil, ["FN:A", "N:B;;;;", "ORG:C", "NICKNAME:D", "NICKNAME:zoe"]),
            Self.card(nil, ["FN:Nobody", "NOTE:zoe"]), Self.card(nil, ["FN:ZOE UPPER"]), Self.card(nil, ["FN:\u{212A}ate"]),
        ]
        let input = Array(cards.joined().utf8)
        let zoes = "Zoe Plain|Zo\u{EB} Accent|Someone|Someone Else|Zoe Folded|Zo\u{EB} QP|ZOE UPPER|"
        let expected = [("zoe", zoes), ("zo\u{EB}", zoes), ("ada lovelace", "|"), ("zoe inc", ""), ("kate", "Kate|"), ("ZOE upper", "ZOE UPPER|")]
        for threads in ["1", "2"] {
            for (name, found) in expected {
                let result = try ToolProcess.run(["find", "--name", name, "--fields", "FN"], stdin: input, environment: ["VCARDTOOL_THREADS": threads])
                let rows = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
                #expect(rows.map { $0 + "|" }.joined() == found, "\(name) on \(threads) threads")
            }
        }
    }

    @Test func readsStandardInputAndFolders() throws {
        let stdin = try ToolProcess.run(["find", "--name", "hamilton"], stdin: try ToolProcess.bytes(sample))
        #expect(stdin.status == 0)
        #expect(stdin.stdoutText == (try ToolProcess.fixtureCards("sample-contacts.vcf"))[3])
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, card) in try ToolProcess.fixtureCards("sample-contacts.vcf").enumerated() {
            _ = try ToolProcess.write(card, to: dir, "\(i).vcf")
        }
        let folder = try ToolProcess.run(["find", "--name", "a", "--fields", "FN", dir.path])
        #expect(folder.stdoutText == "FN\nAda Lovelace\nGrace Hopper\nAlan Turing\nMargaret Hamilton\n")
    }

    @Test func cardWithoutFinalLineEndStillEndsItsLine() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try ToolProcess.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Xa\r\nEND:VCARD", to: dir, "a.vcf")
        let b = try ToolProcess.write("BEGIN:VCARD\nVERSION:3.0\nFN:Xb\nEND:VCARD\n", to: dir, "b.vcf")
        let result = try ToolProcess.run(["find", "--name", "x", a, b])
        #expect(result.stdoutText == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Xa\r\nEND:VCARD\r\nBEGIN:VCARD\nVERSION:3.0\nFN:Xb\nEND:VCARD\n")
    }

    @Test func noMatchExitsOneSilently() throws {
        let result = try ToolProcess.run(["find", "--email", "nobody@example.com", sample])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "")
    }

    @Test func noCriterionListsEveryCard() throws {
        let result = try ToolProcess.run(["find", "--fields", "FN", sample])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdoutText == "FN\nAda Lovelace\nGrace Hopper\nAlan Turing\nMargaret Hamilton\n")
    }

    @Test func unknownOptionIsUsageError() throws {
        let result = try ToolProcess.run(["find", "--email", "a@b.c", "--bogus", sample])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("Unknown option '--bogus'", "find", Self.usage))
        let typo = try ToolProcess.run(["find", "--emial", "a@b.c", sample])
        #expect(typo.status == 2)
        #expect(typo.stderr == ToolProcess.usageError("Unknown option '--emial'; did you mean '--email'?", "find", Self.usage))
    }

    @Test func phoneWithoutDigitsIsUsageError() throws {
        let result = try ToolProcess.run(["find", "--phone", "none", sample])
        #expect(result.status == 2)
        #expect(result.stderr == ToolProcess.usageError("--phone 'none' has no digits", "find", Self.usage))
    }

    @Test func missingFileExitsTwo() throws {
        let result = try ToolProcess.run(["find", "--fields", "FN", "--name", "a", "/nonexistent/missing.vcf"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "vcardtool find: /nonexistent/missing.vcf: No such file or directory\n")
    }
}
