/// A pull parser over the command line, in the conventions of swift-argument-parser:
/// `--name value` and `--name=value`, flags, `--` to end options, `-` for standard input.
///
/// The subcommand's declared options (its help table) are known: a value that is itself one of
/// them is a missing value (`--email --name zoe` is not an email of `--name`), and asking for an
/// option that is not declared is a programming error.
///
/// ```swift
/// var arguments = Arguments(["--email", "a@b.c", "x.vcf"], declared: ["--email"])
/// let email = try arguments.option("email")      // "a@b.c"
/// let files = try arguments.finish()             // ["x.vcf"]
/// ```
struct Arguments {
    private var items: [String?]
    /// The subcommand's options and flags, `--name` and `-n`.
    private let declared: Set<String>

    init(_ arguments: [String], declared: Set<String>) {
        items = arguments
        self.declared = declared
    }

    /// The option names in a help table's labels: `"-h, --help"` gives `-h` and `--help`,
    /// `"--email <address>"` gives `--email`.
    static func names(in options: [(String, String)]) -> Set<String> {
        Set(options.flatMap { label, _ in
            label.split(separator: ",").compactMap { part in
                part.split(separator: " ").first.map(String.init).flatMap { $0.hasPrefix("-") ? $0 : nil }
            }
        })
    }

    /// Whether `--name` (or `-short`) is present; removes it.
    mutating func flag(_ name: String, short: Character? = nil) -> Bool {
        assert(declared.contains("--" + name), "--\(name) is not in the subcommand's options")
        var found = false
        for i in items.indices where !isAfterTerminator(i) {
            if items[i] == "--" + name || (short.map { items[i] == "-\($0)" } ?? false) {
                items[i] = nil
                found = true
            }
        }
        return found
    }

    /// The value of `--name value` or `--name=value` (the last one given); removes it.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// Every value of a repeatable option, in order.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        assert(declared.contains("--" + name), "--\(name) is not in the subcommand's options")
        var values: [String] = []
        var i = 0
        while i < items.count {
            guard !isAfterTerminator(i), let item = items[i] else { i += 1; continue }
            if item == "--" + name {
                guard i + 1 < items.count, let value = items[i + 1], value != "--", !isDeclared(value) else {
                    throw UsageError("Missing value for '--\(name)'")
                }
                values.append(value)
                items[i] = nil
                items[i + 1] = nil
                i += 2
                continue
            }
            if item.hasPrefix("--\(name)=") {
                values.append(String(item.dropFirst(name.count + 3)))
                items[i] = nil
            }
            i += 1
        }
        return values
    }

    /// The remaining arguments as positionals; an unknown option is an error.
    mutating func finish() throws(UsageError) -> [String] {
        var positionals: [String] = []
        var afterTerminator = false
        for item in items {
            guard let item else { continue }
            if afterTerminator { positionals.append(item); continue }
            if item == "--" { afterTerminator = true; continue }
            if item.hasPrefix("-") && item != "-" {
                throw UsageError("Unknown option '\(item.split(separator: "=").first ?? "")'")
            }
            positionals.append(item)
        }
        return positionals
    }

    /// Whether `item` is one of the subcommand's options (`--name` or `--name=value`).
    private func isDeclared(_ item: String) -> Bool {
        declared.contains(String(item.prefix { $0 != "=" }))
    }

    private func isAfterTerminator(_ index: Int) -> Bool {
        items[..<index].contains { $0 == "--" }
    }
}

/// A mistake on the command line: printed with the usage, exit status 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
