import CLibFuzzer
import FormatFuzzSupport
import VCardFormats
import VCardParser

/// The jCard (RFC 7095) reader: no crash, and no card count change (``FormatFuzz/checkCardCount(_:read:roundTrip:)``).
func checkJCard(_ bytes: [UInt8]) {
    FormatFuzz.checkCardCount(bytes, read: { stream in
        var reader = JCardReader(stream)
        return FormatFuzz.cards { () throws(FormatError) in try reader.next() }
    }, roundTrip: (JCard.encode, JCard.decode))
}

@_cdecl("JCardFuzz_main")  // SwiftPM links executables with --defsym main=JCardFuzz_main
func jcardFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        checkJCard(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
