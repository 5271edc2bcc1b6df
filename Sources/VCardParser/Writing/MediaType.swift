/// The media type of a `PHOTO`, `LOGO`, `SOUND` or `KEY`, between the format words of 2.1/3.0
/// (`TYPE=JPEG`, `TYPE=PGP`; RFC 2426 §3.1.4, §3.7.2) and the media types of 4.0 (`MEDIATYPE=`,
/// `data:image/jpeg;…`; RFC 6350 §5.7).
///
/// A `TYPE` value is a format only when this table knows it for the property, or it holds a `/`:
/// `PHOTO;TYPE=WORK` (as KContacts writes it) is a photo of work, not `image/work`. Data with no
/// format is looked at (its first bytes: JPEG, PNG, GIF, …) and is `application/octet-stream`
/// only when nothing is recognized; that type goes back to no `TYPE` at all.
///
/// ```swift
/// MediaType.mediaType(forFormat: "JPG", property: "PHOTO")       // "image/jpeg"
/// MediaType.format(of: "application/pgp-keys")                  // "PGP"
/// ```
package enum MediaType {
    /// The type of data nothing says anything about (RFC 2046 §4.5.1).
    static let unknown = "application/octet-stream"

    /// Format words and their media types, per top-level type; the first word of a media type is
    /// the one written back.
    private static let formats: [(top: String, words: [(String, String)])] = [
        (
            "image",
            [
                ("JPEG", "image/jpeg"), ("JPG", "image/jpeg"), ("PNG", "image/png"), ("GIF", "image/gif"), ("BMP", "image/bmp"),
                ("TIFF", "image/tiff"), ("TIF", "image/tiff"), ("WEBP", "image/webp"), ("HEIC", "image/heic"),
                ("SVG", "image/svg+xml"), ("PICT", "image/x-pict"),
            ]
        ),
        (
            "audio",
            [
                ("WAVE", "audio/wav"), ("WAV", "audio/wav"), ("AIFF", "audio/aiff"), ("BASIC", "audio/basic"),
                ("MP3", "audio/mpeg"), ("MPEG", "audio/mpeg"), ("OGG", "audio/ogg"), ("AAC", "audio/aac"),
            ]
        ),
        (
            "application",
            [
                ("PGP", "application/pgp-keys"), ("GPG", "application/pgp-keys"), ("X509", "application/pkix-cert"),
                ("X.509", "application/pkix-cert"),
            ]
        ),
    ]

    private static func top(of property: String) -> String {
        switch ASCII.uppercased(property) {
        case "SOUND": "audio"
        case "KEY": "application"
        default: "image"
        }
    }

    /// The media type a 2.1/3.0 `TYPE` value names for `property`; `nil` when it is no format
    /// (`WORK`, `HOME`, `pref`).
    static func mediaType(forFormat word: String, property: String) -> String? {
        if word.utf8.contains(UInt8(ascii: "/")) { return ASCII.lowercased(word) }
        let upper = ASCII.uppercased(word), top = top(of: property)
        return formats.first { $0.top == top }?.words.first { $0.0 == upper }?.1
    }

    /// The 3.0 `TYPE` word of a media type: the table's word, else the subtype in upper case
    /// (`image/x-foo` → `X-FOO`); `nil` for ``unknown``, which 3.0 says by having no type.
    static func format(of mediaType: String) -> String? {
        let lower = ASCII.lowercased(mediaType)
        guard lower != unknown, !lower.isEmpty else { return nil }
        for (_, words) in formats { if let word = words.first(where: { $0.1 == lower }) { return word.0 } }
        return ASCII.uppercased(String(lower.split(separator: "/").last ?? lower[...]))
    }

    /// The media type of base64 `data` by its first bytes (JPEG, PNG, GIF, BMP, TIFF, WebP, WAVE,
    /// Ogg, MP3), else ``unknown``.
    static func sniffed(base64 data: Substring) -> String { sniffed(bytes: Base64.decode(data.prefix(16)) ?? []) }

    /// The media type of `head`, the first bytes of some data (see ``sniffed(base64:)``).
    package static func sniffed(bytes head: [UInt8]) -> String {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        let riff = starts(Array("RIFF".utf8))
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("BM".utf8)) { return "image/bmp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if riff && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if riff && starts(Array("WAVE".utf8), at: 8) { return "audio/wav" }
        if starts(Array("OggS".utf8)) { return "audio/ogg" }
        if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) { return "audio/mpeg" }
        return unknown
    }
}
