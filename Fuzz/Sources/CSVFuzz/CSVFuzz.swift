import CLibFuzzer
import FormatFuzzSupport
import VCardFormats
import VCardParser

/// The contacts CSV (Google, Outlook, or columns named by properties) reader: no crash, and no card count change (``FormatFuzz/checkCardCount(_:read:roundTrip:)``).
func checkCSV(_ bytes: [UInt8]) {
    FormatFuzz.checkCardCount(bytes, read: { stream in
        var reader = CSVCardReader(stream)
        return FormatFuzz.cards { () throws(FormatError) in try reader.next() }
    }, roundTrip: nil)
}

@_cdecl("CSVFuzz_main")  // SwiftPM links executables with --defsym main=CSVFuzz_main
func csvFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        checkCSV(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
