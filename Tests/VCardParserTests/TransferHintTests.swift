import Testing
@testable import VCardParser

/// `TransferHint` decides from a line's parameters whether the lines after it continue a
/// quoted-printable or base64 value. Only a whole parameter names the encoding: `ENCODING=word`
/// (its first value) or a bare 2.1 `word`; quoted-printable wins over base64.
@Suite struct TransferHintTests {
    static let cases: [(line: String, hint: TransferHint)] = [
        ("NOTE;ENCODING=QUOTED-PRINTABLE:a=", .quotedPrintable),
        ("NOTE;CHARSET=UTF-8;quoted-printable:a=", .quotedPrintable),
        ("NOTE;ENCODING=8BIT;Encoding=Quoted-Printable:a", .quotedPrintable),
        ("PHOTO;BASE64;ENCODING=QUOTED-PRINTABLE:a", .quotedPrintable),
        ("NOTE;LABEL=\"a: b\";ENCODING=QUOTED-PRINTABLE:a=", .quotedPrintable),
        ("PHOTO;ENCODING=b;TYPE=JPEG:AAAA", .base64),
        ("PHOTO;TYPE=JPEG;BASE64:AAAA", .base64),
        ("PHOTO;ENCODING=B,x:AAAA", .base64),
        ("KEY;b:AAAA", .base64),
        ("NOTE;X-TAG=quoted-printable:a=", .plain),
        ("PHOTO;X-A=b:AAAA", .plain),
        ("NOTE;TYPE=b,quoted-printable:a", .plain),
        ("NOTE;ENCODING=b=c:a", .plain),
        ("NOTE;X-A=\"x;BASE64\":a", .plain),
        ("NOTE;ENCODING=x,b:a", .plain),
        ("NOTE:ENCODING=QUOTED-PRINTABLE", .plain),
        ("item1.B:x", .plain),
        ("B;ENCODING:x", .plain),
    ]

    @Test(arguments: cases)
    func hintOfALine(_ c: (line: String, hint: TransferHint)) {
        let bytes = Array((c.line + "\r\n").utf8)
        let hint = bytes.withUnsafeBufferPointer {
            TransferHint($0, PhysicalLine(start: 0, contentEnd: bytes.count - 2, end: bytes.count))
        }
        #expect(hint == c.hint, "\(c.line)")
    }
}
