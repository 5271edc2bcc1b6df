/// Help text in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`, `OPTIONS:`, labels
/// indented by 2 and help starting at column 26.
enum Help {
    static let column = 26
    /// The row every subcommand's OPTIONS end with.
    static let helpOption = [("-h, --help", "Show help information.")]
    /// What `vcardtool help` takes besides a subcommand's name.
    static let manOption = ("--man", "Print the manual page (roff), e.g. 'vcardtool help --man | man -l -'.")

    /// The options of `vcardtool` itself, before any subcommand.
    static func globalOptions(version: String) -> [(String, String)] {
        [("--version", "Show the version (\(version)).")] + helpOption
    }

    /// The tool's one-line summary.
    static let summary = "Read, check, search, edit and compare vCard (.vcf) files losslessly."
    /// The abstract of `vcardtool help`.
    static let helpAbstract = "Show help for a subcommand, or with --man the manual page."
    /// How files and folders named on the command line are read.
    static let inputs = """
        A file of '-' or none reads standard input; a folder means every .vcf file in it
        (what is not a regular file there is skipped with a warning); a pipe or device named
        directly is read as a stream.
        """
    static let environment = [
        ("VCARDTOOL_THREADS", "Threads that parse cards (default: one per processor, at most 8)."),
        ("NO_COLOR", "When set and not empty: no colour in diff output, even on a terminal (unless --color always)."),
        ("TERM", "When dumb: no colour in diff output (unless --color always)."),
    ]
    static let exitStatus = [
        ("0", "Yes: done, the cards matched or are the same, the inputs are clean."),
        ("1", "No: no match, differences, or an input had errors (what could be read was still used)."),
        ("2", "Trouble: a bad option, an unreadable input, a conflict, a failed write (a full disk)."),
    ]
    static let messages = "Messages start with 'vcardtool SUBCOMMAND:', then FILE:LINE:COLUMN for a problem in a card."

    static func text(for command: any Subcommand.Type) -> String {
        var lines = ["OVERVIEW: \(command.abstract)", ""]
        if !command.discussion.isEmpty { lines += [command.discussion, ""] }
        lines += ["USAGE: vcardtool \(command.name) \(command.usage)", "", "OPTIONS:"]
        lines += rows(command.options + helpOption)
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for (example, comment) in command.examples { lines += ["  # \(comment)", "  \(example)"] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func overview(_ commands: [any Subcommand.Type], version: String) -> String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: vcardtool <subcommand> [<options>] [<file-folder-or-url> ...]", ""]
        lines += inputs.split(separator: "\n").map { "  " + $0 }
        lines += ["", "OPTIONS:"]
        lines += rows(globalOptions(version: version))
        lines += ["", "SUBCOMMANDS:"]
        lines += rows(commands.map { ($0.name, $0.abstract) })
        lines += ["", "ENVIRONMENT:"]
        lines += rows(environment)
        lines += ["", "EXIT STATUS:"]
        lines += rows(exitStatus)
        lines += ["", "  " + messages]
        lines += ["", "  See 'vcardtool help <subcommand>' for detailed help, 'vcardtool help --man' for the manual page."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rows(_ rows: [(String, String)]) -> [String] {
        rows.map { label, help in
            let left = "  " + label
            if left.count >= column - 1 { return left + "\n" + String(repeating: " ", count: column) + help }
            return left + String(repeating: " ", count: column - left.count) + help
        }
    }

    /// The closest name within two edits, for "did you mean".
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
