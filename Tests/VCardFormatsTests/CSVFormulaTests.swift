import Testing
import VCardParser

@testable import VCardFormats

/// CSV injection: which cells a spreadsheet could run, and `neutralizingFormulas`.
@Suite struct CSVFormulaTests {
    @Test(arguments: [
        ("=1+1", true), ("@SUM(A1)", true), ("\tx", true), ("\rx", true), ("-2+3+cmd|' /C calc'!A0", true),
        ("+A1", true), ("+1 555 0100", false), ("--12-26", false), ("-", false), ("Ada", false), ("", false),
    ])
    func formulaLikeCells(cell: String, isFormula: Bool) {
        #expect(CSVWriter.isFormulaLike(cell) == isFormula)
    }

    @Test func theTableWriterCountsAndNeutralizes() {
        let card = VCard(version: .v4, properties: [Property(name: "FN", value: "=1+1"), Property(name: "NOTE", value: "a\\, b")])
        for neutralizing in [false, true] {
            var writer = CSVTableWriter(layout: .fields(["FN", "NOTE"]), neutralizingFormulas: neutralizing)
            var out: [UInt8] = [], warnings: [String] = []
            writer.write(card, to: &out, warnings: &warnings)
            #expect(writer.formulaLikeCells == 1)
            #expect(String(decoding: out, as: UTF8.self) == "FN,NOTE\r\n\(neutralizing ? "'" : "")=1+1,\"a, b\"\r\n")
        }
    }
}
