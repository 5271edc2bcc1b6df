import Testing
@testable import VCardParser

/// Validating cards as they are read (`AsRead(validatingKeeping:)`, what `validate` uses): each
/// line is checked on its bytes and a property is made only for the lines that need one, so
/// the findings must be those of `CardValidator.findings(in:)` on the card read in full — the
/// same problems in the same order, and the same first UID — however its lines mix plain ones
/// with ones that need their property.
@Suite struct CheckedAsReadTests {
    struct Found: Equatable, CustomStringConvertible {
        var problems: [Diagnostic]
        var uid: String?
        var uidLine: Int?

        /// `findings` of a card read from `bytes` (where a UID's value may be found).
        init(_ findings: CardValidator.Findings, in bytes: ArraySlice<UInt8> = []) {
            problems = findings.problems
            uid = findings.uid.map { String(decoding: $0.bytes(in: bytes), as: UTF8.self) }
            uidLine = findings.uid?.line
        }

        var description: String { "\(problems.map { "\($0.position.line):\($0.code)" }) uid \(uid ?? "-")@\(uidLine ?? 0)" }
    }

    /// The findings of each card of `bytes`, checked as read (`checkedAsRead` counts the cards
    /// that were) or from the card read in full.
    static func findings(_ bytes: [UInt8], asRead: Bool, threads: Int = 2, checkedAsRead: inout Int) throws -> [Found] {
        var reader = VCardReader(bytes: bytes)
        var found: [Found] = []
        let checking = asRead ? VCardReader.AsRead(validatingKeeping: []) { card in card.findings.map { (Found($0, in: card.bytes), true) } } : nil
        try reader.forEachCard(
            threads: threads, batchBytes: 4096, transform: { (Found(CardValidator.findings(in: $0)), false) }, asRead: checking, diagnostics: { _ in }
        ) { value, wasChecked in
            found.append(value)
            if wasChecked { checkedAsRead += 1 }
        }
        return found
    }

    static func expectSameBothWays(_ bytes: [UInt8], threads: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var none = 0, checkedAsRead = 0
        let full = try findings(bytes, asRead: false, threads: threads, checkedAsRead: &none)
        let checked = try findings(bytes, asRead: true, threads: threads, checkedAsRead: &checkedAsRead)
        #expect(checked.count == full.count, sourceLocation: sourceLocation)
        for (index, (a, b)) in zip(checked, full).enumerated() where a != b {
            Issue.record("card \(index + 1): as read \(a), in full \(b)", sourceLocation: sourceLocation)
        }
        return checkedAsRead
    }

    @Test(arguments: [1, 2])
    func everyFixtureGivesTheFindingsOfItsParse(threads: Int) throws {
        let checkedAsRead = try Self.expectSameBothWays(BatchReadingTests.input, threads: threads)
        #expect(checkedAsRead > 300)
    }

    /// Lines that are checked on their bytes and lines that need their property, in every
    /// order: a repeated property first seen on a line of either kind, UIDs with and without
    /// escapes or parameters, values that are plainly valid and ones that are not, folded.
    @Test(arguments: ["2.1", "3.0", "4.0"])
    func plainAndCheckedLinesInAnyOrderGiveTheFindingsOfTheParse(version: String) throws {
        let photo = "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUV"
        let pool = [
            "FN:A", "FN;LANGUAGE=en:B", "N:A;B;;;", "N;ALTID=1;LANGUAGE=ja:x;;;;", "N;ALTID=1:y;;;;", "N;ALTID=2:z;;;;",
            "BDAY:1990-01-01", "BDAY;VALUE=date:1990-01-02", "BDAY:2026-02-30", "BDAY;X-A=1:19900101", "BDAY:--0229",
            "UID:abc", #"UID:a\,b"#, "UID;X-P=1:def", "UID:", "UID:urn:uuid:1", "REV:20240101T250000Z", "REV:20240101T120000Z",
            "KIND:org", "KIND:bogus", "GENDER:Q", "PRODID:x", "URL:http://x.example", "URL:nope", "URL;VALUE=text:free",
            "PHOTO:data:image/png;base64,QUJD", "PHOTO:data:image/png;base64,!!", "PHOTO;ENCODING=b;TYPE=JPEG:QUJD",
            "PHOTO;ENCODING=b:Q!JD", "NOTE:data:x;base64,!!", "NOTE;VALUE=text:data:x;base64,!!", "NOTE:ctl\u{01}x",
            "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=41=42", "TEL;PREF=0:1", "TEL;PREF=1:2", "TEL;TYPE=work:3",
            "EMAIL;TYPE=work:a@b.example", "LANG:en", "LANG:!!", "TZ:+0100", "TZ:bogus", "GEO:geo:1,2", "X-FOO;VALUE=date:2020-13-01",
            "item1.EMAIL:x@y.example", "ADR;LABEL=x:;;;;;;", "ANNIVERSARY:2024-02-29", "CLASS:PUBLIC", "VERSION:3.0",
            "no colon here", "TEL;TYPE=\"work:5",
            // Parameters read on their bytes: PREF in range or not, VALUE naming a type (in any
            // case, quoted, listed, with a caret), parameters of another version or typed.
            "TEL;VALUE=uri:tel:+1-555-0100", "TEL;VALUE=uri;PREF=1:tel:+1", "TEL;VALUE=URI:nope", "TEL;VALUE=\"uri\":x",
            "URL;VALUE=uri,text:http://x.example", "URL;VALUE=url:http://x.example", "URL;VALUE=u^'ri:x", "EMAIL;PREF=100:x@y.example",
            "EMAIL;PREF=101:x@y.example", "EMAIL;PREF=abc:x@y.example", "EMAIL;PREF=1;TYPE=work:z@y.example",
            "BDAY;VALUE=DATE:19900101", "BDAY;VALUE=date-time:20200101T000000Z", "BDAY;VALUE=date:1990-13-01",
            "BDAY;VALUE=time:1200", "BDAY;VALUE=text:whenever", "BDAY;VALUE=:x", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-07-09",
            "TZ;VALUE=utc-offset:+01:00", "KIND;VALUE=text:bogus", "KIND;VALUE=text:group", "GENDER;VALUE=text:Q",
            "PHOTO;VALUE=uri:data:image/png;base64,!!", "PHOTO;VALUE=uri:http://x.example/p.png", "LOGO;VALUE=url:http://x.example",
            "PHOTO;VALUE=uri:data:image/png;base64,QUJD", "LANG;VALUE=language-tag:!!", "NOTE;VALUE=text:data:x;base64,!!",
            "UID;VALUE=text:u1", "UID;VALUE=uri:urn:uuid:2", "UID;PREF=1:u\\3", "REV;VALUE=timestamp:2024", "FN;ALTID=1:A",
            "FN;ALTID=1;LANGUAGE=de:A", "TEL;X-ABLABEL=foo:1", "TEL;MEDIATYPE=x:1", "NOTE;CHARSET=UTF-8:plain",
            "NOTE;ENCODING=8BIT:plain", "SOUND;ENCODING=b:QUJD", "EMAIL;INTERNET;PREF:x@y.example", "PHOTO;BASE64:QUJD",
            "ADR;LABEL=\"a;b\":;;;;;;", "ADR;GEO=\"geo:1,2\":;;;;;;", "ADR;GEO=nope:;;;;;;", "TEL;TYPE=cell;VALUE=uri;PREF=2:tel:3",
            "X-FOO;VALUE=uri:nope", "X-FOO;PREF=1:x", "TEL;CALSCALE=gregorian:1", "ANNIVERSARY;VALUE=date-and-or-time:--0229",
            // Keywords read on their bytes: listed in any case, X- names, and what is not one
            // (a space, an escape, a letter beyond ASCII, a combining mark after `x-`, empty).
            "KIND:INDIVIDUAL", "KIND:Group", "KIND:location", "KIND:application", "KIND:x-robot", "KIND:X-", "KIND:x",
            "KIND:locatio", "KIND:org ", "KIND: org", #"KIND:gr\oup"#, "KIND:x-\u{301}a", "KIND:org\u{E9}", "KIND:", "KIND;X-A=1:org",
            "KIND;X-A=1:bogus", "KIND;TYPE=x:group", "GENDER:M", "GENDER:m;boy", "GENDER:;x", "GENDER:", "GENDER:x-y",
            // LANGUAGE read on its bytes: a tag of letters, digits and `-`, and what is not one
            // (empty, a subtag too long or empty, a digit first, quoted, escaped, listed,
            // beyond ASCII), on a property with a checked value too, and twice.
            "NOTE;LANGUAGE=en:x", "NOTE;LANGUAGE=de-CH:x", "NOTE;LANGUAGE=zh-Hant-TW:x", "NOTE;language=x-klingon:x",
            "NOTE;LANGUAGE=:x", "NOTE;LANGUAGE=en-:x", "NOTE;LANGUAGE=-en:x", "NOTE;LANGUAGE=en--US:x", "NOTE;LANGUAGE=1en:x",
            "NOTE;LANGUAGE=en-abcdefghi:x", "NOTE;LANGUAGE=abcdefgh:x", "NOTE;LANGUAGE=\"en\":x", "NOTE;LANGUAGE=e^'n:x",
            "NOTE;LANGUAGE=en,de:x", "NOTE;LANGUAGE=en_US:x", "NOTE;LANGUAGE=\u{E9}n:x", "NOTE;LANGUAGE=en;LANGUAGE=!!:x",
            "BDAY;LANGUAGE=en:1990-13-01", "BDAY;LANGUAGE=en:1990-01-01", "TITLE;LANGUAGE=fr;PREF=1:x", "TITLE;LANGUAGE=fr;PREF=0:x",
            "ORG;ALTID=1;LANGUAGE=en:x", "NOTE;LANGUAGE=en;VALUE=text:x", "KIND;LANGUAGE=en:bogus", "UID;LANGUAGE=en:u10",
            // Values the parser decodes (quoted-printable, a CHARSET): checked on the decoded
            // bytes when the property's value is not checked.
            "FN;ENCODING=QUOTED-PRINTABLE:=41", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1;J;;;", "NOTE;QUOTED-PRINTABLE:x=0D=0Ay",
            "NOTE;ENCODING=QUOTED-PRINTABLE:x=01y", "NOTE;ENCODING=QUOTED-PRINTABLE:x=7Fy", "NOTE;ENCODING=QUOTED-PRINTABLE:bad=ZZ",
            "BDAY;ENCODING=QUOTED-PRINTABLE:1990-01-01", "BDAY;ENCODING=QUOTED-PRINTABLE:1990-13-01", "UID;ENCODING=QUOTED-PRINTABLE:=41",
            "URL;ENCODING=QUOTED-PRINTABLE:nope", "TEL;VALUE=uri;ENCODING=QUOTED-PRINTABLE:tel:1", "FN;CHARSET=UTF-8:A",
            "NOTE;CHARSET=ISO-8859-1:caf\u{E9}", "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=28", "NOTE;ENCODING=8BIT:x\u{01}",
            "KIND;ENCODING=QUOTED-PRINTABLE:=62ogus", "NOTE;ENCODING=b:QUJD", "NOTE;ENCODING=QUOTED-PRINTABLE;LANGUAGE=en:=41",
            "UID;ENCODING=b:QUJD", "UID;ENCODING=8BIT:u8", "UID;CHARSET=UTF-8:u9", "UID;BASE64:QUJE",
            // Inline data the parser tests as base64 while it reads (then checked on its bytes),
            // longer than a run of sixteen, spoiled anywhere: padding inside, a tab, a control
            // character, one character too many, not ASCII; data URIs of every data property.
            "PHOTO;ENCODING=b;TYPE=JPEG:\(photo)", "PHOTO;ENCODING=BASE64:\(photo)QQ==", "PHOTO;ENCODING=b:\(photo)Q",
            "PHOTO;ENCODING=b:\(photo)=\(photo)", "PHOTO;ENCODING=b:\(photo)\t\(photo)", "PHOTO;ENCODING=b:\(photo) \(photo)",
            "PHOTO;ENCODING=b:\(photo)\r\(photo)", "PHOTO;ENCODING=b:\(photo)\n \(photo)", "PHOTO;ENCODING=b:\(photo)\u{0B}\(photo)",
            "PHOTO;ENCODING=b:\(photo)\u{01}QUJD", "PHOTO;ENCODING=b:\(photo)\u{7F}", "PHOTO;ENCODING=b:\(photo)\u{E9}QUJD",
            "PHOTO;ENCODING=b:\(photo)!", "LOGO;ENCODING=b:\(photo)", "KEY;ENCODING=b:\(photo)", "SOUND;BASE64:\(photo)",
            "PHOTO;ENCODING=\"b\":\(photo)", "PHOTO;ENCODING=B,QUOTED-PRINTABLE:\(photo)", "PHOTO;ENCODING=b;ENCODING=QUOTED-PRINTABLE:\(photo)",
            "PHOTO;ENCODING=QUOTED-PRINTABLE;ENCODING=b:\(photo)", "PHOTO;ENCODING=b;CHARSET=UTF-8:\(photo)", "PHOTO;ENCODING=b;VALUE=binary:\(photo)",
            "PHOTO;ENCODING=b;PREF=1:\(photo)", "PHOTO;ENCODING=b;ALTID=1:\(photo)", "GENDER;ENCODING=b:\(photo)", "BDAY;ENCODING=b:\(photo)",
            "X-PHOTO;ENCODING=b:\(photo)!", "NOTE;ENCODING=b:\(photo)!", "PHOTO;ENCODING=b:data:image/png;base64,\(photo)",
            "PHOTO:data:image/jpeg;base64,\(photo)", "PHOTO:data:image/jpeg;base64,\(photo)!", "PHOTO:DATA:image/jpeg;BASE64,\(photo)",
            "PHOTO:data:image/jpeg;base64,\(photo)\t\(photo)", "PHOTO:data:image/jpeg,\(photo)", "PHOTO:data:;base64,\(photo)",
            "LOGO:data:image/png;base64,\(photo)", "SOUND:data:audio/ogg;base64,\(photo)Q", "KEY:data:application/x;base64,\(photo)",
            "URL:data:text/plain;base64,\(photo)", "URL:data:text/plain;base64,\(photo)!", "NOTE:data:text/plain;base64,\(photo)!",
            "PHOTO;VALUE=uri:data:image/jpeg;base64,\(photo)", "PHOTO;ENCODING=QUOTED-PRINTABLE:data:image/jpeg;base64,\(photo)",
            "PHOTO;ENCODING=8BIT:\(photo)", "URL;ENCODING=7BIT:\(photo)", "BDAY;ENCODING=8BIT:\(photo)", "KIND;ENCODING=7BIT:QUJD",
            "X-FOO:data:image/jpeg;base64,\(photo)!", "GENDER:data:x;base64,\(photo)", "PHOTO:data:image/jpeg;base64,\(photo)=QUJD",
        ]
        var random = SplitMix(seed: 20_261_202)
        var text = ""
        for _ in 0..<1000 {
            var lines = ["BEGIN:VCARD", "VERSION:\(version)"]
            for _ in 0..<(2 + random.next() % 9) {
                var line = pool[Int(random.next() % UInt64(pool.count))]
                if random.next() % 5 == 0, line.count > 3 {
                    let at = line.index(line.startIndex, offsetBy: 1 + Int(random.next() % UInt64(line.count - 2)))
                    line.insert(contentsOf: "\r\n ", at: at)  // folded
                }
                lines.append(line)
            }
            text += (lines + ["END:VCARD", ""]).joined(separator: "\r\n")
        }
        let checkedAsRead = try Self.expectSameBothWays(Array(text.utf8))
        #expect(checkedAsRead > 850)  // nearly all were checked as read, none needed a full parse
    }
    /// Lines spoilt at random: a byte replaced by one that changes how a line reads (a control
    /// character, a byte beyond ASCII, a separator, a quote, a caret, a line break), cards cut
    /// short, and the input ending inside a name, so that the checks on bytes meet names and
    /// parameters at the very end of what was read as well as in the middle of a line.
    @Test(arguments: [1, 2])
    func spoiltLinesGiveTheFindingsOfTheParse(threads: Int) throws {
        let lines = [
            "N:A;B;;;", "FN:A", "TEL;TYPE=cell:1", "EMAIL;PREF=1:a@b.example", "X-ABLABEL:x", "CATEGORIES:a,b",
            "X-SOCIALPROFILE;TYPE=x:u", "NOTE;LANGUAGE=en:x", "NOTE;LANGUAGE=de-CH;CHARSET=UTF-8:x", "BDAY:1990-01-01",
            "UID:urn:uuid:1", "REV:20240101T120000Z", "KIND:group", "URL;VALUE=uri:http://x.example", "PHOTO;ENCODING=b:QUJD",
            "ADR;TYPE=home:;;a;b;;;", "item1.TEL:2", "TZ:+0100", "GEO:geo:1,2", "LANG;PREF=1:en", "BIRTHPLACE:x",
            "X-ANDROID-CUSTOM:vnd.android;x", "ORG;ALTID=1;LANGUAGE=en:x", "TITLE;VALUE=text:x",
        ]
        let spoilers: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xC3, 0xFF, 0x3A, 0x3B, 0x3D, 0x22, 0x2C, 0x5C, 0x5E, 0x20, 0x09, 0x0D, 0x0A, 0x61, 0x5A, 0x2D, 0x2E]
        var random = SplitMix(seed: 20_261_205)
        var bytes: [UInt8] = []
        for card in 0..<1500 {
            bytes += Array("BEGIN:VCARD\r\nVERSION:\(["2.1", "3.0", "4.0"][card % 3])\r\n".utf8)
            for _ in 0..<(1 + random.next() % 8) {
                var line = Array(lines[Int(random.next() % UInt64(lines.count))].utf8)
                for _ in 0..<(random.next() % 3) {
                    line[Int(random.next() % UInt64(line.count))] = spoilers[Int(random.next() % UInt64(spoilers.count))]
                }
                bytes += line + [0x0D, 0x0A]
            }
            if random.next() % 10 != 0 { bytes += Array("END:VCARD\r\n".utf8) }
        }
        _ = try Self.expectSameBothWays(bytes, threads: threads)
        // Inputs that end inside a line, at each length of a name and a parameter's name.
        for line in lines {
            let utf8 = Array(line.utf8)
            for cut in 1...utf8.count {
                _ = try Self.expectSameBothWays(Array("BEGIN:VCARD\r\nVERSION:4.0\r\n".utf8) + utf8[..<cut], threads: threads)
            }
        }
    }
    /// A line whose property the checks need, holding a nested card (ParserFuzz's finding:
    /// `Fixtures/fuzz/pending-agent-line-before-nested-card-2.1.vcf`): the nested card's first
    /// line took the outer line's pending check for its own and looked for a property its card
    /// did not have, and `validate` crashed. Such a card is read in full.
    @Test(arguments: [1, 2])
    func aLineThatNeedsItsPropertyBeforeANestedCard(threads: Int) throws {
        let bytes = try FuzzRegressionTests.bytes("pending-agent-line-before-nested-card-2.1.vcf")
        #expect(try Self.expectSameBothWays(bytes, threads: threads) == 0)
        #expect(try Self.expectSameBothWays(bytes + bytes, threads: threads) == 0)
    }
}
