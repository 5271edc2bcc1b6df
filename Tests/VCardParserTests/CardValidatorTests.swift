import Foundation
import Testing
@testable import VCardParser

/// `CardValidator`: one test per rule, each asserting the code, the severity and the line.
@Suite struct CardValidatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var lines: [String]
        var version = "4.0"
        var code: DiagnosticCode?
        var line = 0
        var testDescription: String { rule }
    }

    func problems(_ lines: [String], version: String = "4.0") throws -> [Diagnostic] {
        let text = (["BEGIN:VCARD", "VERSION:\(version)"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
        let card = try #require(try VCardDecoder().decode(text).cards.first)
        return CardValidator.problems(in: card)
    }

    static let cases: [Case] = [
        Case(rule: "two FN in 3.0", lines: ["FN:A", "FN:B", "N:;;;;"], version: "3.0", code: .repeatedProperty, line: 4),
        Case(rule: "two FN in 4.0 are allowed", lines: ["FN:A", "FN:B"]),
        Case(rule: "two PRODID", lines: ["FN:A", "PRODID:x", "PRODID:y"], code: .repeatedProperty, line: 5),
        Case(rule: "two BDAY in 3.0", lines: ["FN:A", "N:;;;;", "BDAY:1990-01-01", "BDAY:1990-01-02"], version: "3.0", code: .repeatedProperty, line: 6),
        Case(rule: "two N sharing an ALTID count once", lines: ["FN:A", "N;ALTID=1;LANGUAGE=ja:山田;;;;", "N;ALTID=1;LANGUAGE=en:Yamada;;;;"]),
        Case(rule: "two N with different ALTIDs", lines: ["FN:A", "N;ALTID=1:A;;;;", "N;ALTID=2:B;;;;"], code: .repeatedProperty, line: 5),
        Case(rule: "two KIND", lines: ["FN:A", "KIND:org", "KIND:group"], code: .repeatedProperty, line: 5),
        Case(rule: "N missing in 3.0", lines: ["FN:A"], version: "3.0", code: .missingProperty, line: 1),
        Case(rule: "N missing in 2.1", lines: ["FN:A"], version: "2.1", code: .missingProperty, line: 1),
        Case(rule: "N may be missing in 4.0", lines: ["FN:A"]),
        Case(rule: "February 30", lines: ["FN:A", "BDAY:2026-02-30"], code: .impossibleDate, line: 4),
        Case(rule: "1900 is no leap year", lines: ["FN:A", "BDAY:19000229"], code: .impossibleDate, line: 4),
        Case(rule: "2000 is a leap year", lines: ["FN:A", "BDAY:20000229"]),
        Case(rule: "2024 is a leap year", lines: ["FN:A", "ANNIVERSARY:2024-02-29"]),
        Case(rule: "February 29 without a year", lines: ["FN:A", "BDAY:--0229"]),
        Case(rule: "April 31", lines: ["FN:A", "BDAY:--0431"], code: .impossibleDate, line: 4),
        Case(rule: "month 13", lines: ["FN:A", "BDAY:1985-13-01"], code: .impossibleDate, line: 4),
        Case(rule: "hour 25", lines: ["FN:A", "REV:20240101T250000Z"], code: .impossibleDate, line: 4),
        Case(rule: "minute 60", lines: ["FN:A", "BDAY:T1060"], code: .impossibleDate, line: 4),
        Case(rule: "a leap second", lines: ["FN:A", "REV:20161231T235960Z"]),
        Case(rule: "spaces around a date", lines: ["FN:A", "BDAY: 1990-01-31 "]),
        Case(rule: "spaces around an impossible date", lines: ["FN:A", "BDAY: 1990-01-32"], code: .impossibleDate, line: 4),
        Case(rule: "a date that is not one", lines: ["FN:A", "BDAY:yesterday"], code: .badDate, line: 4),
        Case(rule: "BDAY as text", lines: ["FN:A", "BDAY;VALUE=text:circa 1800"]),
        Case(rule: "VALUE=time", lines: ["FN:A", "BDAY;VALUE=time:2460"], code: .impossibleDate, line: 4),
        Case(rule: "the last VALUE counts", lines: ["FN:A", "BDAY;value=date;X-A=\"b;c\";VALUE=text:circa 1800"]),
        Case(rule: "the last VALUE counts, typed", lines: ["FN:A", "BDAY;VALUE=text;LANGUAGE=en;Value=date:circa 1800"], code: .badDate, line: 4),
        Case(rule: "the last ENCODING counts", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=8BIT;encoding=B:SGVs*bG8="], version: "3.0", code: .badBase64, line: 5),
        Case(rule: "a UTC offset", lines: ["FN:A", "N:;;;;", "TZ:-05:00"], version: "3.0"),
        Case(rule: "a UTC offset hour 25", lines: ["FN:A", "N:;;;;", "TZ:+2500"], version: "3.0", code: .impossibleDate, line: 5),
        Case(rule: "not a UTC offset", lines: ["FN:A", "N:;;;;", "TZ:five"], version: "3.0", code: .badValue, line: 5),
        Case(rule: "TZ as text in 4.0", lines: ["FN:A", "TZ:Europe/Paris"]),
        Case(rule: "KIND not registered", lines: ["FN:A", "KIND:blah"], code: .badValue, line: 4),
        Case(rule: "KIND registered", lines: ["FN:A", "KIND:Org"]),
        Case(rule: "KIND as X- name", lines: ["FN:A", "KIND:x-robot"]),
        Case(rule: "GENDER sex not M F O N U", lines: ["FN:A", "GENDER:Z;other"], code: .badValue, line: 4),
        Case(rule: "GENDER with identity only", lines: ["FN:A", "GENDER:;it's complicated"]),
        Case(rule: "PREF 200", lines: ["FN:A", "TEL;PREF=200:+1 555 0100"], code: .badParameterValue, line: 4),
        Case(rule: "PREF 0", lines: ["FN:A", "EMAIL;PREF=0:a@b.c"], code: .badParameterValue, line: 4),
        Case(rule: "PREF 100", lines: ["FN:A", "EMAIL;PREF=100:a@b.c"]),
        Case(rule: "PREF quoted", lines: ["FN:A", "EMAIL;PREF=\"150\":a@b.c"], code: .badParameterValue, line: 4),
        Case(rule: "PREF of ten digits", lines: ["FN:A", "EMAIL;PREF=0000000001:a@b.c"]),
        Case(rule: "PREF twice, the second out of range", lines: ["FN:A", "EMAIL;PREF=1;PREF=101:a@b.c"], code: .badParameterValue, line: 4),
        Case(rule: "INDEX 0", lines: ["FN:A", "EXPERTISE;INDEX=0:chess"], code: .badParameterValue, line: 4),
        Case(rule: "GEO not a URI, without PREF on the line", lines: ["FN:A", "ADR;GEO=12.3:;;;;;;"], code: .badParameterValue, line: 4),
        Case(rule: "GEO a URI", lines: ["FN:A", "ADR;GEO=\"geo:12.3,4.5\":;;;;;;"]),
        Case(rule: "CREATED not a timestamp", lines: ["FN:A", "NOTE;CREATED=yesterday:x"], code: .badParameterValue, line: 4),
        Case(rule: "LANGUAGE not a tag", lines: ["FN:A", "TITLE;LANGUAGE=en_US:Boss"], code: .badParameterValue, line: 4),
        Case(rule: "LANG not a tag", lines: ["FN:A", "LANG:12"], code: .badValue, line: 4),
        Case(rule: "LANG a tag", lines: ["FN:A", "LANG;PREF=1:zh-Hant-TW"]),
        Case(rule: "URL without scheme", lines: ["FN:A", "URL:www.example.com"], code: .badURI, line: 4),
        Case(rule: "URL with scheme", lines: ["FN:A", "URL:https://example.com"]),
        Case(rule: "URL with an escaped colon", lines: ["FN:A", "N:;;;;", #"URL:http\://example.com"#], version: "3.0"),
        Case(rule: "2.1 VALUE=URL", lines: ["FN:A", "N:;;;;", "PHOTO;VALUE=URL:example.com/a.jpg"], version: "2.1", code: .badURI, line: 5),
        Case(rule: "UID as text in 3.0", lines: ["FN:A", "N:;;;;", "UID:1234"], version: "3.0"),
        Case(rule: "base64 that decodes", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=b;TYPE=JPEG:SGVsbG8="], version: "3.0"),
        Case(rule: "base64 one character too long", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=b:SGVsbG8gV"], version: "3.0", code: .badBase64, line: 5),
        Case(rule: "base64 with a stray character", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=BASE64:SGVs*bG8="], version: "3.0", code: .badBase64, line: 5),
        Case(rule: "base64 padded once too often", lines: ["FN:A", "N:;;;;", "PHOTO;ENCODING=b:SGVsbG8h="], version: "3.0"),
        Case(rule: "data URI with bad base64", lines: ["FN:A", "PHOTO:data:image/png;base64,iVBOR%"], code: .badBase64, line: 4),
        Case(rule: "a data URI where a URI belongs", lines: ["FN:A", "URL:data:text/plain;base64,!!"], code: .badBase64, line: 4),
        Case(rule: "a data URI folded", lines: ["FN:A", "URL:data:text/plain;base64,QU\r\n *"], code: .badBase64, line: 4),
        Case(rule: "3.0 inline data as a URI", lines: ["FN:A", "N:;;;;", "LOGO:DATA:image/png;BASE64,iVBOR%"], version: "3.0", code: .badBase64, line: 5),
        Case(rule: "text that reads like a data URI", lines: ["FN:A", "NOTE:data:text/plain;base64,!!"]),
        Case(rule: "a typed note that reads like a data URI", lines: ["FN:A", "NOTE;VALUE=text:data:text/plain;base64,!!"]),
        Case(rule: "declared text that reads like a data URI", lines: ["FN:A", "PHOTO;VALUE=text:data:text/plain;base64,!!"]),
        Case(rule: "PREF in 3.0", lines: ["FN:A", "N:;;;;", "TEL;PREF=1:1"], version: "3.0", code: .parameterNotInVersion, line: 5),
        Case(rule: "CHARSET in 3.0", lines: ["FN;CHARSET=UTF-8:A", "N:;;;;"], version: "3.0", code: .parameterNotInVersion, line: 3),
        Case(rule: "CHARSET in 2.1", lines: ["FN;CHARSET=UTF-8:A", "N:;;;;"], version: "2.1"),
        Case(rule: "ENCODING in 4.0", lines: ["FN:A", "KEY;ENCODING=b:AAAA"], code: .parameterNotInVersion, line: 4),
        Case(rule: "an X- parameter in any version", lines: ["FN;X-FOO=1:A", "N:;;;;"], version: "3.0"),
        Case(rule: "a quoted ; is no parameter", lines: ["FN:A", #"TEL;TYPE="a;charset=b":1"#]),
        Case(rule: "NUL in a value", lines: ["FN:A\u{0}B"], code: .controlCharacter, line: 3),
        Case(rule: "escape character in a value", lines: ["FN:A", "NOTE:a\u{1B}[31mred"], code: .controlCharacter, line: 4),
        Case(rule: "DEL in a value", lines: ["FN:A", "NOTE:a\u{7F}"], code: .controlCharacter, line: 4),
        Case(rule: "a tab in a value", lines: ["FN:A", "NOTE:a\tb"]),
        Case(rule: "a control character after TYPE parameters", lines: ["FN:A", "TEL;TYPE=work;type=voice:+1\u{1}"], code: .controlCharacter, line: 4),
        Case(rule: "a control character on a folded line", lines: ["FN:A", "NOTE:folded", " line\u{1F}"], code: .controlCharacter, line: 4),
        Case(rule: "PREF after TYPE", lines: ["FN:A", "TEL;TYPE=work;PREF=0:1"], code: .badParameterValue, line: 4),
        Case(rule: "PREF after TYPE in 3.0", lines: ["FN:A", "N:;;;;", "TEL;TYPE=work;PREF=1:1"], version: "3.0", code: .parameterNotInVersion, line: 5),
        Case(rule: "a bare ENCODING after TYPE in 2.1", lines: ["FN:A", "N:;;;;", "PHOTO;TYPE=JPEG;BASE64:SGVs*bG8="], version: "2.1", code: .badBase64, line: 5),
        Case(rule: "quoted-printable line breaks are text", lines: ["FN:A", "N:;;;;", "NOTE;ENCODING=QUOTED-PRINTABLE:a=0D=0Ab"], version: "2.1"),
        Case(rule: "quoted-printable NUL", lines: ["FN:A", "N:;;;;", "NOTE;ENCODING=QUOTED-PRINTABLE:a=00b"], version: "2.1", code: .controlCharacter, line: 5),
    ]

    @Test(arguments: cases) func rule(_ c: Case) throws {
        let found = try problems(c.lines, version: c.version)
        if let code = c.code {
            #expect(found.map(\.code) == [code])
            #expect(found.first?.position.line == c.line)
            #expect(found.first?.severity == code.defaultSeverity)
        } else {
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test func messagesNameTheRuleAndTheFirstLine() throws {
        let found = try problems(["FN:A", "FN:B", "N:;;;;", "BDAY:2026-02-30", "NOTE:a\u{0}"], version: "3.0")
        #expect(
            found.map(\.description) == [
                "4:1: warning: vCard 3.0 allows exactly one FN; the first is on line 3 [repeated-property]",
                "6:6: warning: BDAY value '2026-02-30' is not a real date or time: day 30 of month 2 does not exist in 2026 [impossible-date]",
                "7:7: error: NOTE value holds the control character U+0000 [control-character]",
            ])
    }

    /// The validator skips the lines the parser saw to be plain (only types as parameters, no
    /// control character), looking up only their names in the card's bytes; folded lines and
    /// the others are read in full, and the same lines once edited are looked at as strings.
    /// All must find the same, but for parameters a version does not define, which only lines
    /// read from a file report: those are counted on the text.
    @Test func linesTheParserSawAsPlainGetTheSameVerdictAsEditedOnes() throws {
        var random = SplitMix(seed: 20_261_201)
        let names = ["NOTE", "TEL", "EMAIL", "X-A", "BDAY", "bday", "Uid", "KIND", "REV", "N", "item1.PRODID", "URL", "item2.url", "PHOTO", "ANNIVERSARY"]
        let parameters = [
            "", ";TYPE=home", ";type=WORK,voice", ";TYPE=\"a;b\"", ";PREF=1", ";PREF=0", ";X-P=1", ";;", ";VALUE=text", ";ALTID=1", ";WORK", ";home;Pref",
        ]
        let values = [
            "plain", "tab\tx", "a\u{1}", "a\u{2}cdefghijklmnop", "Ünïcödé wörds\u{7F}", "\u{7F}", "12345678\u{1B}", "2026-02-30", "ünï\u{0}", "x\\,y",
            "individual", "robot", "20261201T101010Z", "2026-12-32", "1985-04-12", "--0412", "2015-01-22T20:45:16Z",
            // URIs plain and not: a data: URI's base64 is checked, whatever its scheme looks like.
            "https://example.com/a", "example.com", "http\\://x", "tel:+1-555-0100", "data:text/plain;base64,QUJD",
            "data:text/plain;base64,!!!", "DATA:image/png;BASE64,QQ", "data:,plain",
        ]
        var flagged = 0
        for version in ["2.1", "3.0", "4.0"] {
            for _ in 0..<300 {
                var lines = ["FN:A", "N:;;;;"]
                var notInVersion = 0
                for _ in 0..<4 {
                    let name = names[Int(random.next() % UInt64(names.count))]
                    let first = parameters[Int(random.next() % UInt64(parameters.count))], second = parameters[Int(random.next() % UInt64(parameters.count))]
                    var line = name + first + second + ":" + values[Int(random.next() % UInt64(values.count))]
                    if random.next() % 4 == 0 { line.insert(contentsOf: "\r\n ", at: line.index(before: line.endIndex)) }  // folded
                    lines.append(line)
                    let undefined = version == "4.0" ? [] : [";PREF=", ";ALTID="]
                    notInVersion += [first, second].filter { p in undefined.contains { p.hasPrefix($0) } }.count
                }
                let text = (["BEGIN:VCARD", "VERSION:\(version)"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
                let card = try #require(try VCardDecoder().decode(text).cards.first)
                var edited = card
                for i in edited.properties.indices { edited.properties[i].value = edited.properties[i].value }
                let all = CardValidator.problems(in: card), written = CardValidator.problems(in: edited)
                let read = all.filter { $0.code != .parameterNotInVersion }
                #expect(all.count - read.count == notInVersion, "\(lines)")
                #expect(read.map(\.code) == written.map(\.code), "\(lines)")
                #expect(read.map(\.position.line) == written.map(\.position.line), "\(lines)")
                flagged += read.count
            }
        }
        #expect(flagged > 500)  // the cards had problems to find
    }

    @Test func everyRequiredPropertyOfTheTableIsChecked() throws {
        // The rule reads the table: 3.0 requires N (and FN, VERSION, which the parser reports).
        let required = PropertyRules.all.filter { $0.cardinality(in: .v3)?.isRequired == true }.map(\.name)
        #expect(Set(required) == ["FN", "N", "VERSION"])
    }

    /// `Base64.isValid` tests sixty-four and sixteen bytes at a time, in vector lanes, where it
    /// can; it must answer as a byte-by-byte reading of the same rules does, whatever byte spoils
    /// a run and wherever it is, and with `breaksAllowed: false` take only spaces for whitespace.
    @Test func base64RunsAgreeWithAByteByByteReading() {
        func byByte(_ bytes: [UInt8], breaksAllowed: Bool) -> Bool {
            var count = 0, padded = false
            for b in bytes {
                switch b {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "+"), UInt8(ascii: "/"):
                    if padded { return false }
                    count += 1
                case .space: continue
                case .tab, .cr, .lf: if !breaksAllowed { return false }
                case .equals: padded = true
                default: return false
                }
            }
            return count % 4 != 1
        }
        var random = SplitMix(seed: 20_261_204)
        let alphabet = Array("ABCXYZabcxyz0189+/".utf8)
        // The neighbours of each range, and bytes that `| 0x20` or a wrapping subtraction could mistake.
        let spoilers: [UInt8] = [
            .equals, .space, .lf, .tab, .cr, 0x40, 0x5B, 0x60, 0x7B, 0x2A, 0x2C, 0x2E, 0x3A, 0x00, 0x7F, 0x80, 0xC1, 0xFF, 0xDA, 0x01, 0x1A, 0x21,
            0x2D, 0x5F, 0x7A | 0x80, 0x41 | 0x80, 0x30 | 0x80, 0xAB, 0xAF, 0xE1, 0x9A,
        ]
        var valid = 0, validOnlyWithBreaks = 0
        for _ in 0..<30_000 {
            // Up to 300 bytes: runs of 64 and of 16, and the bytes after them, each spoilt somewhere.
            var bytes = (0..<Int(random.next() % 300)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            for _ in 0..<Int(random.next() % 3) where !bytes.isEmpty {
                bytes[Int(random.next() % UInt64(bytes.count))] = spoilers[Int(random.next() % UInt64(spoilers.count))]
            }
            let result = bytes.withUnsafeBufferPointer { Base64.isValid($0) }
            let strict = bytes.withUnsafeBufferPointer { Base64.isValid($0, breaksAllowed: false) }
            #expect(result == byByte(bytes, breaksAllowed: true), "\(bytes)")
            #expect(strict == byByte(bytes, breaksAllowed: false), "\(bytes)")
            if result { valid += 1 }
            if result && !strict { validOnlyWithBreaks += 1 }
        }
        #expect(valid > 5_000 && valid < 25_000)  // both answers were put to the test
        #expect(validOnlyWithBreaks > 500)
    }

    @Test func base64IsCheckedWithoutDecoding() {
        for (text, valid) in [("SGVsbG8=", true), ("SGVsbG8", true), ("SGVs bG8=\r\n", true), ("SGVsb", false), ("SG=Vs", false), ("SGVsbG8===", true)] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { Base64.isValid($0) } == valid, "\(text)")
            #expect((Base64.decode(text[...]) != nil) == valid, "\(text)")
        }
    }
}
