/// `--format text|json`: the same option, and the same message for a wrong value, in every
/// command that prints a report (`find`, `validate`, `diff`, `dupes`, `split`, `set-phone`).
///
/// ```swift
/// let format = try OutputFormat.parse(&arguments)   // .text without --format
/// ```
enum OutputFormat: String {
    case text, json

    /// Takes `--format` from the arguments (text without one); another value is a usage error.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> OutputFormat {
        let name = try arguments.option("format") ?? "text"
        guard let format = OutputFormat(rawValue: name) else { throw UsageError("Unknown format '\(name)'; use text or json") }
        return format
    }
}
