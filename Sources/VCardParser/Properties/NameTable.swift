/// A fixed table from names (compared ignoring ASCII case) to values, looked up from the bytes
/// of a line as read: no string is made and nothing is allocated, so a per-line look-up costs
/// a hash of the name's bytes and one comparison.
///
/// Open addressing with linear probing in a power-of-two array at most half full; the names
/// are kept upper-cased, one after another, in one byte array. A name's first eight bytes,
/// upper-cased eight at a time, are its hash and, for the short names nearly all are, its
/// whole comparison.
///
/// ```swift
/// let table = NameTable([("TEL", 1), ("EMAIL", 2)])
/// table.value(for: "tel")   // 1
/// ```
struct NameTable<Value: Sendable>: Sendable {
    /// A name and its value; an empty slot has a count of -1 (and no value). Not an optional
    /// slot: a look-up tests the count, where unwrapping an optional of the whole slot took
    /// shifts and masks at each probe.
    private struct Slot: Sendable {
        /// The first eight bytes of the upper-cased name (``head(of:)``).
        var head: UInt64 = 0
        var start: Int32 = 0
        var count: Int32 = -1
        var value: Value? = nil
    }

    private var names: [UInt8] = []
    private var slots: [Slot]
    private let mask: Int

    /// A table of `entries`; the first of names that differ only in case wins.
    init<S: Sequence<(String, Value)>>(_ entries: S) {
        let entries = Array(entries)
        var size = 8
        while size < entries.count * 2 { size <<= 1 }
        mask = size - 1
        slots = Array(repeating: Slot(), count: size)
        for (name, value) in entries {
            let bytes = Array(ASCII.uppercased(name).utf8)
            let head = bytes.withUnsafeBufferPointer { Self.head(of: $0) }
            let found = bytes.withUnsafeBufferPointer { find($0, head: head) }
            guard slots[found].count < 0 else { continue }
            slots[found] = Slot(head: head, start: Int32(names.count), count: Int32(bytes.count), value: value)
            names += bytes
        }
    }

    /// The value of the name spelled by `bytes`, in any case.
    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        slots[find(bytes, head: Self.head(of: bytes))].value
    }

    /// The value of the name in `range` of `bytes`, in any case, where `bytes` go on after the
    /// name (a line's name, then its parameters or value). A name of one to eight bytes with
    /// eight bytes to read from its start is read in one load, its length masking off the rest:
    /// no branch on the length, which differs from line to line.
    ///
    /// ```swift
    /// let table = NameTable([("TEL", 1), ("EMAIL", 2)])
    /// let line: [UInt8] = Array("tel;TYPE=work:+1 555 0100".utf8)
    /// line.withUnsafeBufferPointer { table.value(forNameAt: 0..<3, in: $0) }   // 1
    /// ```
    @inline(__always)
    func value(forNameAt range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        let name = UnsafeBufferPointer(rebasing: bytes[range])
        guard UInt(bitPattern: name.count &- 1) < 8, range.lowerBound &+ 8 <= bytes.count else { return longNameValue(for: name) }
        let word = Word.load(bytes, at: range.lowerBound) & (~0 &>> UInt64(64 &- 8 &* name.count))
        return slots[find(name, head: Self.upperCased(word))].value
    }

    /// ``value(for:)``, for the few names that ``value(forNameAt:in:)`` does not read in one load.
    @inline(never)
    private func longNameValue(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        value(for: bytes)
    }

    /// The value of `name`, in any case.
    func value(for name: String) -> Value? {
        var name = name
        return name.withUTF8 { value(for: $0) }
    }

    /// The slot that holds the name spelled by `bytes` (its ``head(of:)`` given), or the empty
    /// slot where it would go.
    @inline(__always)
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, head: UInt64) -> Int {
        var hash = (head ^ UInt64(truncatingIfNeeded: bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        if bytes.count > 8 {
            for b in bytes[8...] { hash = (hash ^ UInt64(b.asciiUppercased)) &* 0x100_0000_01b3 }
        }
        var index = Int(truncatingIfNeeded: hash >> 32) & mask
        return names.withUnsafeBufferPointer { names in
            while slots[index].count >= 0 {
                let slot = slots[index]
                if slot.head == head, Int(slot.count) == bytes.count, bytes.count <= 8 || Self.restEquals(bytes, names, from: Int(slot.start)) {
                    return index
                }
                index = (index + 1) & mask
            }
            return index
        }
    }

    /// The first eight bytes (fewer, zero-filled, for a shorter name), the first in the low bits,
    /// with `a`–`z` upper-cased; other bytes are kept as they are (a byte of 0x80 or more may
    /// upset the case of its neighbours, which only matters for names no table holds).
    @inline(__always)
    private static func head(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        let word: UInt64
        if count >= 8 {
            word = Word.load(bytes, at: 0)
        } else if count >= 4 {
            // Two loads of four that overlap where the name is shorter than eight: the bytes
            // they share are the same, so or-ing them is right.
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            word = low | high << UInt64(8 &* (count &- 4))
        } else if count >= 2 {
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            word = low | high << UInt64(8 &* (count &- 2))
        } else {
            word = count == 1 ? UInt64(bytes[0]) : 0
        }
        return upperCased(word)
    }

    /// `word` with `a`–`z` upper-cased (exact for ASCII bytes).
    @inline(__always)
    private static func upperCased(_ word: UInt64) -> UInt64 {
        word & ~(Word.inRange(word, 0x61, 0x7A) >> 2)
    }

    /// Whether the bytes after the first eight equal the upper-cased name at `start` in `names`.
    private static func restEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ names: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        for i in 8..<bytes.count where bytes[i].asciiUppercased != names[start + i] { return false }
        return true
    }
}

extension UInt8 {
    /// Folds `a`–`z` to upper case and leaves every other byte alone.
    @inline(__always) var asciiUppercased: UInt8 {
        (self &- 0x61) < 26 ? self & 0xDF : self
    }
}
