import VCardParser

/// A property's value decoded by its shape in ``VCardParser/PropertyRules``, so that spellings meaning the same compare equal:
/// escapes resolved, structured values split into components (trailing empty ones dropped),
/// lists split into items, inline binary data decoded to its bytes.
package enum PropertyValue: Hashable {
    case text(String)
    case components([String])
    case list([String])
    case binary([UInt8])

    package init(_ property: Property) {
        if let nested = property.embeddedCard {  // a nested card compares as its canonical text
            self = .text(String(decoding: VCardWriter(style: .canonical).encode([nested]), as: UTF8.self))
            return
        }
        switch property.rules?.shape {
        case .structured?, .structuredLists?:
            var components = property.components
            while components.count > 1, components.last == "" { components.removeLast() }
            self = .components(components)
        case .list?:
            self = .list(property.listValues)
        default:
            let encoding = property.parameter("ENCODING")?.values.first?.lowercased()
            let isInline = encoding == "b" || encoding == "base64" || property.value.lowercased().hasPrefix("data:")
            if isInline, let bytes = property.binaryData {
                self = .binary(bytes)
            } else {
                self = .text(property.text)
            }
        }
    }

    /// The value as one string: components joined with `;`, list items with `,`, binary data
    /// as its size.
    package var display: String {
        switch self {
        case .text(let text): return text
        case .components(let components): return components.joined(separator: ";")
        case .list(let items): return items.joined(separator: ",")
        case .binary(let bytes): return "<\(bytes.count) bytes>"
        }
    }
}
