import CLibFuzzer
import FuzzSupport
import VCardParser

/// The parser's invariants, for every input:
/// - lenient decoding does not crash (it throws only when a limit is hit);
/// - for UTF-8 input, the lossless writer gives back the input bytes exactly;
/// - canonical output is a fixed point: encoding, decoding and encoding again gives the same bytes;
/// - reading with `asRead` (a card copied whole is only checked, not made) gives the bytes, the
///   diagnostics and the error that reading every card in full gives.
///
/// The fixed point is checked on the cards without what the canonical writer cannot write back
/// the same (``Fuzz/withoutNonVCardLines(_:)``, and `Fuzz/README.md`): lines that are not vCard,
/// parameters without a proper name, what 2.1 cannot say, and lines folded before their `:`.
/// Everything else must come back the same.
func checkParser(_ bytes: [UInt8]) {
    _ = try? VCardDecoder(mode: .strict).decode(bytes)  // strict mode must not crash either
    guard let result = Fuzz.decode(bytes) else { return }
    if result.inputEncoding == .utf8 {
        let lossless = VCardWriter().encode(result.cards) + result.trailingBytes
        if lossless != bytes { Fuzz.fail("lossless output differs from the input", expected: bytes, actual: lossless) }
    }
    let canonical = VCardWriter(style: .canonical).encode(result.cards.map(Fuzz.withoutNonVCardLines))
    guard let again = Fuzz.decode(canonical) else { Fuzz.fail("canonical output hits a limit") }
    let twice = VCardWriter(style: .canonical).encode(again.cards)
    if twice != canonical { Fuzz.fail("canonical output is not a fixed point", expected: canonical, actual: twice) }
}

/// What a reader gives for `bytes`: the lossless bytes of each card, then the trailing bytes or
/// the error that stopped it, and every diagnostic, as text to compare.
func readLossless(_ bytes: [UInt8], onlyChecking: Bool) -> (output: [UInt8], diagnostics: [String]) {
    var reader = VCardReader(bytes: bytes)
    var output: [UInt8] = [], diagnostics: [String] = []
    let writer = VCardWriter()
    let asRead = onlyChecking ? VCardReader.AsRead { $0.bytes } : nil
    do {
        try reader.forEachCard(threads: 1, transform: { writer.encode([$0])[...] }, asRead: asRead, diagnostics: { diagnostics.append("\($0)") }) {
            output += $0
        }
        output += reader.trailingBytes
    } catch {
        diagnostics.append("stopped: \(error)")
    }
    return (output, diagnostics)
}

func checkAsRead(_ bytes: [UInt8]) {
    let full = readLossless(bytes, onlyChecking: false), checked = readLossless(bytes, onlyChecking: true)
    if checked.output != full.output { Fuzz.fail("cards only checked give other bytes", expected: full.output, actual: checked.output) }
    if checked.diagnostics != full.diagnostics {
        Fuzz.fail(
            "cards only checked give other diagnostics",
            expected: Array(full.diagnostics.joined(separator: "\n").utf8), actual: Array(checked.diagnostics.joined(separator: "\n").utf8))
    }
}

@_cdecl("ParserFuzz_main")  // SwiftPM links executables with --defsym main=ParserFuzz_main
func parserFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        checkParser(bytes)
        checkAsRead(bytes)
        return 0
    }
}
