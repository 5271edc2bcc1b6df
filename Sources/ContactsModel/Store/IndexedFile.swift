import Dispatch
import Synchronization
import VCardParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of a store (or the memory of an in-memory store), indexed in one streaming pass:
/// the slots of its cards, not the cards.
struct IndexedFile: Sendable {
    /// `nil` for an in-memory store.
    var path: String?
    /// The file as indexed; `nil` when it did not exist.
    var fingerprint: FileFingerprint?
    var slots: [CardSlot] = []
    /// Whatever follows the last card (blank lines, junk), written back as it is.
    var trailingBytes: [UInt8] = []
    var encoding: InputEncoding = .utf8
    /// The first problem that means the file was not fully understood.
    var problem: Diagnostic?
    /// The UTF-8 text itself, for an in-memory store and a UTF-16 file; other files are read
    /// through `handle` or their path.
    var bytes: [UInt8]?
    /// The indexed file, open (a single-file store keeps it, so reads see what was indexed).
    var handle: OpenFile?
    /// A remote store's resource: the entity tag of `bytes` (`path` is its href).
    var entityTag: String?

    /// How many parsing threads a large file gets.
    static let threads = min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)

    /// Indexes the file at `path`; a missing file is an empty one. `keepOpen` keeps the file open
    /// for reading the cards later. A small file is read in one piece.
    static func scan(path: String, keepOpen: Bool) throws(ContactStoreError) -> IndexedFile {
        let file: OpenFile
        do { file = try OpenFile(path: path) } catch {
            if error.code == ENOENT { return IndexedFile(path: path) }
            throw .unreadable(path: path, reason: error.message)
        }
        let size = Int(file.fingerprint.size)
        let reader = size <= 1 << 20 ? VCardReader(bytes: try file.read(0..<size, name: path)) : VCardReader(fileDescriptor: file.descriptor)
        var indexed = try scan(reader, name: path, size: size)
        indexed.path = path
        indexed.fingerprint = file.fingerprint
        if keepOpen && indexed.bytes == nil { indexed.handle = file }
        return indexed
    }

    /// Indexes the files at `indices` of `files` (a folder's, small), several at a time, without
    /// keeping them open.
    static func scanInParallel(_ files: inout [IndexedFile], at indices: [Int]) throws(ContactStoreError) {
        guard !indices.isEmpty else { return }
        let failure = Mutex<ContactStoreError?>(nil)
        let runs = min(indices.count, threads * 4)
        files.withUnsafeMutableBufferPointer { buffer in
            let shared = SharedBuffer(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for k in (indices.count * run / runs)..<(indices.count * (run + 1) / runs) {
                    let i = indices[k]
                    do throws(ContactStoreError) {
                        shared.buffer[i] = try scan(path: shared.buffer[i].path!, keepOpen: false)
                    } catch {
                        failure.withLock { $0 = $0 ?? error }
                    }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Indexes UTF-8 text held in memory; `name` is what an error calls it.
    static func scan(bytes: [UInt8], name: String = "(memory)") throws(ContactStoreError) -> IndexedFile {
        var indexed = try scan(VCardReader(bytes: bytes), name: name, size: bytes.count)
        indexed.bytes = bytes
        return indexed
    }

    private static func scan(_ reader: VCardReader, name: String, size: Int) throws(ContactStoreError) -> IndexedFile {
        var reader = reader
        var indexed = IndexedFile()
        do {
            indexed.encoding = try reader.detectEncoding()
            let keepBytes = indexed.encoding != .utf8
            var kept: [UInt8] = []
            var offset = 0
            try reader.forEachCard(
                threads: size > 1 << 20 ? threads : 1,
                transform: { card in (CardSlot(card), keepBytes ? card.sourceBytes : []) },
                diagnostics: { d in
                    if d.severity == .error && indexed.problem == nil { indexed.problem = d }
                }
            ) { slot, bytes in
                var slot = slot
                slot.offset = offset
                offset += slot.length
                kept += bytes
                indexed.slots.append(slot)
            }
            indexed.trailingBytes = reader.trailingBytes
            if keepBytes { indexed.bytes = kept + reader.trailingBytes }
        } catch {
            throw .unreadable(path: name, reason: "\(error)")
        }
        return indexed
    }

    /// The bytes of `slot`, checked against its revision.
    /// - Throws: ``ContactStoreError/unreadable(path:reason:)`` when the file cannot be read or
    ///   no longer holds that card (a folder's file replaced since the fetch began, or a file
    ///   changed in place by a program that does not take the folder's lock).
    func read(_ slot: CardSlot) throws(ContactStoreError) -> [UInt8] {
        let name = path ?? "(memory)"
        let result: [UInt8]
        if let bytes {
            result = Array(bytes[slot.range])
        } else if let handle {
            result = try handle.read(slot.range, name: name)
        } else {
            result = try OpenFile.read(slot.range, atPath: name)
        }
        guard ContentDigest(result.dropFirst(slot.prefixLength)) == slot.revision else {
            throw .unreadable(path: name, reason: "changed while it was being read; fetch again")
        }
        return result
    }

    /// The card of `slot`, decoded.
    func card(_ slot: CardSlot) throws(ContactStoreError) -> VCard {
        var reader = VCardReader(bytes: try read(slot))
        do {
            if let card = try reader.next() { return card }
        } catch {}
        throw .unreadable(path: path ?? "(memory)", reason: "card at byte \(slot.offset) could not be read again")
    }
}

/// A buffer whose elements `concurrentPerform`'s threads write, each its own: safe by construction.
private struct SharedBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<IndexedFile>
}
