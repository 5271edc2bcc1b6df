/// A fixed table from names (compared ignoring ASCII case) to values, looked up from the bytes
/// of a line as read: no string is made and nothing is allocated, so a per-line look-up costs
/// a hash of the name's bytes and one comparison.
///
/// Open addressing with linear probing in a power-of-two array at most half full; the names
/// are kept upper-cased, one after another, in one byte array.
///
/// ```swift
/// let table = NameTable([("TEL", 1), ("EMAIL", 2)])
/// table.value(for: "tel")   // 1
/// ```
struct NameTable<Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        var start: Int32
        var count: Int32
        var value: Value
    }

    private var names: [UInt8] = []
    private var slots: [Slot?]
    private let mask: Int

    /// A table of `entries`; the first of names that differ only in case wins.
    init<S: Sequence<(String, Value)>>(_ entries: S) {
        let entries = Array(entries)
        var size = 8
        while size < entries.count * 2 { size <<= 1 }
        mask = size - 1
        slots = Array(repeating: nil, count: size)
        for (name, value) in entries {
            let bytes = Array(ASCII.uppercased(name).utf8)
            let found = bytes.withUnsafeBufferPointer { find($0) }
            guard slots[found] == nil else { continue }
            slots[found] = Slot(start: Int32(names.count), count: Int32(bytes.count), value: value)
            names += bytes
        }
    }

    /// The value of the name spelled by `bytes`, in any case.
    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        slots[find(bytes)]?.value
    }

    /// The value of `name`, in any case.
    func value(for name: String) -> Value? {
        var name = name
        return name.withUTF8 { value(for: $0) }
    }

    /// The slot that holds the name, or the empty slot where it would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b.asciiUppercased)) &* 0x100_0000_01b3 }
        var index = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        return names.withUnsafeBufferPointer { names in
            while let slot = slots[index] {
                if Int(slot.count) == bytes.count {
                    var same = true
                    for i in 0..<bytes.count where bytes[i].asciiUppercased != names[Int(slot.start) + i] {
                        same = false
                        break
                    }
                    if same { return index }
                }
                index = (index + 1) & mask
            }
            return index
        }
    }
}

extension UInt8 {
    /// Folds `a`–`z` to upper case and leaves every other byte alone.
    @inline(__always) var asciiUppercased: UInt8 {
        (self &- 0x61) < 26 ? self & 0xDF : self
    }
}
