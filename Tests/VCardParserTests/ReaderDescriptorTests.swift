import Foundation
import Testing
import VCardParser

#if canImport(Glibc)
import Glibc
#endif

/// A reader that opened its file closes it however it ends: at the end of the input, and also
/// when the caller stops early or the reader goes away after an error (issue #21: the
/// descriptor leaked). Seen from outside with inotify, which reports each close of the file.
#if os(Linux)
@Suite struct ReaderDescriptorTests {
    /// A file of many cards, larger than one read, and an inotify descriptor watching its closes.
    static func watchedFile(cards: Int) throws -> (path: String, inotify: Int32, remove: () -> Void) {
        let path = NSTemporaryDirectory() + "vcardtool-descriptor-\(UUID().uuidString).vcf"
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nNOTE:" + String(repeating: "x", count: 200) + "\r\nEND:VCARD\r\n"
        try Data(String(repeating: card, count: cards).utf8).write(to: URL(fileURLWithPath: path))
        let inotify = inotify_init1(Int32(IN_NONBLOCK))
        #expect(inotify >= 0)
        #expect(inotify_add_watch(inotify, path, UInt32(IN_CLOSE_NOWRITE)) >= 0)
        return (
            path, inotify,
            {
                close(inotify); unlink(path)
            }
        )
    }

    /// How many closes of the watched file inotify reported since the last call.
    static func closes(_ inotify: Int32) -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard n > 0 else { return count }
            var offset = 0
            while offset < n {
                count += 1
                let length = buffer[(offset + 12)..<(offset + 16)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                offset += 16 + Int(length)
            }
        }
    }

    @Test func aReaderStoppedAfterTheFirstCardClosesItsFile() throws {
        let file = try Self.watchedFile(cards: 20_000)  // 5 MB: far more than one read
        defer { file.remove() }
        do {
            var reader = try VCardReader(path: file.path)
            #expect(try reader.next()?.first("FN")?.text == "Ada Lovelace")
        }
        #expect(Self.closes(file.inotify) == 1)
    }

    @Test func aReaderReadToTheEndClosesItsFileOnce() throws {
        let file = try Self.watchedFile(cards: 10)
        defer { file.remove() }
        do {
            var reader = try VCardReader(path: file.path)
            var count = 0
            while try reader.next() != nil { count += 1 }
            #expect(count == 10)
        }
        #expect(Self.closes(file.inotify) == 1)
    }
}
#endif
