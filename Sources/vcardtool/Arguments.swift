/// A pull parser over the command line, in the conventions of swift-argument-parser:
/// `--name value` and `--name=value`, flags, `--` to end options, `-` for standard input.
///
/// ```swift
/// var arguments = Arguments(["--email", "a@b.c", "x.vcf"])
/// let email = try arguments.option("email")      // "a@b.c"
/// let files = try arguments.finish()             // ["x.vcf"]
/// ```
struct Arguments {
    private var items: [String?]

    init(_ arguments: [String]) {
        items = arguments
    }

    /// Whether `--name` (or `-short`) is present; removes it.
    mutating func flag(_ name: String, short: Character? = nil) -> Bool {
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
        var values: [String] = []
        var i = 0
        while i < items.count {
            guard !isAfterTerminator(i), let item = items[i] else { i += 1; continue }
            if item == "--" + name {
                guard i + 1 < items.count, let value = items[i + 1], value != "--" else {
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

    private func isAfterTerminator(_ index: Int) -> Bool {
        items[..<index].contains { $0 == "--" }
    }
}

/// A mistake on the command line: printed with the usage, exit status 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
