import ContactsModel
import Testing
import VCardParser

/// A field a contact holds once (note, name, birthday…) read from a card that has its property
/// twice, or a language or phonetic variant of it (RFC 6350 §5.4 ALTID, RFC 9554 PHONETIC): the
/// contact shows the first line that is not a phonetic variant, and an edit changes that line,
/// so what is read back is the edit.
@Suite struct SingleValueTests {
    static func editAndReadBack(_ lines: [String], _ edit: (inout Contact) -> Void) throws -> (before: Contact, after: Contact, changed: (removed: [String], added: [String])) {
        let text = (["BEGIN:VCARD", "VERSION:4.0", "UID:u-1"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
        let before = Contact(card: try #require(try VCardDecoder().decode(text).cards.first))
        var edited = before
        edit(&edited)
        let out = String(decoding: VCardWriter().encode([edited.vCard()]), as: UTF8.self)
        let after = Contact(card: try #require(try VCardDecoder().decode(out).cards.first))
        return (before, after, TestFiles.changedLines(text, out))
    }

    @Test func aSecondNoteIsNotWhatAnEditChanges() throws {
        let (before, after, changed) = try Self.editAndReadBack(["FN:Ada", "NOTE:first", "NOTE:second"]) { $0.note = "edited" }
        #expect(before.note == "first")
        #expect(after.note == "edited")
        #expect(changed == (removed: ["NOTE:first"], added: ["NOTE:edited"]))
    }

    @Test func languageVariantsOfTheNameEditTheFirst() throws {
        let lines = ["FN;ALTID=1;LANGUAGE=ja:山田太郎", "FN;ALTID=1;LANGUAGE=en:Taro Yamada", "N;ALTID=1;LANGUAGE=ja:山田;太郎;;;", "N;ALTID=1;LANGUAGE=en:Yamada;Taro;;;"]
        let (before, after, changed) = try Self.editAndReadBack(lines) { $0.givenName = "次郎" }
        #expect(before.givenName == "太郎")
        #expect(after.givenName == "次郎")
        #expect(changed == (removed: ["N;ALTID=1;LANGUAGE=ja:山田;太郎;;;"], added: ["N;ALTID=1;LANGUAGE=ja:山田;次郎;;;"]))
    }

    @Test func aPhoneticVariantOfNIsThePhoneticNameNotTheName() throws {
        let lines = [
            "FN:孫悟空", "N;ALTID=1;PHONETIC=jyut;SCRIPT=Latn;LANGUAGE=yue:syun1;ng6hung1;;;", "N;ALTID=1;LANGUAGE=zh-Hant:孫;悟空;;;",
            "ORG;ALTID=2;LANGUAGE=ja:株式会社;", "ORG;ALTID=2;PHONETIC=ipa:kabɯɕikigaiɕa;",
        ]
        let (before, after, changed) = try Self.editAndReadBack(lines) { contact in
            contact.phoneticGivenName = "ng6hung2"
            contact.familyName = "孙"
        }
        #expect((before.familyName, before.givenName) == ("孫", "悟空"))
        #expect((before.phoneticFamilyName, before.phoneticGivenName) == ("syun1", "ng6hung1"))
        #expect(before.phoneticOrganizationName == "kabɯɕikigaiɕa")
        #expect(before.organizationName == "株式会社")
        #expect((after.familyName, after.phoneticGivenName) == ("孙", "ng6hung2"))
        #expect(changed.removed.sorted() == ["N;ALTID=1;LANGUAGE=zh-Hant:孫;悟空;;;", "N;ALTID=1;PHONETIC=jyut;SCRIPT=Latn;LANGUAGE=yue:syun1;ng6hung1;;;"])
        #expect(changed.added.sorted() == ["N;ALTID=1;LANGUAGE=zh-Hant:孙;悟空;;;", "N;ALTID=1;PHONETIC=jyut;SCRIPT=Latn;LANGUAGE=yue:syun1;ng6hung2;;;"])
    }

    @Test func applePhoneticLinesWinOverAPhoneticVariant() throws {
        let lines = ["FN:Taro", "N;ALTID=1:Yamada;Taro;;;", "N;ALTID=1;PHONETIC=x-kana:やまだ;たろう;;;", "X-PHONETIC-FIRST-NAME:タロウ"]
        let (before, after, changed) = try Self.editAndReadBack(lines) { $0.phoneticGivenName = "タロ" }
        #expect((before.phoneticFamilyName, before.phoneticGivenName) == ("やまだ", "タロウ"))
        #expect(after.phoneticGivenName == "タロ")
        #expect(changed == (removed: ["X-PHONETIC-FIRST-NAME:タロウ"], added: ["X-PHONETIC-FIRST-NAME:タロ"]))
    }
}
