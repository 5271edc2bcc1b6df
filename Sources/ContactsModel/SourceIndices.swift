/// Where each labeled value of a contact read from a card came from: its identifier and the
/// index of its line in the card's properties, kept in card order.
///
/// A value read from a card is named `"<contact>/<index>"`, so a look-up reads the index back
/// from the identifier and checks the one entry with that index: no identifier is hashed, as a
/// dictionary did for each value read and each looked up. Any other identifier (a value added
/// since) is found in none.
///
/// ```swift
/// var sources = SourceIndices()
/// sources.append("C1/4", index: 4)
/// sources["C1/4"]   // 4
/// sources["C2/4"]   // nil
/// ```
struct SourceIndices: Sendable {
    private var entries: [(identifier: String, index: Int)] = []

    /// The identifier of the value read from the line at `index` of the contact `contact`:
    /// `"<contact>/<index>"`, written into the string's buffer at once (an interpolation
    /// appended its three parts one by one, about a thousand instructions a value read).
    static func identifier(ofValueAt index: Int, in contact: String) -> String {
        precondition(index >= 0, "a line's index")
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let written = contact.utf8.withContiguousStorageIfAvailable { prefix in
            String(unsafeUninitializedCapacity: prefix.count + 1 + digits) { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                if let from = prefix.baseAddress { base.update(from: from, count: prefix.count) }
                base[prefix.count] = UInt8(ascii: "/")
                var number = index
                var end = prefix.count + 1 + digits
                repeat {
                    end -= 1
                    base[end] = UInt8(ascii: "0") + UInt8(number % 10)
                    number /= 10
                } while number > 0
                return prefix.count + 1 + digits
            }
        }
        return written ?? "\(contact)/\(index)"
    }

    /// Records the value named `identifier`, read from the line at `index`: after every index recorded.
    mutating func append(_ identifier: String, index: Int) {
        precondition(entries.last.map { $0.index < index } ?? true, "values are recorded in card order, one a line")
        entries.append((identifier, index))
    }

    /// The index of the line the value named `identifier` was read from, or `nil`.
    subscript(identifier: String) -> Int? {
        guard let index = Self.trailingNumber(of: identifier) else { return nil }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].index < index { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].index == index, entries[low].identifier == identifier else { return nil }
        return index
    }

    /// The number after the last `/` of an identifier, or `nil` when none ends it.
    private static func trailingNumber(of identifier: String) -> Int? {
        var number = 0, scale = 1
        for byte in identifier.utf8.reversed() {
            if byte == UInt8(ascii: "/") { return scale > 1 ? number : nil }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), scale <= 1_000_000_000_000 else { return nil }
            number += Int(byte - UInt8(ascii: "0")) * scale
            scale *= 10
        }
        return nil
    }
}
