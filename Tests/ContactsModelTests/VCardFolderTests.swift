import ContactsModel
import Foundation
import Testing

/// The entries of a folder of cards: regular files, everything else, and names that are not UTF-8.
@Suite struct VCardFolderTests {
    @Test func entriesTellRegularFilesAndKeepRawNames() throws {
        let files = try TestFiles()
        defer { files.remove() }
        try files.write("a.vcf", "")
        try files.write(".hidden.vcf", "")
        try files.write("notes.txt", "")
        #expect(mkfifo(files.path("pipe.vcf"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: files.path("dir.VCF"), withIntermediateDirectories: false)
        let raw: [UInt8] = Array("b".utf8) + [0xFF] + Array(".vcard".utf8)
        let fd = open((Array((files.directory.path + "/").utf8) + raw + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        close(fd)
        let entries = try VCardFolder.entries(in: files.directory.path)
        #expect(entries.map(\.name) == ["a.vcf", "b\u{FFFD}.vcard", "dir.VCF", "pipe.vcf"])
        #expect(entries.map(\.isRegularFile) == [true, true, false, false])
        #expect(entries[1].rawName == raw)
        #expect(entries.map(\.isUTF8) == [true, false, true, true])
        #expect(try VCardFolder.fileNames(in: files.directory.path) == ["a.vcf"])
    }
}
