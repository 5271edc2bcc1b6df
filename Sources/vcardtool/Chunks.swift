/// Elements appended in chunks of a fixed capacity that never move: an append never copies
/// what is stored, as a growing array does at each doubling, writing all of it again to fresh
/// pages, a page fault each (over two microseconds each on the machine measured). Held so,
/// ``UIDRegistry`` took 4,508 page faults where it took 7,028 on 100,000 cards.
///
/// Two kinds of element storage, for the two uses: single elements by number
/// (``append(_:)``), or runs that lie together in one chunk (``append(run:)``); a storage is
/// used one way.
///
/// ```swift
/// var numbers = Chunks<Int>(chunkCapacity: 4)
/// for n in 0..<10 { numbers.append(n * n) }
/// numbers[7]                                        // 49
/// var bytes = Chunks<UInt8>(chunkCapacity: 4)
/// let place = bytes.append(run: [1, 2, 3])
/// bytes[run: place, count: 3]                       // [1, 2, 3]
/// ```
struct Chunks<Element> {
    /// Where a run lies: its chunk and its first element's offset there (in 32 bits each, so
    /// that a registry entry that holds one is 24 bytes).
    struct Place {
        let chunk: Int32
        let offset: Int32
    }

    private var chunks: [[Element]] = []
    private let chunkCapacity: Int
    /// How many single elements are stored (``append(_:)``).
    private(set) var count = 0

    /// `chunkCapacity` elements a chunk; a power of two, so that a number's chunk is a shift.
    init(chunkCapacity: Int) {
        precondition(chunkCapacity > 0 && chunkCapacity & (chunkCapacity - 1) == 0 && chunkCapacity <= Int32.max, "a chunk's capacity is a power of two")
        self.chunkCapacity = chunkCapacity
    }

    /// Appends one element; it is `self[count - 1]` now.
    mutating func append(_ element: Element) {
        if count & (chunkCapacity - 1) == 0 { startChunk(capacity: chunkCapacity) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The element appended `number`th (from 0) by ``append(_:)``.
    subscript(number: Int) -> Element {
        chunks[number / chunkCapacity][number & (chunkCapacity - 1)]
    }

    /// Appends `run` where its elements lie together: in the last chunk when they fit there,
    /// else in a new one (of their own size when they are more than a chunk holds).
    mutating func append(run: some Collection<Element>) -> Place {
        if chunks.isEmpty || chunks[chunks.count - 1].count + run.count > chunkCapacity {
            startChunk(capacity: Swift.max(chunkCapacity, run.count))
        }
        let place = Place(chunk: Int32(chunks.count - 1), offset: Int32(chunks[chunks.count - 1].count))
        chunks[chunks.count - 1].append(contentsOf: run)
        return place
    }

    /// The `count` elements of the run appended at `place`.
    subscript(run place: Place, count count: Int) -> ArraySlice<Element> {
        let offset = Int(place.offset)
        return chunks[Int(place.chunk)][offset..<(offset + count)]
    }

    private mutating func startChunk(capacity: Int) {
        var chunk: [Element] = []
        chunk.reserveCapacity(capacity)
        chunks.append(chunk)
    }
}
