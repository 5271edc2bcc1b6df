import VCardParser

extension Property {
    /// Removes every parameter called `name` after the first, and returns the first one's index
    /// (`nil` when there is none). Readers take the first; an edit that changes or removes it
    /// must not let a second one show through.
    ///
    /// ```swift
    /// if let index = p.removeRepeatedParameters("X-USER") { p.parameters[index].values = ["ada"] }
    /// ```
    mutating func removeRepeatedParameters(_ name: String) -> Int? {
        let indices = parameters.indices.filter { parameters[$0].hasName(name) }
        for index in indices.dropFirst().reversed() { parameters.remove(at: index) }
        return indices.first
    }
}
