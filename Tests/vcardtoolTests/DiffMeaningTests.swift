import Testing

/// What `diff` counts as the same value: dates by their meaning, parameters that restate a
/// default left out, parameter spellings ignored; and how it shows a change nobody could see.
@Suite struct DiffMeaningTests {
    /// A card of `version` with UID `u` and these lines.
    static func card(_ version: String, _ lines: [String]) -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\nUID:u\r\nFN:Ada\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }

    /// The report of `diff` between one card written two ways (empty: the same).
    static func report(_ version: String, _ old: [String], _ new: [String]) throws -> String {
        let result = try DiffPairingTests.diff(card(version, old), card(version, new))
        #expect(result.stderr == "")
        #expect(result.status == (result.stdout.isEmpty ? 0 : 1))
        return result.stdoutText
    }

    struct Same: Sendable, CustomTestStringConvertible {
        var version: String, old: String, new: String
        var testDescription: String { "\(version) \(old) = \(new)" }
        init(_ version: String, _ old: String, _ new: String) { (self.version, self.old, self.new) = (version, old, new) }
    }

    /// Dates, times, timestamps and UTC offsets in basic and extended format, with `Z` or `+00:00`,
    /// `,` or `.` before a fraction, or another zone for the same instant (RFC 6350 §4.3,
    /// RFC 2426 §3.1.5 and §3.6.4, vCard 2.1 §2.2.1).
    @Test(arguments: [
        Same("3.0", "BDAY:19061209", "BDAY:1906-12-09"),
        Same("3.0", "BDAY:1953-10-15T23:10:00Z", "BDAY:19531015T231000Z"),
        Same("3.0", "REV:1995-10-31T22:27:10Z", "REV:19951031T222710+0000"),
        Same("3.0", "REV:20090808T143000-0500", "REV:2009-08-08T19:30:00Z"),
        Same("3.0", "REV:20091231T2330-0100", "REV:2010-01-01T00:30Z"),
        Same("3.0", "TZ:-05:00", "TZ:-0500"),
        Same("2.1", "BDAY:19061209", "BDAY:1906-12-09"),
        Same("2.1", "TZ:+01", "TZ:+01:00"),
        Same("4.0", "BDAY:--0415", "BDAY:--04-15"),
        Same("4.0", "BDAY:T102200", "BDAY:T10:22:00"),
        Same("4.0", "ANNIVERSARY:20090808T1430-0500", "ANNIVERSARY:2009-08-08T14:30-05:00"),
        Same("4.0", "REV:20090808T143000,5Z", "REV:2009-08-08T14:30:00.50Z"),
        Same("4.0", "TZ;VALUE=utc-offset:-0500", "TZ:-05:00"),
        Same("4.0", "X-DAY;VALUE=date:19850412", "X-DAY;VALUE=DATE:1985-04-12"),
    ])
    func equalDatesAreTheSame(_ same: Same) throws {
        #expect(try Self.report(same.version, [same.old], [same.new]) == "")
    }

    /// A date that changed is shown as written on each side; precision and local time count.
    @Test func changedDatesAreShownAsWritten() throws {
        #expect(try Self.report("3.0", ["BDAY:19061209"], ["BDAY:1906-12-10"]) == "~ Ada (uid u)\n    BDAY: 19061209 → 1906-12-10\n")
        #expect(try Self.report("3.0", ["REV:19951031T222710Z"], ["REV:19951031T222710"]) != "")
        #expect(try Self.report("4.0", ["BDAY:1985"], ["BDAY:19850101"]) != "")
        #expect(try Self.report("4.0", ["TZ:-0500"], ["TZ:-0400"]) != "")
        // Not a date: compared as text.
        #expect(try Self.report("4.0", ["BDAY;VALUE=text:circa 1800"], ["BDAY;VALUE=text:circa  1800"]) != "")
        #expect(try Self.report("4.0", ["X-ABDATE:19850412"], ["X-ABDATE:1985-04-12"]) != "")
    }

    /// A `VALUE` equal to the property's default type in its version says nothing (RFC 6350
    /// §5.2 and §6, RFC 2426 §3, vCard 2.1 §2.1.3's `INLINE`).
    @Test(arguments: [
        Same("4.0", "URL;VALUE=uri:http://example.com", "URL:http://example.com"),
        Same("4.0", "PHOTO;VALUE=URI:http://example.com/a.jpg", "PHOTO:http://example.com/a.jpg"),
        Same("4.0", "TEL;VALUE=text:+1 555 0100", "TEL:+1 555 0100"),
        Same("4.0", "BDAY;VALUE=date-and-or-time:19850412", "BDAY:19850412"),
        Same("4.0", "REV;VALUE=timestamp:20090808T143000Z", "REV:20090808T143000Z"),
        Same("3.0", "URL;VALUE=uri:http://example.com", "URL:http://example.com"),
        Same("3.0", "BDAY;VALUE=date:1985-04-12", "BDAY:1985-04-12"),
        Same("3.0", "TEL;VALUE=phone-number:+1 555 0100", "TEL:+1 555 0100"),
        Same("3.0", "NOTE;VALUE=text:hi", "NOTE:hi"),
        Same("2.1", "NOTE;VALUE=INLINE:hi", "NOTE:hi"),
    ])
    func defaultValueTypeIsIgnored(_ same: Same) throws {
        #expect(try Self.report(same.version, [same.old], [same.new]) == "")
    }

    /// A `VALUE` that is not the default still counts (a `TEL` number placed in the world is
    /// compared by its E.164 form, whatever its `VALUE`: DiffPhoneTests; this one has no country code).
    @Test func otherValueTypeCounts() throws {
        #expect(
            try Self.report("4.0", ["TEL;VALUE=uri:tel:555-0100"], ["TEL:tel:555-0100"])
                == "~ Ada (uid u)\n    TEL: tel:555-0100 [VALUE=uri] → tel:555-0100\n")
        #expect(try Self.report("3.0", ["PHOTO;VALUE=uri:http://example.com/a.jpg"], ["PHOTO:http://example.com/a.jpg"]) != "")
    }

    /// Parameter spellings that mean the same (RFC 6350 §5: names ignore case; §5.6 TYPE
    /// values ignore case and may be a list or repeated; RFC 2426 §4 `type-param`; 2.1 bare types).
    @Test(arguments: [
        Same("4.0", "TEL;TYPE=work,voice:+1 555 0100", "TEL;TYPE=work;TYPE=voice:+1 555 0100"),
        Same("4.0", "TEL;TYPE=\"work,voice\":+1 555 0100", "TEL;TYPE=voice,work:+1 555 0100"),
        Same("4.0", "TEL;PREF=1;TYPE=work:+1 555 0100", "TEL;type=WORK;pref=1:+1 555 0100"),
        Same("4.0", "EMAIL;LANGUAGE=en;PID=1.1:a@example.com", "EMAIL;pid=1.1;Language=EN:a@example.com"),
        Same("3.0", "TEL;TYPE=WORK,VOICE:+1 555 0100", "TEL;type=voice;type=work:+1 555 0100"),
        Same("2.1", "TEL;WORK;VOICE:+1 555 0100", "TEL;TYPE=voice;TYPE=work:+1 555 0100"),
    ])
    func parameterSpellingsAreIgnored(_ same: Same) throws {
        #expect(try Self.report(same.version, [same.old], [same.new]) == "")
    }

    /// The order of `SORT-AS` values is their meaning (RFC 6350 §5.9): one per component.
    @Test func sortAsOrderCounts() throws {
        #expect(
            try Self.report("4.0", ["N;SORT-AS=\"Lovelace,Ada\":Lovelace;Ada;;;"], ["N;SORT-AS=\"Ada,Lovelace\":Lovelace;Ada;;;"])
                == "~ Ada (uid u)\n    N: Lovelace;Ada [SORT-AS=Lovelace,Ada] → Lovelace;Ada [SORT-AS=Ada,Lovelace]\n")
        #expect(try Self.report("3.0", ["N;SORT-AS=Lovelace,Ada:Lovelace;Ada;;;"], ["N;SORT-AS=Ada,Lovelace:Lovelace;Ada;;;"]) != "")
        // Quoted or not, a list is the same list.
        #expect(try Self.report("4.0", ["N;SORT-AS=\"Lovelace,Ada\":Lovelace;Ada;;;"], ["N;SORT-AS=Lovelace,Ada:Lovelace;Ada;;;"]) == "")
    }

    /// A change nobody could see is escaped so that the two sides differ visibly: a line break's
    /// CR, tabs, spaces at either end (`\x20`), no-break and other non-ASCII spaces, and
    /// zero-width and other format characters (`\xA0`, `\u200B`).
    @Test func invisibleChangesAreShownVisibly() throws {
        func change(_ version: String, _ old: String, _ new: String) throws -> String {
            try Self.report(version, [old], [new]).replacingOccurrences(of: "~ Ada (uid u)\n", with: "")
        }
        #expect(
            try change("2.1", "NOTE;ENCODING=QUOTED-PRINTABLE:a=0D=0Ab", "NOTE;ENCODING=QUOTED-PRINTABLE:a=0Ab")
                == "    NOTE: a\\r\\nb → a\\nb\n")
        #expect(try change("4.0", "TITLE:Boss ", "TITLE:Boss") == "    TITLE: Boss\\x20 → Boss\n")
        #expect(try change("4.0", "TITLE:  Boss", "TITLE:Boss") == "    TITLE: \\x20\\x20Boss → Boss\n")
        #expect(try change("4.0", "TITLE:Big\u{A0}Boss", "TITLE:Big Boss") == "    TITLE: Big\\xA0Boss → Big Boss\n")
        #expect(try change("4.0", "TITLE:Big\u{2009}Boss", "TITLE:Big Boss") == "    TITLE: Big\\u2009Boss → Big Boss\n")
        #expect(try change("4.0", "TITLE:Big\u{200B}Boss", "TITLE:BigBoss") == "    TITLE: Big\\u200BBoss → BigBoss\n")
        #expect(try change("4.0", "TITLE:\u{FEFF}Boss", "TITLE:Boss") == "    TITLE: \\uFEFFBoss → Boss\n")
        #expect(try change("3.0", "TITLE:Big\tBoss", "TITLE:Big Boss") == "    TITLE: Big\\tBoss → Big Boss\n")
        // A separator inside a component or list item is not one between them.
        #expect(try change("4.0", "NICKNAME:Ada\\,Countess", "NICKNAME:Ada,Countess") == "    NICKNAME: Ada\\,Countess → Ada,Countess\n")
        #expect(try change("4.0", "N:Byron\\;King;Ada;;;", "N:Byron;King;Ada;;;") == "    N: Byron\\;King;Ada → Byron;King;Ada\n")
        #expect(try change("4.0", "N:Byron ;Ada;;;", "N:Byron;Ada;;;") == "    N: Byron\\x20;Ada → Byron;Ada\n")
        // With attributes, the value's own ends are still marked.
        #expect(
            try change("4.0", "TITLE;LANGUAGE=en:Boss ", "TITLE;LANGUAGE=fr:Boss")
                == "    TITLE: Boss\\x20 [LANGUAGE=en] → Boss [LANGUAGE=fr]\n")
    }

    /// Inline data of one size but other bytes: each side shows a digest of its bytes.
    @Test func changedDataOfTheSameSizeShowsDigests() throws {
        let report = try Self.report("3.0", ["PHOTO;ENCODING=b;TYPE=JPEG:AAAA"], ["PHOTO;ENCODING=b;TYPE=JPEG:AAAB"])
        let line = try #require(report.split(separator: "\n").last)
        let sides = line.dropFirst("    PHOTO: ".count).components(separatedBy: " → ")
        #expect(sides.count == 2 && sides[0] != sides[1])
        #expect(sides.allSatisfy { $0.hasPrefix("<3 bytes, digest ") })
        #expect(
            try Self.report("3.0", ["PHOTO;ENCODING=b;TYPE=JPEG:AAAA"], ["PHOTO;ENCODING=b;TYPE=JPEG:AAAAAA=="])
                == "~ Ada (uid u)\n    PHOTO: <3 bytes> → <4 bytes>\n")
    }

    /// A 4.0 `VALUE=text` on a TZ that looks like an offset says it is none: it counts, and shows.
    @Test func textTypeOnAnOffsetCounts() throws {
        #expect(try Self.report("4.0", ["TZ;VALUE=text:-0500"], ["TZ:-0500"]) == "~ Ada (uid u)\n    TZ: -0500 [VALUE=text] → -0500\n")
    }

    /// Canonically equivalent text (é as one code point or as e and a combining accent) is the
    /// same text (Unicode canonical equivalence, as Swift compares strings).
    @Test func canonicallyEquivalentTextIsTheSame() throws {
        #expect(try Self.report("4.0", ["NOTE:caf\u{E9}"], ["NOTE:cafe\u{301}"]) == "")
    }

    /// What means nothing: the line ends of the whole file (CRLF, LF, CR CR LF) and where lines
    /// are folded, quoted-printable soft breaks included (RFC 6350 §3.2, vCard 2.1 §2.1.3).
    @Test func fileLineEndsAndFoldingMeanNothing() throws {
        let old = Self.card("2.1", ["NOTE;ENCODING=QUOTED-PRINTABLE:first=0D=0Asecond", "TITLE:Chief engineer"])
        let new = old.replacingOccurrences(of: "first=0D=0A", with: "first=\r\n=0D=0A")
            .replacingOccurrences(of: "TITLE:Chief", with: "TITLE:Chi\r\n ef").replacingOccurrences(of: "\r\n", with: "\n")
        let result = try DiffPairingTests.diff(old, new)
        #expect(result.stdoutText == "")
        #expect(result.status == 0)
        let crcrlf = try DiffPairingTests.diff(old, old.replacingOccurrences(of: "\r\n", with: "\r\r\n"))
        #expect(crcrlf.stdoutText == "")
    }
}
