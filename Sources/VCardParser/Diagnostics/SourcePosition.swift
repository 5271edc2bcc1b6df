/// Where in the input a problem was found: 1-based physical line and column (UTF-8 bytes).
///
/// ```swift
/// let position = SourcePosition(line: 3, column: 1)
/// print(position)   // "3:1"
/// ```
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based physical line number.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes.
    public var column: Int

    /// A position; the column defaults to the start of the line.
    public init(line: Int, column: Int = 1) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }

    /// Earlier in the input first.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
