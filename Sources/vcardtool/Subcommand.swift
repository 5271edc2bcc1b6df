/// One `vcardtool` subcommand: its help text, how it reads its arguments, and what it does.
protocol Subcommand {
    static var name: String { get }
    /// One line for the overview.
    static var abstract: String { get }
    /// What follows `vcardtool NAME` in the usage line.
    static var usage: String { get }
    /// `(label, help)` rows for the OPTIONS section.
    static var options: [(String, String)] { get }
    /// Example command lines with a comment each.
    static var examples: [(String, String)] { get }
    /// Further explanation under the overview, if any.
    static var discussion: String { get }
    /// The words a positional argument can be (`bash`, `zsh`, `fish`), for completion; empty
    /// when the positionals are files or folders.
    static var positionalWords: [String] { get }

    init(parsing arguments: inout Arguments) throws(UsageError)
    func run(_ terminal: Terminal) throws -> ExitStatus
}

extension Subcommand {
    static var discussion: String { "" }
    static var positionalWords: [String] { [] }
}

/// The exit statuses of diff(1) and grep(1): 0 yes, 1 no, 2 trouble.
enum ExitStatus: Int32 {
    case success = 0
    /// A negative answer: differences, no match, validation errors.
    case failure = 1
    /// A usage error, unreadable input, a failed write.
    case trouble = 2
}

/// A failure to report on one line and exit 2 (a missing file, a failed write).
struct ToolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
