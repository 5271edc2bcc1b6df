import Foundation
import Testing

/// `vcardtool diff`: what counts as a difference, the text and JSON reports, the exit statuses.
@Suite struct DiffTests {
    let sample = ToolProcess.fixture("sample-contacts.vcf")
    static let usage = "[--format text|json] [--color auto|always|never] [--region <CC>] <old> <new>"

    /// `sample-contacts.vcf` rewritten in every way that means nothing: LF line ends, other
    /// folding, properties and parameters reordered, names in other case, TYPE lists spelled
    /// three ways, other escapes and quoted-printable, other group names with the same labels.
    static let sameMeaning = """
        BEGIN:VCARD
        VERSION:4.0
        UID:8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10
        NOTE:Wrote the first compiler\\, and fou
         nd the first bug.
        n:Hopper;Grace
        tel;pref=1;value=URI;type=voice;type=WORK:tel:+1-202-555-0144
        TEL;VALUE=uri;TYPE=CELL:tel:+1-202-555-0143
        EMAIL;TYPE=work:grace@navy.example
        FN:Grace Hopper
        PRODID:-//Sabre//Sabre VObject 4.5.4//EN
        END:VCARD
        BEGIN:VCARD
        VERSION:2.1
        N:Hamilton;Margaret;;;
        FN;ENCODING=QUOTED-PRINTABLE:Margaret=20Hamilton
        TEL;TYPE=VOICE,WORK:+1-617-555-0100
        TEL;TYPE=cell:+1-617-555-0101
        EMAIL;WORK;INTERNET:margaret@apollo.example
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//macOS 14.4//EN
        N:Lovelace;Ada;;;
        FN:Ada Lovelace
        ORG:Analytical Engines Ltd
        item7.EMAIL;type=INTERNET,pref:ada@analytical.example
        item7.X-ABLabel:_$!<Work>!$_
        EMAIL;TYPE=HOME;TYPE=INTERNET:ada@home.example
        TEL;type=CELL,VOICE,pref:+44 7700 900123
        item3.X-ABLabel:_$!<Main>!$_
        item3.TEL:+44 20 7946 0001
        X-ABUID:5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE\\:ABPerson
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Alan Turing
        N:Turing;Alan;Mathison;;
        EMAIL;TYPE=WORK,INTERNET:alan@bletchley.example
        ADR;TYPE=WORK:;;Bletchley Park;Milton Keynes;;MK3 6EB;United Kingdom
        END:VCARD

        """

    /// Runs `diff` on the sample and a copy of it with `edit` applied.
    func diffSample(_ edit: (String) -> String, _ options: [String] = []) throws -> ToolProcess {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = String(decoding: try ToolProcess.bytes(sample), as: UTF8.self)
        let new = try ToolProcess.write(edit(text), to: dir, "new.vcf")
        return try ToolProcess.run(["diff"] + options + [sample, new])
    }

    @Test func sameFileIsEqual() throws {
        let result = try ToolProcess.run(["diff", sample, sample])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "")
    }

    @Test func differencesThatMeanNothingAreIgnored() throws {
        let result = try diffSample { _ in Self.sameMeaning }
        #expect(result.stderr == "")
        #expect(result.stdoutText == "")
        #expect(result.status == 0)
    }

    @Test func changedTelShowsOldAndNewValue() throws {
        let result = try diffSample { $0.replacingOccurrences(of: "item2.TEL:+44 20 7946 0001", with: "item2.TEL:+1 555 0199") }
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdoutText == "~ Ada Lovelace\n    TEL: +44 20 7946 0001 → +1 555 0199\n")
    }

    @Test func propertiesAddedRemovedAndRelabeled() throws {
        let result = try diffSample {
            $0.replacingOccurrences(of: "item2.X-ABLabel:_$!<Main>!$_", with: "item2.X-ABLabel:_$!<Work>!$_")
                .replacingOccurrences(of: "NOTE:Wrote the first compiler\\, and found the first bug.\r\n", with: "")
                .replacingOccurrences(of: "United Kingdom\r\n", with: "United Kingdom\r\nEMAIL;TYPE=HOME:alan@home.example\r\n")
        }
        #expect(result.status == 1)
        #expect(
            result.stdoutText == """
                ~ Ada Lovelace
                    TEL: +44 20 7946 0001 [X-ABLabel=_$!<Main>!$_] → +44 20 7946 0001 [X-ABLabel=_$!<Work>!$_]
                ~ Grace Hopper (uid 8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10)
                    - NOTE: Wrote the first compiler, and found the first bug.
                ~ Alan Turing
                    + EMAIL: alan@home.example [TYPE=home]

                """)
    }

    @Test func cardsAddedAndRemovedPairedByUIDElseNameAndEmail() throws {
        let cards = try ToolProcess.fixtureCards("sample-contacts.vcf")
        let result = try diffSample { _ in
            // Grace loses her UID but keeps FN and email; Alan goes; Charles arrives.
            cards[0] + cards[1].replacingOccurrences(of: "UID:8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10\r\n", with: "")
                + cards[3] + "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:cb\r\nFN:Charles Babbage\r\nEND:VCARD\r\n"
        }
        #expect(result.status == 1)
        #expect(
            result.stdoutText == """
                ~ Grace Hopper
                    - UID: 8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10
                + Charles Babbage (uid cb)
                - Alan Turing

                """)
    }

    /// Cards that share a UID pair in order (the k-th old with the k-th new), and FN with EMAIL
    /// pairs a card only when one of the two has no UID, wherever the cards are in their files;
    /// the old side may be standard input.
    @Test func cardsSharingAUIDPairInOrder() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func card(_ fn: String, uid: String?, _ extra: String = "") -> String {
            "BEGIN:VCARD\r\nVERSION:4.0\r\n" + (uid.map { "UID:\($0)\r\n" } ?? "") + "FN:\(fn)\r\nEMAIL:\(fn.lowercased())@example.com\r\n\(extra)END:VCARD\r\n"
        }
        let shared = (1...400).map { card("A\($0)", uid: "same") }
        var edited = shared
        edited[249] = card("A250", uid: "same", "NOTE:moved\r\n")
        let old = shared.joined() + card("Bob", uid: nil) + card("Eve", uid: "e1")
        let new = card("Bob", uid: "b1") + edited.joined() + card("A401", uid: "same") + card("Eve", uid: "e2")
        let newPath = try ToolProcess.write(new, to: dir, "new.vcf")
        let result = try ToolProcess.run(["diff", "-", newPath], stdin: Array(old.utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(
            result.stdoutText == """
                ~ Bob (uid b1)
                    + UID: b1
                ~ A250 (uid same)
                    + NOTE: moved
                + A401 (uid same)
                + Eve (uid e2)
                - Eve (uid e1)

                """)
    }

    @Test func foldersAreComparedAsAWhole() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cards = try ToolProcess.fixtureCards("sample-contacts.vcf")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("old"), withIntermediateDirectories: true)
        for (i, card) in cards.enumerated() { _ = try ToolProcess.write(card, to: dir, "old/\(i).vcf") }
        let result = try ToolProcess.run(["diff", dir.appendingPathComponent("old").path, sample])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func jsonReportParses() throws {
        let result = try diffSample(
            {
                $0.replacingOccurrences(of: "item2.TEL:+44 20 7946 0001", with: "item2.TEL:+1 555 0199")
                    .replacingOccurrences(
                        of: "NOTE:Wrote the first compiler\\, and found the first bug.",
                        with: #"NOTE:Said "It's easier to ask forgiveness"\nC:\\temp\, tab\#t."#
                    )
                    .replacingAlan()
            }, ["--format", "json"])
        #expect(result.status == 1)
        #expect(result.stdoutText.hasPrefix(#"{"added":[{"name":"Alan M. Turing","uid":null}],"removed":[{"name":"Alan Turing","uid":null}],"changed":[{"card":"#))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect((json["added"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Alan M. Turing"])
        #expect((json["removed"] as? [[String: Any]])?.count == 1)
        let changed = try #require(json["changed"] as? [[String: Any]])
        #expect(changed.count == 2)
        let ada = try #require(changed.first { ($0["card"] as? [String: Any])?["name"] as? String == "Ada Lovelace" })
        #expect((ada["card"] as? [String: Any])?["uid"] is NSNull)
        let adaChanges = try #require(ada["properties"] as? [[String: String]])
        #expect(adaChanges == [["change": "changed", "name": "TEL", "old": "+44 20 7946 0001", "new": "+1 555 0199"]])
        let grace = try #require(changed.first { ($0["card"] as? [String: Any])?["name"] as? String == "Grace Hopper" })
        let note = try #require((grace["properties"] as? [[String: String]])?.first)
        #expect(note["old"] == "Wrote the first compiler, and found the first bug.")
        #expect(note["new"] == "Said \"It's easier to ask forgiveness\"\nC:\\temp, tab\t.")
    }

    @Test func equalJsonReportIsEmpty() throws {
        let result = try ToolProcess.run(["diff", "--format=json", sample, sample])
        #expect(result.status == 0)
        #expect(result.stdoutText == "{\"added\":[],\"removed\":[],\"changed\":[]}\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colorsOnlyOnATerminalWithoutNoColor() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = String(decoding: try ToolProcess.bytes(sample), as: UTF8.self)
        let new = try ToolProcess.write(text.replacingAlan(), to: dir, "new.vcf")
        func onTerminal(_ environment: [String: String]) throws -> String {
            try ToolProcess.onTerminal("diff '\(sample)' '\(new)'", environment: environment, in: dir)
        }
        let colored = try onTerminal([:])
        #expect(colored.contains("\u{1B}[32m+ Alan M. Turing\u{1B}[0m\r\n\u{1B}[31m- Alan Turing\u{1B}[0m\r\n"))
        let plain = try onTerminal(["NO_COLOR": "1"])
        #expect(plain.contains("+ Alan M. Turing\r\n- Alan Turing\r\n"))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test func missingFileExitsTwo() throws {
        let result = try ToolProcess.run(["diff", sample, "/nonexistent/new.vcf"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "vcardtool diff: /nonexistent/new.vcf: No such file or directory\n")
    }

    @Test func unreachablePathExitsTwo() throws {
        let result = try ToolProcess.run(["diff", "\(sample)/old.vcf", sample])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "vcardtool diff: \(sample)/old.vcf: Not a directory\n")
    }

    @Test func wrongArgumentsAreUsageErrors() throws {
        let one = try ToolProcess.run(["diff", sample])
        #expect(one.status == 2)
        #expect(one.stderr == ToolProcess.usageError("Expected two files or folders, <old> and <new>; got 1", "diff", Self.usage))
        let format = try ToolProcess.run(["diff", "--format", "xml", sample, sample])
        #expect(format.status == 2)
        #expect(format.stderr == ToolProcess.usageError("Unknown format 'xml'; use text or json", "diff", Self.usage))
        let bogus = try ToolProcess.run(["diff", "--bogus", sample, sample])
        #expect(bogus.status == 2)
        #expect(bogus.stdout.isEmpty)
        #expect(bogus.stderr == ToolProcess.usageError("Unknown option '--bogus'", "diff", Self.usage))
    }
}

extension String {
    /// The sample with Alan Turing's card made another person's (Alan M. Turing, whose name and
    /// email differ), so that the two cards do not pair.
    func replacingAlan() -> String {
        replacingOccurrences(
            of: "FN:Alan Turing\r\nN:Turing;Alan;Mathison;;\r\nEMAIL;TYPE=INTERNET;TYPE=WORK:alan@",
            with: "FN:Alan M. Turing\r\nN:Turing;Alan M.;;;\r\nEMAIL;TYPE=INTERNET;TYPE=WORK:amt@")
    }
}
