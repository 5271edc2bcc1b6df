import Testing
import VCardParser

@testable import VCardFormats

/// The plain layout: columns named by vCard properties, several values joined by ` ::: `,
/// structured values as their 4.0 text.
@Suite struct CSVPlainTests {
    static let card = VCard(
        version: .v3,
        properties: [
            Property(name: "FN", value: "Ada Lovelace", version: .v3),
            Property(name: "N", value: "Lovelace;Ada;;Countess\\, of Lovelace;", version: .v3),
            Property(name: "EMAIL", value: "ada@example.org", version: .v3),
            Property(name: "EMAIL", value: "ada@home.example", version: .v3),
            Property(name: "NOTE", value: "Line 1\\nLine 2\\, with a comma", version: .v3),
        ])

    @Test func writesTheChosenColumns() {
        let text = String(decoding: CSV.encode([Self.card], layout: .fields(["fn", "N", "EMAIL", "TEL", "NOTE"])), as: UTF8.self)
        #expect(
            text == """
                FN,N,EMAIL,TEL,NOTE\r
                Ada Lovelace,"Lovelace;Ada;;Countess\\, of Lovelace;",ada@example.org ::: ada@home.example,,"Line 1
                Line 2, with a comma"\r

                """)
    }

    @Test func readsItBackAndWritesTheSameTable() throws {
        let layout = CSVLayout.fields(["FN", "N", "EMAIL", "TEL", "NOTE"])
        let table = CSV.encode([Self.card], layout: layout)
        let cards = try CSV.decode(table)
        #expect(
            canonical(cards) == """
                BEGIN:VCARD\r
                VERSION:4.0\r
                FN:Ada Lovelace\r
                N:Lovelace;Ada;;Countess\\, of Lovelace;\r
                EMAIL:ada@example.org\r
                EMAIL:ada@home.example\r
                NOTE:Line 1\\nLine 2\\, with a comma\r
                END:VCARD\r

                """)
        #expect(CSV.encode(cards, layout: layout) == table)
    }

    @Test func aTableWithoutFNGetsOneFromN() throws {
        let card = try #require(try CSV.decode(Array("N,Employee Number\r\nLovelace;Ada;;;,AE-1\r\n".utf8)).first)
        #expect(card.first("FN")?.text == "Ada Lovelace")
        #expect(card.first("X-CSV-EMPLOYEE-NUMBER")?.text == "AE-1")
    }

    @Test func anEmptyInputHasNoHeaderRow() {
        #expect(throws: FormatError(line: 1, column: 1, "expected a CSV header row")) { try CSV.decode([]) }
    }
}
