import Synchronization

/// How libphonenumber writes the national significant numbers of one calling code: its number
/// formats, tried in order (the first whose leading digits and whole pattern match the number
/// wins), read from the generated ``phoneFormatTable`` (see `scripts/phone-metadata.py`). The
/// regular expressions of a calling code are compiled the first time one of its numbers is
/// written.
///
/// ```swift
/// let gb = PhoneFormats.forCountryCode(44)!
/// gb.write("2079460001", national: true)    // "020 7946 0001"
/// gb.write("2079460001", national: false)   // "20 7946 0001"
/// ```
struct PhoneFormats: Sendable {
    /// One number format: a number it fits is written by replacing `$1`, `$2`… in `format` with
    /// the groups of `pattern`.
    struct Format: @unchecked Sendable {
        /// Matched at the start of the number (the most detailed of libphonenumber's leading
        /// digits patterns), or `nil` when the format applies to any number its pattern fits.
        let leadingDigits: Regex<AnyRegexOutput>?
        let pattern: Regex<AnyRegexOutput>
        let format: String
        /// The format with the national prefix (`0$1 $2`, `8 ($1) $2`), for national numbers.
        let nationalFormat: String
    }

    let national: [Format]
    /// The formats of international numbers when they differ from the national ones (`nil`: the
    /// national formats without their national prefix).
    let international: [Format]?
    /// Written before an extension: ` ext. ` unless the calling code has its own (` int. `…).
    let extensionPrefix: String

    /// Writes a national significant number grouped as its calling code does: with the national
    /// prefix (`national`) or as it follows the calling code in international form. A number no
    /// format fits is written as its digits.
    func write(_ number: String, national: Bool) -> String {
        let formats = national ? self.national : (international ?? self.national)
        for format in formats {
            if let leading = format.leadingDigits, (try? leading.prefixMatch(in: number)) == nil { continue }
            guard let match = try? format.pattern.wholeMatch(in: number) else { continue }
            return Self.substitute(match.output, into: national ? format.nationalFormat : format.format)
        }
        return number
    }

    /// `template` with each `$N` replaced by group N of `groups`.
    private static func substitute(_ groups: AnyRegexOutput, into template: String) -> String {
        var written = ""
        var bytes = template.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "$"), let digit = bytes.next() else {
                written.unicodeScalars.append(Unicode.Scalar(byte))
                continue
            }
            let group = Int(digit) - 0x30
            if group < groups.count, let text = groups[group].substring { written += text }
        }
        return written
    }

    /// The formats of a calling code (those of its main region), or `nil` when libphonenumber has
    /// none for it.
    static func forCountryCode(_ code: Int) -> PhoneFormats? {
        if let compiled = cache.withLock({ $0[code] }) { return compiled }
        guard let lines = table[code] else { return nil }
        let compiled = PhoneFormats(lines)
        cache.withLock { $0[code] = compiled }
        return compiled
    }

    private init(_ lines: [[Substring]]) {
        func format(_ fields: [Substring]) -> Format {
            Format(
                leadingDigits: fields[2].isEmpty ? nil : try! Regex(String(fields[2])),
                pattern: try! Regex(String(fields[3])), format: String(fields[4]),
                nationalFormat: String(fields.count > 5 ? fields[5] : fields[4]))
        }
        national = lines.filter { $0[0] == "N" }.map(format)
        let international = lines.filter { $0[0] == "I" }.map(format)
        self.international = international.isEmpty ? nil : international
        extensionPrefix = lines.first { $0[0] == "X" }.map { String($0[2]) } ?? " ext. "
    }

    private static let cache = Mutex<[Int: PhoneFormats]>([:])

    /// The table's lines, split into fields, by calling code.
    private static let table: [Int: [[Substring]]] = {
        var table: [Int: [[Substring]]] = [:]
        for line in phoneFormatTable.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            precondition(fields.count >= 3, "phoneFormatTable: a line has \(fields.count) fields")
            table[Int(fields[1])!, default: []].append(fields)
        }
        return table
    }()
}
