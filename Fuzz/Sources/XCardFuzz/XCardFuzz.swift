import CLibFuzzer
import FormatFuzzSupport
import VCardFormats
import VCardParser

/// The xCard (RFC 6351) reader: no crash, and no card count change (``FormatFuzz/checkCardCount(_:read:roundTrip:)``).
func checkXCard(_ bytes: [UInt8]) {
    FormatFuzz.checkCardCount(bytes, read: { stream in
        var reader = XCardReader(stream)
        return FormatFuzz.cards { () throws(FormatError) in try reader.next() }
    }, roundTrip: (XCard.encode, XCard.decode))
}

@_cdecl("XCardFuzz_main")  // SwiftPM links executables with --defsym main=XCardFuzz_main
func xcardFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        checkXCard(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
