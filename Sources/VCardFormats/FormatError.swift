/// A jCard or xCard input that cannot be read: bad JSON or XML, or a document that is not a
/// jCard or xCard.
///
/// ```swift
/// do { _ = try JCard.decode(Array("[\"vcard\", [}".utf8)) } catch { print(error) }
/// // 1:12: expected a value
/// ```
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem, or 0 when not known.
    public var line: Int
    /// 1-based column (in UTF-8 bytes, like `VCardParser.SourcePosition`), or 0 when not known.
    public var column: Int
    public var message: String

    public init(line: Int = 0, column: Int = 0, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: message`, or the message alone when the position is not known.
    public var description: String {
        guard line > 0 else { return message }
        return column > 0 ? "\(line):\(column): \(message)" : "\(line): \(message)"
    }

    /// The error at byte `offset` of `bytes`, with its line and column.
    init(at offset: Int, in bytes: [UInt8], _ message: String) {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        self.init(line: line, column: offset - lineStart + 1, message)
    }
}
