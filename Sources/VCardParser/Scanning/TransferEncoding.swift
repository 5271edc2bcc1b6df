/// The transfer encoding a line names (`ENCODING=…`, or the bare 2.1 keyword), read from its
/// bytes: no string is made for the names every exporter writes.
///
/// ```swift
/// let text = Array("QUOTED-PRINTABLE".utf8)
/// text.withUnsafeBufferPointer { TransferEncoding.named($0, 0..<$0.count, version: .v2_1) }   // .quotedPrintable
/// ```
enum TransferEncoding: Equatable {
    case sevenBit, eightBit, quotedPrintable, base64
    /// Any other name (``name(_:_:version:)`` spells it): no payload, so that reading a line
    /// copies and frees no string for its encoding.
    case other

    /// Whether the value's bytes are its text, with nothing to undo (base64 stays text until
    /// ``Property/binaryData`` decodes it).
    var keepsBytes: Bool { self == .sevenBit || self == .eightBit || self == .base64 }

    /// The encoding named by the parameter value at `range`.
    static func named(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion) -> TransferEncoding {
        let raw = UnsafeBufferPointer(rebasing: text[range])
        if ASCII.equals(raw, lowercased: "quoted-printable") { return .quotedPrintable }
        if ASCII.equals(raw, lowercased: "b") || ASCII.equals(raw, lowercased: "base64") { return .base64 }
        if ASCII.equals(raw, lowercased: "7bit") { return .sevenBit }
        if ASCII.equals(raw, lowercased: "8bit") { return .eightBit }
        // Quoted or escaped (`ENCODING="b"`): decoded as any parameter value is, then looked at again.
        switch name(text, range, version: version) {
        case "quoted-printable": return .quotedPrintable
        case "b", "base64": return .base64
        case "7bit": return .sevenBit
        case "8bit": return .eightBit
        default: return .other
        }
    }

    /// The name at `range`, decoded as a parameter value is, lower-cased.
    static func name(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, version: VCardVersion) -> String {
        ASCII.lowercased(ParameterScanner.value(text, range, version: version))
    }
}
