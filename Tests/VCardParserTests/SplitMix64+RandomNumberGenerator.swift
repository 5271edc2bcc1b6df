/// The benchmark corpus's generator (`SplitMix64.swift` links to it), here a
/// `RandomNumberGenerator` so that the property-based tests draw with `random(in:using:)`.
extension SplitMix64: RandomNumberGenerator {}
