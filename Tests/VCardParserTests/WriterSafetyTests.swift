import Testing
import VCardParser

/// Issue 13: no field a caller sets can make the writer start, end or split a card. Each test
/// is the smallest input of one case, written in every style and version.
@Suite struct WriterSafetyTests {
    /// A card as read from a file (so the lossless style copies its own lines) with `added`
    /// appended, in `version`.
    static func card(_ version: VCardVersion, _ added: [Property]) throws -> VCard {
        var card = try #require(try VCardDecoder().decode("BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\nFN:A\r\nN:A;;;;\r\nEND:VCARD\r\n").cards.first)
        for p in added { card.append(p) }
        return card
    }

    /// The output of every style and version (the version written, its text, and the one card
    /// it reads back as), each checked for one card, no warning, and no other BEGIN or END line.
    static func outputs(_ added: [Property], in version: VCardVersion)
        throws -> [(label: String, version: VCardVersion, text: String, card: VCard)]
    {
        let card = try card(version, added)
        var writers = [("lossless", VCardWriter()), ("canonical", VCardWriter(style: .canonical))]
        for target in VCardVersion.allCases { writers.append(("canonical \(target.rawValue)", VCardWriter(style: .canonical, version: target))) }
        return try writers.map { label, writer in
            let bytes = writer.encode([card])
            let result = try VCardDecoder().decode(bytes)
            #expect(result.cards.count == 1, "\(version.rawValue) \(label)")
            #expect(result.warnings.isEmpty, "\(version.rawValue) \(label): \(result.warnings)")
            #expect(WrittenForm.boundaryLines(bytes) == ["BEGIN:VCARD", "END:VCARD"], "\(version.rawValue) \(label)")
            return (label, writer.version ?? version, String(decoding: bytes, as: UTF8.self), try #require(result.cards.first))
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aGroupWithLineBreaksIsWrittenInHex(_ version: VCardVersion) throws {
        let note = Property(group: "g\r\nEND:VCARD\r\nBEGIN:VCARD\r\nX", name: "NOTE", value: "x")
        for (label, _, text, card) in try Self.outputs([note], in: version) {
            #expect(text.contains("\r\ng-0D-0AEND-3AVCARD-0D-0ABEGIN-3AVCARD-0D-0AX.NOTE:x\r\n"), "\(label)")
            #expect(card.first("NOTE")?.group == "g-0D-0AEND-3AVCARD-0D-0ABEGIN-3AVCARD-0D-0AX")
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aParameterNameWithSeparatorsIsWrittenInHex(_ version: VCardVersion) throws {
        let note = Property(name: "NOTE", parameters: [Parameter(name: "x-p;y=z:w", values: ["v"])], value: "n")
        for (label, _, text, card) in try Self.outputs([note], in: version) {
            let expected = label == "lossless" ? "\r\nNOTE;x-p-3By-3Dz-3Aw=v:n\r\n" : "\r\nNOTE;X-P-3BY-3DZ-3AW=v:n\r\n"
            #expect(text.contains(expected), "\(label)")
            #expect(card.first("NOTE")?.value == "n")
            #expect(card.first("NOTE")?.parameter("X-P-3BY-3DZ-3AW")?.values == ["v"])
        }
    }

    @Test(arguments: [
        ("end", [Parameter]()), ("END", []), ("Begin", []), ("BEGIN", []),
        ("END", [Parameter(name: "VALUE", values: ["text"])]), ("begin", [Parameter(name: "VALUE", values: ["text"])]),
    ])
    func aPropertyCalledBeginOrEndGetsAnXName(_ name: String, _ parameters: [Parameter]) throws {
        for version in VCardVersion.allCases {
            let boundary = Property(name: name, parameters: parameters, value: "VCARD")
            for (label, _, text, card) in try Self.outputs([boundary], in: version) {
                let written = label == "lossless" ? "X-" + name : "X-" + name.uppercased()
                #expect(text.contains("\r\n\(written)\(parameters.isEmpty ? "" : ";VALUE=text"):VCARD\r\n"), "\(version.rawValue) \(label)")
                #expect(card.properties.last?.name == written)
                #expect(card.properties.last?.value == "VCARD")
            }
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aSecondVersionIsKeptAsXVersion(_ version: VCardVersion) throws {
        for (label, _, text, card) in try Self.outputs([Property(name: "VERSION", value: "2.1")], in: version) {
            #expect(card.properties.filter { $0.hasName("VERSION") }.count == 1, "\(label)")
            #expect(card.first("X-VERSION")?.value == "2.1", "\(label)")
            #expect(text.contains("\r\nX-VERSION:2.1\r\n"), "\(label)")
        }
    }

    @Test(arguments: [
        ("my note", "X-my-20note"), ("a:b", "X-a-3Ab"), ("a;b", "X-a-3Bb"), ("a.b", "X-a-2Eb"), ("a=b", "X-a-3Db"),
        ("Größe", "X-Gr-C3-B6-C3-9Fe"), ("", "X-EMPTY"), ("x-a b", "x-a-20b"), ("NOTE\r\nEND:VCARD", "X-NOTE-0D-0AEND-3AVCARD"),
    ])
    func aPropertyNameThatIsNotAWordGetsAnXNameInHex(_ name: String, _ written: String) throws {
        #expect(Property.writtenName(for: name) == written)
        #expect(!Property.isValidName(name))
        for version in VCardVersion.allCases {
            for (label, _, text, card) in try Self.outputs([Property(name: name, value: "x")], in: version) {
                let spelled = label == "lossless" ? written : written.uppercased()
                #expect(text.contains("\r\n\(spelled):x\r\n"), "\(version.rawValue) \(label)")
                #expect(card.properties.last?.name == spelled)
            }
        }
    }

    @Test func validNamesAreWrittenAsTheyAre() {
        for name in ["NOTE", "X-ABLabel", "item1", "a-1"] {
            #expect(Property.isValidName(name))
            #expect(Property.writtenName(for: name) == name)
            #expect(Property.writtenGroup(for: name) == name)
            #expect(Parameter.writtenName(for: name) == name)
        }
        #expect(Property.writtenGroup(for: "") == nil)
        #expect(Property.writtenGroup(for: nil) == nil)
        #expect(Parameter.writtenName(for: "") == "X-EMPTY")
    }

    @Test func a21ParameterValueLosesWhat21CannotQuote() throws {
        let note = Property(name: "NOTE", parameters: [Parameter(name: "X-A", values: ["a;b:c\"d,e\r\nf\rg\nh"])], value: "n")
        for (label, version, text, card) in try Self.outputs([note], in: .v2_1) where version == .v2_1 {
            #expect(text.contains("\r\nNOTE;X-A=a b c d e f g h:n\r\n"), "\(label)")
            #expect(card.first("NOTE")?.parameter("X-A")?.values == ["a b c d e f g h"])
        }
        #expect(WrittenForm.parameterValue21("a;b:c\"d,e\r\nf\rg\nh") == "a b c d e f g h")
    }

    @Test func a21TypeHoldingAListIsOneTypePerItem() throws {
        let tel = Property(name: "TEL", parameters: [Parameter(name: "TYPE", values: ["work,voice"])], value: "1")
        let (_, _, text, card) = try #require(try Self.outputs([tel], in: .v4).first { $0.label == "canonical 2.1" })
        #expect(text.contains("\r\nTEL;WORK;VOICE:1\r\n"))
        #expect(card.first("TEL")?.types == ["work", "voice"])
    }

    @Test(arguments: [VCardVersion.v3, .v4])
    func aParameterValueHasCaretEscapesIn30And40(_ version: VCardVersion) throws {
        let note = Property(name: "NOTE", parameters: [Parameter(name: "X-A", values: ["a\"b^c\r\nd\re"])], value: "n")
        for (label, written, text, card) in try Self.outputs([note], in: version) where written != .v2_1 {
            #expect(text.contains("\r\nNOTE;X-A=\"a^'b^^c^nd^ne\":n\r\n"), "\(label)")
            #expect(card.first("NOTE")?.parameter("X-A")?.values == ["a\"b^c\nd\ne"])
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aLineBreakInAValueNeverEndsTheLine(_ version: VCardVersion) throws {
        let note = Property(name: "NOTE", value: "a\r\nEND:VCARD\r\nb")
        for (label, written, text, card) in try Self.outputs([note], in: version) {
            if written == .v2_1 {
                #expect(text.contains("\r\nNOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:a=0D=0AEND=3AVCARD=0D=0Ab\r\n"), "\(label)")
                #expect(card.first("NOTE")?.value == "a\r\nEND:VCARD\r\nb")
            } else {
                #expect(text.contains("\r\nNOTE:a\\nEND:VCARD\\nb\r\n"), "\(label)")
                #expect(card.first("NOTE")?.text == "a\nEND:VCARD\nb")
            }
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aLineBreakInBase64DataIsLeftOut(_ version: VCardVersion) throws {
        let encoding = Parameter(name: "ENCODING", values: [version == .v4 ? "b" : "BASE64"])
        let photo = Property(name: "PHOTO", parameters: [encoding, Parameter(name: "TYPE", values: ["JPEG"])], value: "QUJD\r\nEND:VCARD\r\nREVG")
        for (label, _, _, card) in try Self.outputs([photo], in: version) {
            #expect(card.first("PHOTO")?.value.contains("\n") == false, "\(label)")
            #expect(card.first("PHOTO")?.value.hasSuffix("QUJDEND:VCARDREVG") == true, "\(label)")
        }
    }

    @Test(arguments: VCardVersion.allCases)
    func aValueThatReadsAsANestedCardIsFolded(_ version: VCardVersion) throws {
        for value in ["BEGIN:VCARD", "begin:vcard \t"] {
            for (label, _, text, card) in try Self.outputs([Property(name: "NOTE", value: value)], in: version) {
                #expect(text.contains("\r\nNOTE:\(value.prefix(10))\r\n \(value.dropFirst(10))\r\n"), "\(version.rawValue) \(label)")
                #expect(card.first("NOTE")?.value == value)
            }
        }
    }

    /// A value ending in a backslash, base64 data and quoted-printable let a reader go on with
    /// the next line when it has no `:`; a line whose `:` is folded away still opens with `name;`.
    @Test(arguments: VCardVersion.allCases)
    func aLineWithLongParametersIsNotTakenForAContinuation(_ version: VCardVersion) throws {
        let long = Property(name: "X-LONG", parameters: [Parameter(name: "X-P", values: [String(repeating: "a", count: 80)])], value: "v")
        let base64 = Parameter(name: "ENCODING", values: [version == .v4 ? "b" : "BASE64"])
        let before = [
            Property(name: "NOTE", value: "C:\\\\", version: version),
            Property(name: "PHOTO", parameters: [base64, Parameter(name: "TYPE", values: ["JPEG"])], value: "QUJD"),
            Property(name: "NOTE", value: "Köln"),
        ]
        for property in before {
            for (label, _, text, card) in try Self.outputs([property, long], in: version) {
                #expect(text.contains("\r\nX-LONG;X-P=aaaa"), "\(label)")
                #expect(card.properties.count == 5, "\(property.name) \(label)")
                #expect(card.properties.last?.value == "v", "\(property.name) \(label)")
            }
        }
    }

    @Test func aPropertyReadAsBeginOrEndIsCopiedLosslessAndMappedCanonically() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND;VALUE=text:VCARD\r\nEND:VCARD\r\n"
        let result = try VCardDecoder().decode(text)
        #expect(result.cards.count == 1)
        #expect(VCardWriter().encode(result.cards) == Array(text.utf8))
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        #expect(String(decoding: canonical, as: UTF8.self) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-END;VALUE=text:VCARD\r\nEND:VCARD\r\n")
    }

    /// The reader takes `_` in a name without a warning, as exporters write it; the writer keeps
    /// to letters, digits and `-`, so canonical output maps it (lossless output copies the line).
    @Test func anUnderscoreIsReadWithoutAWarningAndMappedCanonically() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-FOO_BAR:x\r\nEND:VCARD\r\n"
        let result = try VCardDecoder().decode(text)
        #expect(result.warnings.isEmpty)
        #expect(VCardWriter().encode(result.cards) == Array(text.utf8))
        let canonical = String(decoding: VCardWriter(style: .canonical).encode(result.cards), as: UTF8.self)
        #expect(canonical == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-FOO-5FBAR:x\r\nEND:VCARD\r\n")
    }

    @Test func anEditedMalformedLineIsWrittenFromItsFields() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nno colon here\r\nEND:VCARD\r\n"
        var card = try #require(try VCardDecoder().decode(text).cards.first)
        #expect(card.properties[2].isMalformed)
        card.properties[2].value = "x\r\nEND:VCARD"
        #expect(!card.properties[2].isMalformed)
        let lossless = String(decoding: VCardWriter().encode([card]), as: UTF8.self)
        #expect(lossless == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-EMPTY:x\\nEND:VCARD\r\nEND:VCARD\r\n")
        #expect(try VCardDecoder().decode(lossless).cards.count == 1)
    }

    @Test func aMalformedLineReadAsOneIsKeptOnOneLine() throws {
        var options = ParseOptions()
        options.limits.maxUnfoldedLineBytes = 8
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCAR\r\n D\r\nEND:VCARD\r\n"
        let result = try VCardDecoder(options: options).decode(text)
        #expect(result.cards.first?.properties.last?.isMalformed == true)
        let canonical = VCardWriter(style: .canonical).encode(result.cards)
        #expect(String(decoding: canonical, as: UTF8.self).hasSuffix("\r\nEND:VCAR\r\n D\r\nEND:VCARD\r\n"))
        #expect(try VCardDecoder(options: options).decode(canonical).cards.count == 1)
    }

    @Test func aNestedCardIsWrittenByTheSameRules() throws {
        var inner = VCard(version: .v2_1)
        inner.append(Property(name: "END", value: "VCARD"))
        var agent = Property(name: "AGENT", value: "")
        agent.embeddedCard = inner
        let card = try Self.card(.v2_1, [agent])
        for writer in [VCardWriter(), VCardWriter(style: .canonical)] {
            let text = String(decoding: writer.encode([card]), as: UTF8.self)
            #expect(text.contains("\r\nAGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nX-END:VCARD\r\nEND:VCARD\r\nEND:VCARD\r\n"))
            let result = try VCardDecoder().decode(text)
            #expect(result.cards.count == 1)
            #expect(result.cards.first?.first("AGENT")?.embeddedCard?.first("X-END")?.value == "VCARD")
        }
    }

    /// A ParserFuzz finding: a folded line whose first physical line ended in `=` read back as a
    /// quoted-printable soft break (the line names QUOTED-PRINTABLE, here inside a quoted
    /// parameter value), which takes the next line as it is, its folding space included. No
    /// physical line the writer folds ends in `=`.
    @Test(arguments: [VCardWriter(), VCardWriter(style: .canonical), VCardWriter(style: .canonical, version: .v4)])
    func aFoldNeverFollowsAnEqualsSign(_ writer: VCardWriter) throws {
        // `NOTE;X-A=ENCODING=QUOTED-PRINTABLE:` is 35 bytes: the `=` is the 75th, the last of the first line.
        let value = String(repeating: "a", count: 39) + "=bcd" + String(repeating: "e", count: 60)
        var card = try Self.card(.v3, [])
        card.append(Property(name: "NOTE", parameters: [Parameter(name: "X-A", values: ["ENCODING=QUOTED-PRINTABLE"])], value: value, version: .v3))
        let bytes = writer.encode([card])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("=\r\n "), "\(text)")
        let again = try #require(try VCardDecoder().decode(bytes).cards.first)
        #expect(again.first("NOTE")?.value == value)
    }

    /// A run of `=` longer than a line ends its physical line after it, not inside it.
    @Test func aLongRunOfEqualsSignsIsNotCutInside() throws {
        let value = String(repeating: "=", count: 200) + "x"
        var card = try Self.card(.v3, [])
        card.append(Property(name: "NOTE", parameters: [Parameter(name: "X-A", values: ["ENCODING=QUOTED-PRINTABLE"])], value: value, version: .v3))
        let bytes = VCardWriter(style: .canonical).encode([card])
        #expect(!String(decoding: bytes, as: UTF8.self).contains("=\r\n "))
        #expect(try VCardDecoder().decode(bytes).cards.first?.first("NOTE")?.value == value)
    }
}
