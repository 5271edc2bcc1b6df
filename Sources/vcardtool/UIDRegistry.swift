import CacheHints

/// The UIDs `validate` has seen across its inputs, and where each was first seen, kept flat:
/// the UIDs' bytes one after another, an entry of fixed size per UID (both in ``Chunks``, which
/// never copy what they hold), and an open-addressing table of entry numbers, each beside the
/// low half of its UID's hash. No string or dictionary node per card; a look-up reads an entry
/// only when that half matches. The half is where the UID's slot is, so growing moves the
/// slots by the table alone, in its order: it reads no entry and hashes no UID again.
///
/// Two UIDs are one when their text is (`String` equality: canonically equivalent spellings are
/// one UID, letter case is not). The hash (``UIDHash``) is keyed per process, so that no input
/// can be written to collide; the text is compared only when the halves are equal.
///
/// ```swift
/// var uids = UIDRegistry()
/// uids.startFile("a.vcf")
/// uids.firstPlace(of: ArraySlice("one".utf8), line: 1)    // nil: now registered
/// uids.firstPlace(of: ArraySlice("one".utf8), line: 12)   // ("a.vcf", 1)
/// ```
/// - Complexity: O(1) expected per UID, in time and in memory beyond its bytes.
struct UIDRegistry {
    private struct Entry {
        let place: Chunks<UInt8>.Place
        let count: Int32
        let file: Int32
        let line: Int
    }

    private var files: [String] = []
    /// 64 KiB a chunk: below the size that `malloc` maps pages of its own for.
    private var bytes = Chunks<UInt8>(chunkCapacity: 1 << 16)
    private var entries = Chunks<Entry>(chunkCapacity: 1 << 11)
    /// Slots of the low 32 bits of a hash over one more than the number of its entry, 0 when
    /// empty; a power of two in size (at most 2³², which those bits place), at most half full.
    private var table = [UInt64](repeating: 0, count: 1024)
    private let uidHash = UIDHash()

    /// Makes `name` the file of the UIDs registered next.
    mutating func startFile(_ name: String) {
        files.append(name)
    }

    /// The hash `uid` (UTF-8) is filed under, for ``firstPlace(of:hash:line:)``; its slot of
    /// the table starts loading into the caches now. The table outgrows the caches on a large
    /// file, and each look-up waited for main memory: made for a batch of cards before the
    /// first of them is looked up, the loads overlap.
    ///
    /// Mutating only so that a closure that captures the registry calls it in place: a call
    /// that does not mutate copied the registry there, a reference count on each of its arrays.
    mutating func prefetch(_ uid: ArraySlice<UInt8>) -> Int {
        let hash = uidHash(uid)
        table.withUnsafeBufferPointer { cache_prefetch($0.baseAddress! + (hash & ($0.count - 1))) }
        return hash
    }

    /// Where the UID spelled by `uid` (UTF-8) was first seen, or `nil` when it is new: then it is
    /// registered as seen on `line` of the current file. `hash` is what ``prefetch(_:)`` gave
    /// for `uid`, if it was called.
    mutating func firstPlace(of uid: ArraySlice<UInt8>, hash: Int? = nil, line: Int) -> (file: String, line: Int)? {
        precondition(!files.isEmpty, "startFile(_:) comes first")
        let hash = hash ?? uidHash(uid)
        let mask = table.count - 1
        var slot = hash & mask
        let tag = UInt64(UInt32(truncatingIfNeeded: hash))
        while table[slot] != 0 {
            if table[slot] >> 32 == tag {
                let entry = entries[Int(truncatingIfNeeded: table[slot] & 0xFFFF_FFFF) - 1]
                if isSame(entry, uid) { return (files[Int(entry.file)], entry.line) }
            }
            slot = (slot + 1) & mask
        }
        precondition(entries.count < UInt32.max, "more UIDs than a slot can number")
        table[slot] = tag << 32 | UInt64(entries.count + 1)
        entries.append(Entry(place: bytes.append(run: uid), count: Int32(uid.count), file: Int32(files.count - 1), line: line))
        if entries.count * 2 > table.count { grow() }
        return nil
    }

    /// Whether the entry's UID is `uid`: the same bytes, or the same text as strings compare.
    private func isSame(_ entry: Entry, _ uid: ArraySlice<UInt8>) -> Bool {
        let stored = bytes[run: entry.place, count: Int(entry.count)]
        return stored.elementsEqual(uid) || String(decoding: stored, as: UTF8.self) == String(decoding: uid, as: UTF8.self)
    }

    /// Doubles the table, moving each slot to where its hash's low half places it now. Read in
    /// the old table's order, a slot goes to one of two places that follow the same order, so
    /// that the writes stay together in the caches (placing the entries in the order they were
    /// registered wrote each far from the last, and read its hash from the entry).
    private mutating func grow() {
        precondition(table.count < 1 << 32, "more UIDs than the table can place")
        let old = table
        table = [UInt64](repeating: 0, count: old.count * 2)
        let mask = table.count - 1
        for filled in old where filled != 0 {
            var slot = Int(truncatingIfNeeded: filled >> 32) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = filled
        }
    }
}
