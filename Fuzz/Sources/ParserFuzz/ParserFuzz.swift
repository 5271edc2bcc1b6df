import CLibFuzzer
import FuzzSupport
@_spi(Fuzzing) import VCardParser

/// The parser's invariants, for every input:
/// - lenient decoding does not crash (it throws only when a limit is hit);
/// - for UTF-8 input, the lossless writer gives back the input bytes exactly;
/// - canonical output is a fixed point: encoding, decoding and encoding again gives the same bytes;
/// - reading with `asRead` (a card copied whole is only checked, not made) gives the bytes, the
///   diagnostics and the error that reading every card in full gives, whether it keeps no
///   property or only the places of some values (`AsRead(keepingValuesOf:)`), and so does a
///   reader that writes each card canonically as its lines are read (`AsRead(writing:)`);
/// - the places of values kept are those of the values the parse reads: all of them, in order,
///   when they are complete, and some of them, in order, when not;
/// - validating cards as they are read (what `validate` does, checking most lines on their bytes)
///   finds in each card the problems and the first `UID` that `CardValidator` finds in it read in
///   full;
/// - each card, nested ones too, is read in the version its own first VERSION property names
///   (``Fuzz/checkVersion(of:)``).
///
/// The fixed point is checked on the cards without what the canonical writer cannot write back
/// the same (``Fuzz/withoutNonVCardLines(_:)``, and `Fuzz/README.md`): lines that are not vCard,
/// parameters without a proper name, what 2.1 cannot say, and lines folded before their `:`.
/// Everything else must come back the same.
func checkParser(_ bytes: [UInt8]) {
    _ = try? VCardDecoder(mode: .strict).decode(bytes)  // strict mode must not crash either
    guard let result = Fuzz.decode(bytes) else { return }
    for card in result.cards { Fuzz.checkVersion(of: card) }
    if result.inputEncoding == .utf8 {
        let lossless = VCardWriter().encode(result.cards) + result.trailingBytes
        if lossless != bytes { Fuzz.fail("lossless output differs from the input", expected: bytes, actual: lossless) }
    }
    let canonical = VCardWriter(style: .canonical).encode(result.cards.map(Fuzz.withoutNonVCardLines))
    guard let again = Fuzz.decode(canonical) else { Fuzz.fail("canonical output hits a limit") }
    let twice = VCardWriter(style: .canonical).encode(again.cards)
    if twice != canonical { Fuzz.fail("canonical output is not a fixed point", expected: canonical, actual: twice) }
}

/// What a reader gives for `bytes`: what `writer` writes for each card, then the trailing bytes
/// or the error that stopped it, and every diagnostic, as text to compare.
func read(_ bytes: [UInt8], writer: VCardWriter, asRead: VCardReader.AsRead<[UInt8]>?) -> (output: [UInt8], diagnostics: [String]) {
    var reader = VCardReader(bytes: bytes)
    var output: [UInt8] = [], diagnostics: [String] = []
    do {
        try reader.forEachCard(threads: 1, transform: { writer.encode([$0]) }, asRead: asRead, diagnostics: { diagnostics.append("\($0)") }) {
            output += $0
        }
        output += reader.trailingBytes
    } catch {
        diagnostics.append("stopped: \(error)")
    }
    return (output, diagnostics)
}

/// The names whose values are kept by place.
let keptNames = ["EMAIL", "TEL"]

func checkAsRead(_ bytes: [UInt8]) {
    let lossless = VCardWriter()
    let full = read(bytes, writer: lossless, asRead: nil)
    for asRead in [VCardReader.AsRead { Array($0.bytes) }, VCardReader.AsRead(keepingValuesOf: keptNames) { Array($0.bytes) }] {
        expectSame(read(bytes, writer: lossless, asRead: asRead), full, "cards only checked")
    }
    for writer in [VCardWriter(style: .canonical), VCardWriter(version: .v4)] {
        let writing = VCardReader.AsRead(writing: writer) { $0.written }
        expectSame(read(bytes, writer: writer, asRead: writing), read(bytes, writer: writer, asRead: nil), "cards written as read")
    }
}

func expectSame(_ read: (output: [UInt8], diagnostics: [String]), _ full: (output: [UInt8], diagnostics: [String]), _ what: String) {
    if read.output != full.output { Fuzz.fail("\(what) give other bytes", expected: full.output, actual: read.output) }
    if read.diagnostics != full.diagnostics {
        Fuzz.fail(
            "\(what) give other diagnostics",
            expected: Array(full.diagnostics.joined(separator: "\n").utf8), actual: Array(read.diagnostics.joined(separator: "\n").utf8))
    }
}

/// What a reader gives of each card: the values of its lines named (as the parse reads them,
/// still escaped), or, read with their places kept, the values placed and whether all were.
func keptValues(_ bytes: [UInt8], byPlace: Bool) -> [(values: [String], isComplete: Bool)] {
    var reader = VCardReader(bytes: bytes)
    var cards: [(values: [String], isComplete: Bool)] = []
    let places = VCardReader.AsRead<([String], Bool)>(keepingValuesOf: keptNames) { card in
        (card.values.map { String(decoding: card.bytes[$0], as: UTF8.self) }, card.values.isComplete)
    }
    let named: @Sendable (VCard) -> ([String], Bool) = { card in
        (card.properties.filter { property in keptNames.contains { property.hasName($0) } }.map(\.value), true)
    }
    try? reader.forEachCard(threads: 1, transform: named, asRead: byPlace ? places : nil, diagnostics: { _ in }) { cards.append($0) }
    return cards
}

func checkKeptValues(_ bytes: [UInt8]) {
    let parsed = keptValues(bytes, byPlace: false), placed = keptValues(bytes, byPlace: true)
    guard placed.count == parsed.count else { Fuzz.fail("reading with values kept gives \(placed.count) cards, not \(parsed.count)") }
    for (read, expected) in zip(placed, parsed) {
        if read.isComplete ? read.values != expected.values : !read.values.isSubsequence(of: expected.values) {
            Fuzz.fail("values kept by place are not those the parse reads", expected: Array("\(expected.values)".utf8), actual: Array("\(read.values)".utf8))
        }
    }
}

extension Array where Element: Equatable {
    /// Whether the elements appear in `other` in this order, not necessarily side by side.
    fileprivate func isSubsequence(of other: [Element]) -> Bool {
        var rest = other[...]
        for element in self {
            guard let found = rest.firstIndex(of: element) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }
}

/// What each card of `bytes` is found to hold by `validate`'s checks, as the cards are read
/// (`asRead`) or from each card read in full, then the error that stopped the reader, if any.
func validationReports(_ bytes: [UInt8], asRead: Bool) -> [String] {
    var reader = VCardReader(bytes: bytes)
    var reports: [String] = []
    let checking = asRead ? VCardReader.AsRead<String>.validating { $0.validationReport } : nil
    do {
        try reader.forEachCard(threads: 1, transform: CardValidator.validationReport, asRead: checking, diagnostics: { _ in }) { reports.append($0) }
    } catch {
        reports.append("stopped: \(error)")
    }
    return reports
}

func checkValidation(_ bytes: [UInt8]) {
    let full = validationReports(bytes, asRead: false), asRead = validationReports(bytes, asRead: true)
    if asRead != full {
        Fuzz.fail("validating as read finds other problems", expected: Array(full.joined(separator: "\n--\n").utf8), actual: Array(asRead.joined(separator: "\n--\n").utf8))
    }
}

@_cdecl("ParserFuzz_main")  // SwiftPM links executables with --defsym main=ParserFuzz_main
func parserFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        checkParser(bytes)
        checkAsRead(bytes)
        checkKeptValues(bytes)
        checkValidation(bytes)
        return 0
    }
}
