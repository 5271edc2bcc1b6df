/// The manual page, vcardtool(1), in roff, generated from the same declarations as the help
/// (``Help``, each subcommand's abstract, usage, discussion, options and examples).
///
/// ```swift
/// let page = ManPage(commands: VCardTool.subcommands, version: VCardTool.version).text
/// // .TH VCARDTOOL 1 "" "vcardtool 0.1.0" "User Commands"
/// ```
struct ManPage {
    var commands: [any Subcommand.Type]
    var version: String

    var text: String {
        var lines = [
            ".TH VCARDTOOL 1 \"\" \"vcardtool \(version)\" \"User Commands\"",
            ".SH NAME",
            "vcardtool \\- " + Self.escaped(Help.summary),
            ".SH SYNOPSIS",
            ".B vcardtool",
            "\\fIsubcommand\\fR [\\fIoptions\\fR] [\\fIfile-folder-or-url\\fR ...]",
            ".br",
            ".B vcardtool help",
            "[\\fIsubcommand\\fR | " + Self.escaped(Help.manOption.0) + "]",
            ".SH DESCRIPTION",
        ]
        lines += Self.paragraph(Help.inputs)
        lines += [".SH OPTIONS"]
        lines += Self.list(Help.globalOptions(version: version) + [Help.manOption].map { ("help " + $0.0, $0.1) })
        lines += [".SH SUBCOMMANDS"]
        for command in commands {
            lines += [".SS " + Self.escaped("vcardtool \(command.name) \(command.usage)")]
            lines += Self.paragraph(command.abstract)
            if !command.discussion.isEmpty { lines += [".PP"] + Self.paragraph(command.discussion) }
            lines += Self.list(command.options + Help.helpOption)
            if !command.examples.isEmpty {
                lines += [".PP", "Examples:"]
                for (example, comment) in command.examples {
                    lines += [".PP", ".RS", Self.escaped("# " + comment), ".br", ".B " + Self.escaped(example), ".RE"]
                }
            }
        }
        lines += [".SH ENVIRONMENT"] + Self.list(Help.environment)
        lines += [".SH EXIT STATUS"] + Self.list(Help.exitStatus)
        lines += [".PP"] + Self.paragraph(Help.messages)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `.TP` entries: the label in bold (its `<value>` in italics), the help below.
    private static func list(_ rows: [(String, String)]) -> [String] {
        rows.flatMap { label, help in
            let words = label.split(separator: " ").map { word in
                word.hasPrefix("<") ? "\\fI\(escaped(String(word)))\\fB" : escaped(String(word))
            }
            return [".TP", ".B " + words.joined(separator: " "), escaped(help)]
        }
    }

    /// Text lines, each escaped; a run of indented lines (an example, a JSON schema) is kept as it
    /// is written, unfilled (`.nf` … `.fi`).
    private static func paragraph(_ text: String) -> [String] {
        var lines: [String] = [], verbatim = false
        for line in text.split(separator: "\n") {
            let indented = line.first == " "
            if indented != verbatim { lines.append(indented ? ".nf" : ".fi") }
            verbatim = indented
            lines.append(escaped(String(line)))
        }
        if verbatim { lines.append(".fi") }
        return lines
    }

    /// Backslashes as `\e`, hyphens as `\-`, other than ASCII as `\[u2026]` (troff reads
    /// bytes, not UTF-8), and a leading `.` or `'` made literal with `\&`.
    static func escaped(_ text: String) -> String {
        var result = text.first == "." || text.first == "'" ? "\\&" : ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
