/// The card formats the package reads and writes, for choosing a reader and a writer by name.
///
/// Each format has its reader and writer in a file of its own (vCard in `VCardParser`,
/// ``JCard``, ``XCard``, ``CSV``); a new format adds a case here and its file.
///
/// ```swift
/// CardFormat(rawValue: "jcard")                     // .jcard
/// CardFormat.detect(Array(" [\"vcard\", []]".utf8))  // .jcard
/// ```
public enum CardFormat: String, CaseIterable, Hashable, Sendable {
    /// vCard 2.1, 3.0 or 4.0 text (`.vcf`).
    case vcard
    /// jCard, RFC 7095 (`.json`).
    case jcard
    /// xCard, RFC 6351 (`.xml`).
    case xcard
    /// A contacts table, RFC 4180 (`.csv`), in one of the layouts of ``CSVLayout``.
    case csv

    /// The format of an input, from its first byte that is not white space (after a UTF-8
    /// byte-order mark): `[` is jCard, `<` is xCard, a first line that is Google's or Outlook's
    /// CSV header row (``CSVLayout/detect(_:)``) is CSV, anything else vCard.
    ///
    /// - Complexity: O(n) in the leading white space and the first line.
    public static func detect(_ bytes: [UInt8]) -> CardFormat {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .vcard }
        switch bytes[i] {
        case UInt8(ascii: "["): return .jcard
        case UInt8(ascii: "<"): return .xcard
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return .vcard
        default: return CSVLayout.detect(bytes) != nil ? .csv : .vcard
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .vcard: return "vcf"
        case .jcard: return "json"
        case .xcard: return "xml"
        case .csv: return "csv"
        }
    }
}
