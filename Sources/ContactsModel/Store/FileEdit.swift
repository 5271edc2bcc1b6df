import VCardParser

/// What one save request does to one file of a store, and how the file is written with it:
/// untouched cards are copied as they are, in runs, so memory stays at about one block.
struct FileEdit {
    /// Slot index → the card's new bytes.
    var replaced: [Int: [UInt8]] = [:]
    var removed: Set<Int> = []
    /// New cards' bytes, written after the last card (before any text that follows it).
    var added: [[UInt8]] = []

    private static let block = 1 << 20

    /// Whether the file is left with no card.
    func empties(_ file: IndexedFile) -> Bool { added.isEmpty && removed.count == file.slots.count }

    /// Writes `file` with the edit applied: `read` gives the file's bytes in a range, `write`
    /// takes the new ones in blocks. Returns the new slots, or `nil` when they cannot be told
    /// without reading the file again (a new card after a last line without line end).
    func write(
        _ file: IndexedFile, read: (Range<Int>) throws(ContactStoreError) -> [UInt8],
        to write: ([UInt8]) throws -> Void
    ) throws -> [CardSlot]? {
        var out: [UInt8] = []
        out.reserveCapacity(Self.block + (64 << 10))
        var slots: [CardSlot] = []
        var run: Range<Int>?
        var position = 0
        var lastByte: UInt8 = 0x0A
        func append(_ bytes: [UInt8]) {
            out += bytes
            if let last = bytes.last { lastByte = last }
        }
        func flush(below limit: Int) throws {
            if out.count >= limit {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        func copyRun() throws {  // straight from the file to the output, block by block
            guard let r = run else { return }
            try flush(below: 1)
            var start = r.lowerBound
            while start < r.upperBound {
                let end = min(start + Self.block, r.upperBound)
                let bytes = try read(start..<end)
                try write(bytes)
                if let last = bytes.last { lastByte = last }
                start = end
            }
            run = nil
        }
        for (i, slot) in file.slots.enumerated() {
            if removed.contains(i) {
                try copyRun()
                continue
            }
            if let bytes = replaced[i] {
                try copyRun()
                append(bytes)
                slots.append(try Self.slot(of: bytes, at: position))
                position += bytes.count
            } else {
                run = (run?.lowerBound ?? slot.offset)..<slot.range.upperBound
                var moved = slot
                moved.offset = position
                slots.append(moved)
                position += slot.length
            }
            try flush(below: Self.block)
        }
        try copyRun()
        var exact = true
        for var bytes in added {
            if lastByte != 0x0A, lastByte != 0x0D {
                bytes = [0x0D, 0x0A] + bytes
                exact = false
            }
            append(bytes)
            slots.append(try Self.slot(of: bytes, at: position))
            position += bytes.count
            try flush(below: Self.block)
        }
        out += file.trailingBytes
        try flush(below: 1)
        return exact ? slots : nil
    }

    /// The slot of a card written as `bytes`, as indexing the file will see it.
    private static func slot(of bytes: [UInt8], at offset: Int) throws(ContactStoreError) -> CardSlot {
        var reader = VCardReader(bytes: bytes)
        guard let card = try? reader.next() else { throw .writeFailed(path: "(card)", reason: "a card written could not be read back") }
        var slot = CardSlot(card)
        slot.offset = offset
        return slot
    }
}
