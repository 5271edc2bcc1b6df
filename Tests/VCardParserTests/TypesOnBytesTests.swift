import Testing
import VCardParser

/// A line's types and parameters read from its bytes (``Property/hasType(_:)``,
/// ``Property/preference``, ``Property/parameter(_:)``, ``TypeWordSet``) say what its decoded
/// parameters say, for every spelling: quoted lists, carets, 2.1 bare types and encodings,
/// empty parameters, unterminated quotes, letters beyond ASCII.
@Suite struct TypesOnBytesTests {
    static let lines: [(version: String, line: String)] = [
        ("3.0", "TEL;TYPE=WORK;TYPE=VOICE;TYPE=pref:1"),
        ("3.0", "EMAIL;type=INTERNET;type=WORK;type=pref:a@b.c"),
        ("3.0", "EMAIL;TYPE=work;PREF=1:a@b.c"),
        ("3.0", "TEL;TYPE=cell,Fax;;TYPE=:1"),
        ("3.0", "TEL;TYPE=a,,b;X-FOO=1;TYPE=Home:1"),
        ("3.0", "TEL;PHONETIC=ipa;TYPE=home:1"),
        ("3.0", "TEL;TYPE=\"home;main\";VALUE=uri:tel:1"),
        ("3.0", "TEL;TYPE=\"home:1"),
        ("3.0", "TEL;TYPE=B\u{FC}ro,WORK:1"),
        ("3.0", "TEL;TYPE=work^nhome:1"),
        ("4.0", "TEL;VALUE=uri;TYPE=\"voice,home\";PREF=1:tel:+1"),
        ("4.0", "TEL;TYPE=\"Ma^'in\",PAGER:1"),
        ("4.0", "TEL;PREF=x;TYPE=pref:1"),
        ("4.0", "TEL;pref=2:1"),
        ("2.1", "TEL;WORK;VOICE;PREF:1"),
        ("2.1", "TEL;HOME;QUOTED-PRINTABLE:1"),
        ("2.1", "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8;WORK:a=3Db"),
        ("2.1", "PHOTO;BASE64;JPEG:R0lG"),
        ("2.1", "TEL;type=MAIN;8BIT:1"),
        ("4.0", "TEL;TYPE=work,\"home,cell\":1"),
        ("4.0", "TEL;TYPE=\"work\",home;TYPE=\"\":1"),
        ("4.0", "TEL;TYPE=\"a\"b,\",\",\"x:1"),
        ("4.0", "TEL;TYPE=a\"b;X=c\"d,e:1"),
        ("4.0", "TEL;TYPE=\"main,\u{301}fax\":1"),
        ("4.0", "TEL;TYPE=\"fax\u{600},main\":1"),
        ("2.1", "TEL;HOME,\u{301}FAX:1"),
        ("2.1", "TEL;\"HOME,FAX\";PREF:1"),
        ("3.0", "TEL;TYPE=\"\u{E9},fax\",x\u{301}:1"),
    ]
    static let names = ["TYPE", "type", "PREF", "PHONETIC", "VALUE", "ENCODING", "CHARSET", "X-FOO", ""]
    static let words = ["work", "HOME", "pref", "cell", "fax", "main", "pager", "voice", "b\u{FC}ro", "B\u{DC}RO", "jpeg", "ma'in", "a"]

    @Test(arguments: lines.indices)
    func bytesAgreeWithDecodedParameters(_ index: Int) throws {
        let (version, line) = Self.lines[index]
        let card = try #require(try decode(card(version, line)).cards.first)
        for read in card.properties where !read.hasName("FN") {
            // An edit makes the property answer from its decoded fields.
            var decoded = read
            decoded.group = read.group
            #expect(read.types == decoded.types, "\(line)")
            #expect(read.preference == decoded.preference, "\(line)")
            for name in Self.names {
                #expect(read.parameter(name) == decoded.parameter(name), "\(line): \(name)")
            }
            for word in Self.words {
                #expect(read.hasType(word) == decoded.types.contains { asciiLowercased($0) == asciiLowercased(word) }, "\(line): \(word)")
            }
            let set = TypeWordSet(Self.words)
            var bits: UInt32 = 0
            for (i, word) in Self.words.enumerated() where decoded.types.contains(where: { asciiLowercased($0) == asciiLowercased(word) }) {
                bits |= 1 << UInt32(i)
            }
            #expect(set.found(in: read) == bits, "\(line)")
            #expect(set.found(in: decoded) == bits, "\(line)")
        }
    }

    @Test func aLineOfTypesAloneHasNoOtherParameter() throws {
        let card = try #require(try decode(card("3.0", "TEL;TYPE=work;type=VOICE:1", "TEL;TYPE=work;X-A=1:2")).cards.first)
        let tels = card.properties(named: "TEL")
        #expect(tels[0].parameter("X-A") == nil)
        #expect(tels[0].parameter("Type")?.values == ["work"])
        #expect(tels[1].parameter("x-a")?.values == ["1"])
    }

    private func asciiLowercased(_ s: String) -> String {
        String(decoding: s.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
