import CLibFuzzer
import FormatFuzzSupport

/// The xCard (RFC 6351) reader: no crash, no card count change (``FormatFuzz/checkCardCount(_:_:)``).
@_cdecl("XCardFuzz_main")  // SwiftPM links executables with --defsym main=XCardFuzz_main
func xcardFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FormatFuzz.checkCardCount(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)), .xcard)
        return 0
    }
}
