import CLibFuzzer
import FormatFuzzSupport
import FuzzSupport

/// The jCard, xCard and CSV writers on the cards the vCard parser reads from any bytes: jCard and
/// xCard read back to as many cards, CSV does not crash (``FormatFuzz/checkWriters(_:in:)``). A
/// vCard's values reach the writers as hostile as the bytes allow: an `XML` property holding only
/// a CDATA section stopped the xCard writer before this target existed.
@_cdecl("WriterFuzz_main")  // SwiftPM links executables with --defsym main=WriterFuzz_main
func writerFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let result = Fuzz.decode(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
        FormatFuzz.checkWriters(result.cards)
        return 0
    }
}
