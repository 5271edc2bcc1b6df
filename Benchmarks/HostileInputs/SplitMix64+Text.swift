extension SplitMix64 {
    /// A hostile text for property-based tests: 0 to 8 pieces, each one of `pieces` (syntax
    /// characters and words of the format under test) or any Unicode scalar, control characters
    /// and the supplementary planes included.
    ///
    /// ```swift
    /// var rng = SplitMix64(seed: 13)
    /// let value = rng.text(pieces: ["\r\n", ":", ";", "BEGIN:VCARD"])
    /// ```
    public mutating func text(pieces: [String]) -> String {
        let ranges: [ClosedRange<UInt32>] = [0x00...0x1F, 0x20...0x7E, 0x7F...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        var s = ""
        for _ in 0..<Int.random(in: 0...8, using: &self) {
            if Bool.random(using: &self) {
                s += pieces.randomElement(using: &self)!
            } else {
                s.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &self)!, using: &self))!)
            }
        }
        return s
    }
}
