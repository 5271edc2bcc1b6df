import Testing
import VCardParser

@testable import VCardFormats

/// What a Google or Outlook row has no column for is reported by property name, once per card,
/// and a card of mapped fields only is written without a word.
@Suite struct CSVDropTests {
    static let unmapped: [UInt8] = Array(
        """
        BEGIN:VCARD\r
        VERSION:4.0\r
        PRODID:-//Example//EN\r
        REV:20261130T120000Z\r
        UID:urn:uuid:8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10\r
        FN:Ada Lovelace\r
        N:Lovelace;Ada;;;\r
        GEO:geo:51.5,-0.12\r
        X-EMPTY:\r
        X-FOO:bar\r
        X-FOO:baz\r
        ROLE:Analyst\r
        EMAIL:ada@example.org\r
        END:VCARD\r

        """.utf8)

    static let mapped: [UInt8] = Array(
        """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Example//EN\r
        FN:Grace Hopper\r
        N:Hopper;Grace;;;\r
        ORG:US Navy;Computing\r
        TITLE:Rear Admiral\r
        BDAY:1906-12-09\r
        NOTE:COBOL\r
        EMAIL;TYPE=work:grace@navy.example\r
        TEL;TYPE=cell:+1 555 0100\r
        ADR;TYPE=home:;;1 Main St;Arlington;VA;22201;USA\r
        URL:https://navy.example/grace\r
        END:VCARD\r

        """.utf8)

    static func warnings(_ bytes: [UInt8], _ layout: CSVLayout) throws -> [String] {
        var warnings: [String] = []
        _ = CSV.encode(try VCardDecoder().decode(bytes).cards, layout: layout, warnings: &warnings)
        return warnings
    }

    @Test func unmappedPropertiesAreReportedByNameOncePerCard() throws {
        #expect(try Self.warnings(Self.unmapped, .outlook) == ["Ada Lovelace: no Outlook column for UID, GEO, X-EMPTY, X-FOO, ROLE"])
    }

    /// Google's `Custom Field N - Label/Value` carries what no other column does, under the
    /// property's name, and reads back as that property: nothing to report, nothing lost.
    @Test func googleCustomFieldsCarryPropertiesWithoutAColumn() throws {
        var warnings: [String] = []
        let cards = try VCardDecoder().decode(Self.unmapped).cards
        let table = CSV.encode(cards, layout: .google, warnings: &warnings)
        #expect(warnings.isEmpty)
        let rows = try CSVReader.rows(table)
        let cells = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]).filter { $0.0.hasPrefix("Custom Field") })
        #expect((1...6).map { cells["Custom Field \($0) - Label"] } == ["UID", "GEO", "X-EMPTY", "X-FOO", "X-FOO", "ROLE"])
        #expect(
            (1...6).map { cells["Custom Field \($0) - Value"] }
                == ["urn:uuid:8f1d0b9e-3c55-4a8e-9d21-6f5e1b2c7a10", "geo:51.5,-0.12", "", "bar", "baz", "Analyst"])
        let back = try #require(try CSV.decode(table).first)
        for name in ["UID", "GEO", "X-EMPTY", "X-FOO", "ROLE"] {
            #expect(back.properties(named: name).map(\.text) == cards[0].properties(named: name).map(\.text))
        }
        #expect(CSV.encode([back], layout: .google) == table)
    }

    /// Text values are written unescaped and escaped again when read; dates and UTC offsets in
    /// extended form, read back in 4.0's basic one; a value of another type, or of an X-
    /// property (whose type is unknown), as it is. What a cell cannot usefully hold (an inline
    /// key or logo, a property with parameters) and names that are neither X- nor vCard 4.0's
    /// (3.0's CLASS) are still reported.
    @Test func googleCustomFieldValuesAndWhatStaysReported() throws {
        let card = try VCardDecoder().decode(
            Array(
                """
                BEGIN:VCARD
                VERSION:3.0
                FN:Ada
                ROLE:a\\, b\\; c
                X-NOTE-ISH:a\\, b\\; c
                X-GENDER:F;she/her
                X-QP;ENCODING=QUOTED-PRINTABLE:caf=C3=A9
                TZ:+0100
                CLASS:PUBLIC
                KEY;ENCODING=b:AAAA
                X-SOCIALPROFILE;TYPE=twitter:ada
                LOGO;VALUE=uri:data:image/png;base64,iVBORw0KGgo=
                END:VCARD

                """.utf8)
        ).cards
        var warnings: [String] = []
        let table = CSV.encode(card, layout: .google, warnings: &warnings)
        #expect(warnings == ["Ada: no Google column for CLASS, KEY, X-SOCIALPROFILE, LOGO"])
        let rows = try CSVReader.rows(table)
        #expect(
            Array(rows[1].suffix(10))
                == ["ROLE", "a, b; c", "X-NOTE-ISH", "a\\, b\\; c", "X-GENDER", "F;she/her", "X-QP", "café", "TZ", "+01:00"])
        let back = try #require(try CSV.decode(table).first)
        #expect(back.first("ROLE")?.value == "a\\, b\\; c")
        #expect(back.first("X-NOTE-ISH")?.value == "a\\, b\\; c")
        #expect(back.first("X-GENDER")?.value == "F;she/her")
        #expect(back.first("TZ")?.value == "+0100")
        // Through 3.0 (extended) or 4.0 (basic), the table comes back the same.
        for version in [VCardVersion.v3, .v4] {
            let written = VCardWriter(style: .canonical, version: version).encode([back])
            #expect(CSV.encode(try VCardDecoder().decode(written).cards, layout: .google) == table)
        }
    }

    /// Neither layout has a column for FN: a row gives it back from the name parts (or the
    /// organization, or alone in First Name), so an FN that says more than they do is reported.
    @Test(arguments: [CSVLayout.google, .outlook])
    func aFormattedNameThePartsDoNotGiveIsReported(layout: CSVLayout) throws {
        func card(_ lines: String) throws -> [UInt8] {
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\n\(lines)END:VCARD\r\n".utf8)
        }
        let name = layout == .google ? "Google" : "Outlook"
        #expect(
            try Self.warnings(card("FN:Dr. Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"), layout)
                == ["Dr. Ada Lovelace: no \(name) column for FN"])
        #expect(try Self.warnings(card("FN:Ada King Lovelace\r\nN:Lovelace;Ada;King;;\r\n"), layout).isEmpty)
        #expect(try Self.warnings(card("FN:Ada\r\n"), layout).isEmpty)
        #expect(try Self.warnings(card("FN:Acme\r\nORG:Acme\r\n"), layout).isEmpty)
        #expect(try Self.warnings(card("N:Lovelace;Ada;;;\r\n"), layout).isEmpty)
    }

    /// ORG is the organization and its department in a row: further units (RFC 6350 §6.6.4)
    /// have no column and are reported; so are nicknames past the first (§6.2.3) and the N
    /// components past the fifth (RFC 9554 §2.2).
    @Test(arguments: [CSVLayout.google, .outlook])
    func valuesPastTheCellsOfARowAreReported(layout: CSVLayout) throws {
        let card = Array(
            """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Ada Lovelace\r
            N:Lovelace;Ada;;;;;King\r
            NICKNAME:Ada,Countess\r
            ORG:Acme;R&D;Lab 3;;Bench 4\r
            END:VCARD\r

            """.utf8)
        let name = layout == .google ? "Google" : "Outlook"
        #expect(
            try Self.warnings(card, layout) == [
                "Ada Lovelace: no \(name) column for name component King, nickname Countess, organization unit Lab 3, organization unit Bench 4"
            ])
        let two = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nORG:Acme;R&D;\r\nEND:VCARD\r\n".utf8)
        #expect(try Self.warnings(two, layout).isEmpty)
    }

    /// A row has one Notes and one Job Title cell: a second NOTE or TITLE is not carried.
    @Test func aSecondPropertyOfAOneCellNameIsReported() throws {
        let card = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nNOTE:one\r\nNOTE:two\r\nTITLE:x\r\nTITLE:y\r\nTITLE:z\r\nEND:VCARD\r\n".utf8)
        #expect(try Self.warnings(card, .google) == ["A: no Google column for NOTE (more than one), TITLE (more than one)"])
    }

    @Test func aCardOfMappedFieldsOnlyGivesNoWarning() throws {
        #expect(try Self.warnings(Self.mapped, .google).isEmpty)
        #expect(try Self.warnings(Self.mapped, .outlook).isEmpty)
    }

    @Test func outlookListsValuesWithoutAColumnBeforeProperties() throws {
        let card = VCard(
            version: .v4,
            properties: [
                Property(name: "FN", value: "Ada"), Property(name: "CATEGORIES", value: "Friends"),
                Property(name: "UID", value: "1"), Property(name: "PHOTO", value: "data:image/png;base64,iVBORw0KGgo="),
            ])
        var out: [UInt8] = [], warnings: [String] = []
        var writer = CSVTableWriter(layout: .outlook)
        let drop = try #require(writer.writeRow(card, to: &out, warnings: &warnings))
        #expect(warnings.isEmpty)
        #expect(drop.items.map(\.key) == ["categories", "UID", "PHOTO (inline)"])
        #expect(drop.description == "Ada: no Outlook column for categories, UID, PHOTO (inline)")
    }

    @Test func aCardWithoutANameIsNamedByItsRow() throws {
        let card = VCard(version: .v4, properties: [Property(name: "EMAIL", value: "a@example.org"), Property(name: "GEO", value: "geo:0,0")])
        var warnings: [String] = []
        _ = CSV.encode([card, card], layout: .outlook, warnings: &warnings)
        #expect(warnings == ["row 2: no Outlook column for GEO", "row 3: no Outlook column for GEO"])
    }

    @Test func only3LabelAndXRelatedAreRead() throws {
        let v3 = try VCardDecoder().decode(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-RELATED;TYPE=spouse:B\r\nEND:VCARD\r\n".utf8)).cards
        let v4 = try VCardDecoder().decode(Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nX-RELATED;TYPE=spouse:B\r\nEND:VCARD\r\n".utf8)).cards
        var warnings: [String] = []
        _ = CSV.encode(v3, layout: .outlook, warnings: &warnings)
        #expect(warnings.isEmpty)
        _ = CSV.encode(v4, layout: .outlook, warnings: &warnings)
        #expect(warnings == ["A: no Outlook column for X-RELATED"])
    }
}
