import CLibFuzzer
import CardDAV
import FuzzSupport

/// The CardDAV multistatus reader on any bytes a server could send: it returns a multistatus or
/// throws a `DAVError`, never stops the process or hangs (libFuzzer's timeout), and refuses every
/// body with a document type declaration, so no entity is ever expanded.
func checkMultistatus(_ bytes: [UInt8]) {
    let parsed = try? MultistatusParser.parse(bytes, url: "http://127.0.0.1/book/")
    if parsed != nil, hasDeclaration(bytes) { Fuzz.fail("a body with a DOCTYPE or ENTITY declaration was parsed", actual: bytes) }
}

/// Whether `<!DOCTYPE` or `<!ENTITY` (any case) occurs in `bytes`: the fuzzer's own check, so that
/// a slip in the reader's is not repeated here.
func hasDeclaration(_ bytes: [UInt8]) -> Bool {
    guard bytes.count > 2 else { return false }
    for i in 0..<(bytes.count - 2) where bytes[i] == UInt8(ascii: "<") && bytes[i + 1] == UInt8(ascii: "!") {
        let word = bytes[(i + 2)...].prefix(7).map { $0 & 0xDF }
        if word.starts(with: "DOCTYPE".utf8) || word.starts(with: "ENTITY".utf8) { return true }
    }
    return false
}

@_cdecl("DAVFuzz_main")  // SwiftPM links executables with --defsym main=DAVFuzz_main
func davFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        checkMultistatus(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
