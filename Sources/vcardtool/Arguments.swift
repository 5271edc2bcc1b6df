/// A pull parser over the command line, in the conventions of swift-argument-parser:
/// `--name value` and `--name=value`, flags, `--` to end options, `-` for standard input.
///
/// The subcommand's declared options (its help table, read through ``OptionLabel``) are known:
/// a short name declared beside a long one (`-e, --email <address>`) is taken with it, a value
/// that is itself one of them is a missing value (`--email --name zoe` is not an email of
/// `--name`), an unknown option is reported with the nearest declared one, and asking for an
/// option that is not declared is a programming error.
///
/// ```swift
/// var arguments = Arguments(["-e", "a@b.c", "x.vcf"], declared: [OptionLabel("-e, --email <address>")])
/// let email = try arguments.option("email")      // "a@b.c"
/// let files = try arguments.finish()             // ["x.vcf"]
/// ```
struct Arguments {
    private var items: [String?]
    /// The subcommand's options and flags.
    private let labels: [OptionLabel]
    /// Every name of every declared option, `--name` and `-n`.
    private let declared: Set<String>

    init(_ arguments: [String], declared labels: [OptionLabel]) {
        items = arguments
        self.labels = labels
        declared = Set(labels.flatMap(\.names))
    }

    /// Whether `--name` (or its short name) is present; removes it.
    mutating func flag(_ name: String) -> Bool {
        let names = self.names(of: name)
        var found = false
        for i in items.indices where !isAfterTerminator(i) {
            if let item = items[i], names.contains(item) {
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

    /// The value of `--name N` as a whole number above 0, or `nil` when not given; removes it.
    mutating func positiveInteger(_ name: String) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text), value > 0 else { throw UsageError("--\(name) takes a whole number above 0, not '\(text)'") }
        return value
    }

    /// Every value of a repeatable option (given by its long or short name), in order.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        let names = self.names(of: name)
        var values: [String] = []
        var i = 0
        while i < items.count {
            guard !isAfterTerminator(i), let item = items[i] else { i += 1; continue }
            if names.contains(item) {
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
                let name = String(item.prefix { $0 != "=" })
                var message = "Unknown option '\(name)'"
                if let guess = Help.nearest(name, in: labels.map(\.longName)) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message)
            }
            positionals.append(item)
        }
        return positionals
    }

    /// The declared names of `--name`: itself and its short name, if any.
    private func names(of name: String) -> [String] {
        let label = labels.first { $0.longName == "--" + name }
        assert(label != nil, "--\(name) is not in the subcommand's options")
        return label?.names ?? ["--" + name]
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
