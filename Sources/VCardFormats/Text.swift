/// ASCII case folding for names (property, parameter and type names are ASCII; values are not
/// touched), without the Unicode rules of `lowercased()`.
enum Text {
    static func lowercased(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return s }
        return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func uppercased(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return s }
        return String(decoding: s.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 & 0xDF : $0 }, as: UTF8.self)
    }

    static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && lowercased(a) == lowercased(b)
    }
}
