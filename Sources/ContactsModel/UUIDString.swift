import Foundation

/// Random identifiers for new contacts and labeled values.
enum UUIDString {
    static func random() -> String { UUID().uuidString }
}

/// Base64 text for inline photos.
enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
