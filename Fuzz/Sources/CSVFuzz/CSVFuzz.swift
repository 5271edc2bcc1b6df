import CLibFuzzer
import FormatFuzzSupport

/// The contacts CSV reader: no crash, no card count change (``FormatFuzz/checkCardCount(_:_:)``).
@_cdecl("CSVFuzz_main")  // SwiftPM links executables with --defsym main=CSVFuzz_main
func csvFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FormatFuzz.checkCardCount(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)), .csv)
        return 0
    }
}
