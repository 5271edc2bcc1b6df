import Foundation
import Testing

/// `repair --for icloud --photos FOLDER`: a photo over iCloud's 224 KB leaves its card for a file
/// of its own (split-oversized-photo), so the contact imports and the photo is kept.
@Suite struct RepairPhotoTests {
    /// A 3.0 card with a JPEG photo of `size` decoded bytes, folded at 75 octets.
    static func card(uid: String, photoBytes size: Int) -> (text: String, photo: [UInt8]) {
        var photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        var state: UInt32 = 7
        while photo.count < size {
            state = state &* 1_103_515_245 &+ 12345
            photo.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let line = "PHOTO;ENCODING=b;TYPE=JPEG:" + Data(photo).base64EncodedString()
        var folded = [String(line.prefix(75))]
        var rest = line.dropFirst(75)
        while !rest.isEmpty {
            folded.append(" " + rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        let lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "N:Lovelace;Ada;;;", "FN:Ada Lovelace"] + folded + ["EMAIL:ada@example.com", "END:VCARD", ""]
        return (lines.joined(separator: "\r\n"), photo)
    }

    @Test func anOversizedPhotoGoesToItsOwnFileAndTheCardImports() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = Self.card(uid: "big", photoBytes: 230 * 1024), small = Self.card(uid: "small", photoBytes: 10 * 1024)
        let path = try ToolProcess.write(big.text + small.text, to: dir, "in.vcf")
        let photos = dir.appendingPathComponent("photos").path
        let result = try ToolProcess.run(["repair", "--for", "icloud", "--photos", photos, path])
        #expect(result.status == 0)
        #expect(
            result.stderr == "vcardtool repair: \(path):1: repaired: split-oversized-photo\n"
                + "vcardtool repair: \(path):1: photo of \(big.photo.count) bytes written to \(photos)/big.jpg\n")
        #expect(result.stdoutText == big.text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("PHOTO") && !$0.hasPrefix(" ") }.joined(separator: "\r\n") + small.text)
        #expect(try ToolProcess.bytes(photos + "/big.jpg") == big.photo)
        // Again on the same input: the photo is found, not written twice.
        let again = try ToolProcess.run(["repair", "--for", "icloud", "--photos", photos, path])
        #expect(again.stdout == result.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos) == ["big.jpg"])
        // And the repaired output needs nothing more.
        let output = try ToolProcess.write(result.stdoutText, to: dir, "out.vcf")
        let second = try ToolProcess.run(["repair", "--for", "icloud", "--photos", photos, output])
        #expect(second.stdout == result.stdout)
        #expect(second.stderr.isEmpty)
    }

    @Test func withoutAFolderTheCardIsRejectedWhole() throws {
        let dir = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = Self.card(uid: "big", photoBytes: 230 * 1024)
        let path = try ToolProcess.write(big.text, to: dir, "in.vcf")
        let rejects = dir.appendingPathComponent("rejects.vcf").path
        let result = try ToolProcess.run(["repair", "--for", "icloud", "--rejects", rejects, path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("rejected: icloud rejects a PHOTO over 224 KB; repair --photos FOLDER moves it to a file"))
        #expect(try ToolProcess.bytes(rejects) == Array(big.text.utf8))
    }

    @Test(arguments: [["--photos", "p"], ["--for", "nextcloud", "--photos", "p"]])
    func photosNeedsATargetWithAPhotoLimit(_ options: [String]) throws {
        let result = try ToolProcess.run(["repair"] + options + [ToolProcess.fixture("sample-contacts.vcf")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--photos needs a target whose photo limit it works around: --for icloud"))
    }
}
