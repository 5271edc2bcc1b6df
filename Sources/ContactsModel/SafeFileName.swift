/// Turns a UID into a file name that cannot leave its folder: no `/`, no `..`, no control
/// characters, no leading dot, at most 200 bytes.
///
/// ```swift
/// SafeFileName.make(from: "../../etc/passwd")   // "etc_passwd" (dots and slashes replaced)
/// ```
package enum SafeFileName {
    /// A file name for `uid`: letters, digits and `-_@+.` kept, anything else `_`, runs of dots
    /// broken, leading dots and underscores dropped; `contact` when nothing is left.
    /// Add the extension (`.vcf`) and a suffix for collisions yourself.
    package static func make(from uid: String) -> String {
        var out = ""
        for scalar in uid.unicodeScalars {
            let c = Character(scalar)
            if c.isLetter || c.isNumber || c == "-" || c == "_" || c == "@" || c == "+" || (c == ".") {
                out.unicodeScalars.append(scalar)
            } else {
                out.append("_")
            }
        }
        while out.contains("..") { out = out.replacingOccurrences(of: "..", with: "_") }
        while out.hasPrefix(".") || out.hasPrefix("_") { out.removeFirst() }
        if out.utf8.count > 200 { out = String(decoding: Array(out.utf8.prefix(200)), as: UTF8.self) }
        return out.isEmpty ? "contact" : out
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
