import Foundation

/// Base64 for inline binary values (`ENCODING=b`, `ENCODING=BASE64`, `data:` URIs).
enum Base64 {
    /// Decodes, ignoring whitespace and line breaks left from folding; `nil` if it is not base64.
    static func decode(_ text: Substring) -> [UInt8]? {
        var cleaned = text.utf8.filter { !($0 == .space || $0 == .tab || $0 == .cr || $0 == .lf) }
        while cleaned.count % 4 != 0 { cleaned.append(.equals) }  // some exporters drop the padding
        guard let data = Data(base64Encoded: Data(cleaned)) else { return nil }
        return [UInt8](data)
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
