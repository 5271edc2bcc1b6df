import Testing
import VCardParser

/// Escapes, structured and list values, quoted-printable, charsets and inline binary data.
@Suite struct ValueDecodingTests {
    // MARK: Text escapes

    @Test func textEscapesIn3And4() throws {
        for version in ["3.0", "4.0"] {
            let note = try property("NOTE", in: card(version, #"NOTE:a\,b\;c\\d\ne\Nf"#))
            #expect(note.value == #"a\,b\;c\\d\ne\Nf"#, "value keeps its escapes")
            #expect(note.text == "a,b;c\\d\ne\nf", "vCard \(version)")
        }
    }

    @Test func backslashIsLiteralIn21ExceptBeforeSemicolon() throws {
        // vCard 2.1 escapes only ';' (newlines travel in quoted-printable): a Windows path stays one.
        let note = try property(
            "NOTE", in: card("2.1", #"NOTE:C:\new\temp\, done\; ok"#, fn: false))
        #expect(note.text == #"C:\new\temp\, done; ok"#)
    }

    @Test func escapedColonIsDecodedAndReported() throws {
        // Old Gmail exports wrote "http\://"; RFC 2426 does not define "\:".
        let result = try decode(card("3.0", #"URL:http\://example.com"#))
        #expect(result.cards.first?.first("URL")?.text == "http://example.com")
        #expect(result.warnings.map(\.code) == [.badEscape])
        #expect(result.warnings.first?.position == SourcePosition(line: 4, column: 9))
    }

    @Test func undefinedEscapeIsKeptAndReportedWithColumn() throws {
        let result = try decode(card("4.0", #"NOTE:ab\qc"#))
        #expect(result.cards.first?.first("NOTE")?.text == #"ab\qc"#)
        #expect(result.warnings.map(\.code) == [.badEscape])
        #expect(result.warnings.first?.position == SourcePosition(line: 4, column: 8))
    }

    /// Only the first undefined escape is reported, at its column, wherever it lies: after
    /// defined ones, past a long plain stretch, or a backslash that ends the value.
    @Test(
        arguments: [
            (#"NOTE:\\q\n\N\,\;"#, nil),
            (#"NOTE:a long stretch of plain text\,\x and \y"#, 36),
            (#"NOTE:ends with\"#, 15),
            (#"NOTE:\\\:"#, 8),
        ] as [(String, Int?)])
    func firstUndefinedEscapeIsReportedAtItsColumn(line: String, column: Int?) throws {
        let result = try decode(card("4.0", line))
        #expect(result.warnings.filter { $0.code == .badEscape }.map(\.position.column) == (column.map { [$0] } ?? []))
    }

    struct TextCase: Sendable, CustomTestStringConvertible {
        var version: VCardVersion
        var text: String
        var testDescription: String { "\(version.rawValue) \(text.debugDescription)" }
    }

    static let textCases: [TextCase] = VCardVersion.allCases.flatMap { version in
        [
            "plain", "Smith, John; Jr.", #"C:\new\temp"#, "two\nlines", #"back\\slash\;"#,
            "ends with \\",
        ].map {
            TextCase(version: version, text: $0)
        }
    }

    @Test(arguments: textCases)
    func setTextThenTextGivesTheTextBack(_ textCase: TextCase) {
        var note = Property(name: "NOTE", value: "", version: textCase.version)
        note.setText(textCase.text)
        #expect(note.text == textCase.text)
    }

    // MARK: Structured and list values

    @Test func structuredNameAndOrganization() throws {
        let card = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        #expect(card.first("N")?.components == ["Appleseed", "Johnny", "Quincy", "Dr.", "Jr."])
        #expect(card.first("ORG")?.components == ["Apple Inc.", "Core OS, Frameworks"])
        let adr = try #require(card.properties(named: "ADR").last)
        #expect(
            adr.components == [
                "", "", "Apple Park Way 1\nBuilding 2", "Cupertino", "CA", "95014", "United States",
            ])
    }

    @Test func addressWithEscapedCommas() throws {
        let card = try Fixtures.card("google-3.0.vcf", fn: "Grace Hopper")
        let work = try #require(card.properties(named: "ADR").first)
        #expect(
            work.components == [
                "", "", "1 Navy Yard, Building 5", "Washington, DC", "DC", "20374", "USA",
            ])
        #expect(work.componentLists[3] == ["Washington, DC"])
        let turing = try Fixtures.card("google-3.0.vcf", fn: "Alan Turing")
        #expect(turing.first("ADR")?.components[2] == "Hollymeade, Adlington Road")
    }

    @Test func componentListsAndGender() throws {
        let cards = try Fixtures.decode("nextcloud-4.0.vcf").cards
        let ada = cards[0]
        #expect(
            ada.first("N")?.componentLists == [
                ["Lovelace"], ["Ada"], ["Augusta", "Byron"], ["Countess"], [""],
            ])
        #expect(ada.first("GENDER")?.components == ["F", "she/her"])
        #expect(cards[1].first("GENDER")?.components == ["M"])
        #expect(
            ada.first("NOTE")?.text
                == "First programmer; wrote notes on the Analytical Engine, 1843.\nSee also: Babbage."
        )
    }

    @Test func semicolonEscapedIn21Organization() throws {
        let card = try Fixtures.card("android-2.1.vcf", fn: "Forrest Gump")
        #expect(card.first("ORG")?.components == ["Bubba Gump Shrimp Co.", "Sales;Boats"])
        let outlook = try Fixtures.card("outlook-2.1.vcf", fn: "Zoë Dupré")
        #expect(outlook.first("ORG")?.components == ["Contoso, Ltd.", "Sales"])
    }

    @Test func nicknameAndCategoriesAreLists() throws {
        let apple = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        #expect(apple.first("NICKNAME")?.listValues == ["Johnny", "Appy"])
        let google = try Fixtures.decode("google-3.0.vcf").cards
        #expect(
            google.map { $0.first("CATEGORIES")?.listValues ?? [] } == [
                ["myContacts", "Pioneers"], ["myContacts"], ["myContacts", "Starred in Android"],
            ])
        let escaped = try property("CATEGORIES", in: card("4.0", #"CATEGORIES:a\,b,c\\,d"#))
        #expect(escaped.listValues == ["a,b", "c\\", "d"])
    }

    // MARK: Quoted-printable and charsets

    @Test func quotedPrintableSoftBreakInsideUTF8Sequence() throws {
        let result = try Fixtures.decode("android-2.1.vcf")
        let taro = result.cards[0]
        #expect(taro.first("N")?.components == ["山田", "太郎", "一", "", ""])
        #expect(taro.first("FN")?.text == "山田 太郎")
        #expect(taro.first("FN")?.line == 4)
        #expect(taro.first("X-PHONETIC-FIRST-NAME")?.line == 6)
        #expect(taro.first("X-PHONETIC-FIRST-NAME")?.text == "タロウ")
        #expect(taro.first("NOTE")?.text == "東京都港区の会社に勤務。\n趣味は写真。")
        #expect(
            taro.first("ADR")?.components == ["", "", "芝公園4-2-8", "港区", "東京都", "105-0011", "日本"])
        #expect(result.warnings.isEmpty)
    }

    @Test func quotedPrintableCRLFInStructuredValue() throws {
        let card = try Fixtures.card("outlook-2.1.vcf", fn: "Zoë Dupré")
        let adr = try #require(card.first("ADR"))
        #expect(
            adr.components == [
                "", "", "One Microsoft Way\r\nBuilding 4", "Redmond", "WA", "98052",
                "United States of America",
            ])
        #expect(
            card.first("LABEL")?.text
                == "One Microsoft Way\r\nBuilding 4\r\nRedmond, WA 98052\r\nUnited States of America"
        )
        #expect(card.first("X-MS-OL-DEFAULT-POSTAL-ADDRESS")?.line == 15)
    }

    @Test func windows1252Charset() throws {
        let result = try Fixtures.decode("outlook-2.1.vcf")
        let card = try #require(result.cards.first)
        #expect(card.first("N")?.components == ["Dupré", "Zoë", "", "Mme", ""])
        #expect(card.first("TITLE")?.text == "Responsable des prix € Europe")
        #expect(card.first("NOTE")?.text == "Budget : € 5000\r\nRéunion le lundi")
        #expect(card.first("EMAIL")?.preference == 1)
        #expect(card.first("EMAIL")?.types == ["pref", "internet"])
        #expect(result.warnings.isEmpty)
    }

    @Test func latin1AndUTF8Charsets() throws {
        var bytes = Array(card("3.0", "NOTE;CHARSET=ISO-8859-1:caf").utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "f"))! + 1
        bytes.insert(contentsOf: [0xE9, 0x80], at: at)
        let result = try decode(bytes)
        #expect(result.cards.first?.first("NOTE")?.text == "café\u{80}")
        #expect(result.warnings.isEmpty)
        let utf8 = try property("NOTE", in: card("3.0", "NOTE;CHARSET=utf-8:café"))
        #expect(utf8.text == "café")
    }

    @Test func shiftJISWithBackslashSecondByte() throws {
        let result = try Fixtures.decode("shift-jis-2.1.vcf")
        let card = try #require(result.cards.first)
        // ソ is 0x83 0x5C and 表 is 0x95 0x5C: the 0x5C must not act as a backslash.
        #expect(card.first("N")?.components == ["ソニー", "太郎", "", "", ""])
        #expect(card.first("FN")?.text == "ソニー 太郎")
        #expect(card.first("SOUND")?.components == ["ｿﾆｰ", "ﾀﾛｳ", "", "", ""])
        #expect(card.first("ORG")?.components == ["表示株式会社"])
        #expect(card.first("TEL")?.types == ["pref", "cell", "voice"])
        #expect(result.warnings.isEmpty)
    }

    @Test func invalidUTF8FallsBackToWindows1252WithWarning() throws {
        let result = try Fixtures.decode("broken-invalid-utf8-3.0.vcf")
        let card = try #require(result.cards.first)
        #expect(card.first("FN")?.text == "Renée Façade")
        #expect(card.first("N")?.components == ["Façade", "Renée", "", "", ""])
        #expect(card.first("NOTE")?.text == "valid UTF-8: café")
        #expect(result.warnings.map(\.code) == [.invalidUTF8, .invalidUTF8])
        #expect(
            result.warnings.map(\.position) == [
                SourcePosition(line: 3, column: 4), SourcePosition(line: 4, column: 3),
            ])
    }

    /// Byte sequences at the edges of well-formed UTF-8 (Unicode table 3-7), each between ASCII
    /// runs of several lengths: shorter and longer than the eight bytes checked at a time, so
    /// that a sequence falls at every place in a word.
    static let utf8Edges: [(bytes: [UInt8], valid: Bool)] = [
        ([0xC2, 0xA9], true), ([0xDF, 0xBF], true), ([0xE2, 0x82, 0xAC], true), ([0xE0, 0xA0, 0x80], true),
        ([0xED, 0x9F, 0xBF], true), ([0xEF, 0xBF, 0xBF], true), ([0xF0, 0x9F, 0x98, 0x80], true),
        ([0xF4, 0x8F, 0xBF, 0xBF], true),
        ([0xC0, 0x80], false), ([0xC1, 0xBF], false), ([0xE0, 0x9F, 0xBF], false), ([0xED, 0xA0, 0x80], false),
        ([0xF0, 0x8F, 0xBF, 0xBF], false), ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false),
        ([0x80], false), ([0xE2, 0x82], false), ([0xE2, 0x28, 0xAC], false), ([0xF0, 0x9F, 0x98], false), ([0xFF], false),
    ]

    @Test(arguments: utf8Edges)
    func utf8IsCheckedByteRangeByByteRange(_ edge: (bytes: [UInt8], valid: Bool)) throws {
        for prefix in ["", "abc", "twelve bytes", "seventeen bytes!!"] {
            for suffix in ["", "!", "and eleven more"] {
                let value = Array(prefix.utf8) + edge.bytes + Array(suffix.utf8)
                let input = Array(card("4.0", "NOTE:").utf8)
                let at = input.firstRange(of: Array("NOTE:".utf8))!.upperBound
                let result = try decode(Array(input[..<at]) + value + Array(input[at...]))
                #expect(result.warnings.contains { $0.code == .invalidUTF8 } == !edge.valid, "\(edge.bytes) in \(prefix)…\(suffix)")
                if edge.valid {
                    #expect(result.cards.first?.first("NOTE")?.value == String(decoding: value, as: UTF8.self))
                }
            }
        }
    }

    @Test func unknownCharsetIsReported() throws {
        let result = try decode(card("3.0", "NOTE;CHARSET=X-KLINGON:qapla'"))
        #expect(result.cards.first?.first("NOTE")?.text == "qapla'")
        #expect(codesAndLines(result.warnings) == [Pair(.unknownCharset, 4)])
    }

    @Test func brokenQuotedPrintableIsKeptAndReported() throws {
        let result = try decode(
            card("2.1", "NOTE;ENCODING=QUOTED-PRINTABLE:50=ZZ off=3D", fn: false))
        #expect(result.cards.first?.first("NOTE")?.text == "50=ZZ off=")
        #expect(codesAndLines(result.warnings) == [Pair(.badQuotedPrintable, 3)])
    }

    @Test func unknownEncodingIsReported() throws {
        let result = try decode(card("3.0", "NOTE;ENCODING=rot13:nopqr"))
        #expect(result.cards.first?.first("NOTE")?.value == "nopqr")
        #expect(codesAndLines(result.warnings) == [Pair(.unknownEncoding, 4)])
    }

    /// The encoding is named in any case, quoted or not; an unknown one is reported by its name.
    @Test func encodingNamesAreReadInEveryForm() throws {
        let result = try decode(
            card(
                "2.1", "NOTE;ENCODING=quoted-PRINTABLE:a=3Db", "TITLE;ENCODING=\"QUOTED-PRINTABLE\":c=3Dd", "ORG;QUOTED-PRINTABLE:e=3Df",
                "ROLE;ENCODING=\"Rot13\":g", fn: false))
        let card = try #require(result.cards.first)
        #expect(card.first("NOTE")?.value == "a=b")
        #expect(card.first("TITLE")?.value == "c=d")
        #expect(card.first("ORG")?.value == "e=f")
        #expect(result.warnings.map(\.message) == ["unknown ENCODING 'rot13'; value kept as text"])
    }

    // MARK: Binary data

    @Test func base64PhotoIn3() throws {
        let card = try Fixtures.card("apple-ios-3.0.vcf", fn: "Dr. Johnny Quincy Appleseed Jr.")
        let photo = try #require(card.first("PHOTO"))
        let data = try #require(photo.binaryData)
        #expect(data.count == 322)
        #expect(data.prefix(4) == [0xFF, 0xD8, 0xFF, 0xE0])
        #expect(data.suffix(2) == [0xFF, 0xD9])
        #expect(photo.types == ["jpeg"])
    }

    @Test func base64PhotoIn21WithTrailingBlankLine() throws {
        let card = try Fixtures.card("android-2.1.vcf", fn: "山田 太郎")
        let data = try #require(card.first("PHOTO")?.binaryData)
        #expect(data.count == 222)
        #expect(data.prefix(3) == [0xFF, 0xD8, 0xFF])
    }

    @Test func dataURIPhotoIn4() throws {
        let card = try #require(try Fixtures.decode("nextcloud-4.0.vcf").cards.first)
        let photo = try #require(card.first("PHOTO"))
        #expect(photo.mediaType == "image/png")
        let data = try #require(photo.binaryData)
        #expect(data.count == 149)
        #expect(data.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func nonBase64DataURIAndLinks() throws {
        let text = card("4.0", "X-DATA:data:text/plain,hello", "PHOTO:https://example.com/a.png")
        let card = try #require(try decode(text).cards.first)
        #expect(card.first("X-DATA")?.binaryData == Array("hello".utf8))
        #expect(card.first("PHOTO")?.binaryData == nil)
    }

    @Test func invalidBase64GivesNil() throws {
        let photo = try property("PHOTO", in: card("3.0", "PHOTO;ENCODING=b:***not base64***"))
        #expect(photo.binaryData == nil)
    }
}
