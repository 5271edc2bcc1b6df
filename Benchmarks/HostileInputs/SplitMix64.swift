/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64), so that a
/// corpus, or a property-based test's cases, are the same on every machine and every Swift
/// version. The benchmark's corpus generator and the tests share it.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let die = random.below(6) + 1
/// ```
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (the tiny modulo bias does not matter here).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with a probability of `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
