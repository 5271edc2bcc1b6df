import Testing
@testable import VCardParser

/// `LineScanner.line` finds the first LF or CR eight bytes at a time, in windows that double:
/// every line end must be found wherever it falls in a word or a window.
@Suite struct LineEndTests {
    @Test func everyLineEndIsFoundAtEveryLength() {
        let ends: [[UInt8]] = [[.lf], [.cr, .lf], [.cr], [.cr, .cr, .lf]]
        for length in Array(0...40) + [255, 256, 257, 600] {
            for end in ends {
                let bytes = Array(repeating: UInt8(ascii: "x"), count: length) + end + Array("NEXT:1\r\n".utf8)
                let line = bytes.withUnsafeBufferPointer { LineScanner.line(in: $0, from: 0, limit: $0.count, atEnd: true) }
                #expect(line?.contentEnd == length, "length \(length), end \(end)")
                #expect(line?.end == length + end.count, "length \(length), end \(end)")
            }
            // No line end: the whole rest is the line at the end of input, and no line before it.
            let open = Array(repeating: UInt8(ascii: "x"), count: length)
            let last = open.withUnsafeBufferPointer { LineScanner.line(in: $0, from: 0, limit: $0.count, atEnd: true) }
            #expect(length == 0 ? last == nil : last?.contentEnd == length)
            #expect(open.withUnsafeBufferPointer { LineScanner.line(in: $0, from: 0, limit: $0.count, atEnd: false) } == nil)
        }
    }

    /// A CR as the last byte read may be the start of a CRLF: wait for more, unless at the end.
    @Test func aFinalCRWaitsForTheNextByte() {
        let bytes = Array("FN:A\r".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(LineScanner.line(in: buffer, from: 0, limit: buffer.count, atEnd: false) == nil)
            #expect(LineScanner.line(in: buffer, from: 0, limit: buffer.count, atEnd: true)?.end == 5)
        }
    }
}
