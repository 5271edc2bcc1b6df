/// What a help table's label declares about an option: its names and the value it takes.
///
/// The `(label, help)` rows of a subcommand's `options` are the one declaration of its options;
/// parsing (``Arguments``), help, completion scripts and the man page all read them through
/// this type.
///
/// ```swift
/// let label = OptionLabel("-e, --email <address>")
/// label.names          // ["-e", "--email"]
/// label.value          // .placeholder("address")
/// OptionLabel("--format text|json").value   // .choices(["text", "json"])
/// OptionLabel("--strict").value             // nil: a flag
/// ```
struct OptionLabel: Equatable {
    /// The value an option takes.
    enum Value: Equatable {
        /// `<address>`: any text (``CompletionScript/Completing`` tells files and folders by the name).
        case placeholder(String)
        /// `text|json`: one of these words.
        case choices([String])
    }

    /// The names as written, short ones first: `-e`, `--email`.
    var names: [String]
    /// `nil` for a flag.
    var value: Value?

    init(_ label: String) {
        var names: [String] = []
        var value: Value?
        for part in label.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let name = words.first, name.hasPrefix("-") else { continue }
            names.append(String(name))
            guard words.count > 1 else { continue }
            let text = words[1]
            if text.hasPrefix("<") {
                value = .placeholder(String(text.dropFirst().dropLast()))
            } else {
                value = .choices(text.split(separator: "|").map(String.init))
            }
        }
        self.names = names
        self.value = value
    }

    /// The `--long` name, or the short one when there is none.
    var longName: String { names.last { $0.hasPrefix("--") } ?? names[0] }

    /// The labels of a subcommand's options, the help row included.
    static func all(of command: any Subcommand.Type) -> [OptionLabel] {
        (command.options + Help.helpOption).map { OptionLabel($0.0) }
    }
}
