import CLibFuzzer
import FormatFuzzSupport

/// The jCard (RFC 7095) reader: no crash, no card count change (``FormatFuzz/checkCardCount(_:_:)``).
@_cdecl("JCardFuzz_main")  // SwiftPM links executables with --defsym main=JCardFuzz_main
func jcardFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FormatFuzz.checkCardCount(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)), .jcard)
        return 0
    }
}
