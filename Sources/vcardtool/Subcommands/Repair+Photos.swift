import ContactsModel
import VCardParser

/// `repair --photos FOLDER`: the folder that `split-oversized-photo` writes the photos it takes
/// out of cards to, one file each, named after the card's UID (else its name), never replacing
/// a file; a photo already there with the same bytes is found again, so a run can be repeated.
struct PhotoFolder {
    let path: String
    private let directory: OpenDirectory
    private var names = Split.FileNamer()

    init(_ path: String) throws {
        try Split.makeFolder(path)
        do { directory = try OpenDirectory(path) } catch { throw ToolError(error.description) }
        self.path = path
    }

    /// Writes `bytes`, the photo of `card`, and returns the file's path.
    mutating func store(_ bytes: [UInt8], fileExtension: String, of card: VCard) throws -> String {
        let stem = SafeFileName.make(from: card.trimmedUID ?? card.first("FN")?.text ?? "")
        let stored = try names.store(bytes, named: stem, fileExtension: fileExtension, in: directory)
        directory.sync()
        return (path.hasSuffix("/") ? path : path + "/") + stored.file
    }
}
