#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--color auto|always|never`: whether output is coloured (today only `diff`'s text).
///
/// `auto`, the default, colours only standard output that is a terminal, whose `TERM` is not
/// `dumb`, with `NO_COLOR` unset or empty (no-color.org); `always` and `never` decide alone.
///
/// ```swift
/// var arguments = Arguments(["--color", "never"], declared: [OptionLabel(ColorChoice.option.0)])
/// let choice = try ColorChoice.parse(&arguments)              // .never
/// ColorChoice.auto.isOn(outputIsTerminal: true) { $0 == "TERM" ? "dumb" : nil }   // false
/// ```
enum ColorChoice: String {
    case auto, always, never

    /// The help row of `--color`, the same for every command that takes it.
    static let option = (
        "--color auto|always|never",
        "Colour the text: auto (the default) on a terminal whose TERM is not dumb, unless NO_COLOR is set and not empty."
    )

    /// Takes `--color` from the arguments (default `auto`); another word is a usage error.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> ColorChoice {
        let word = try arguments.option("color") ?? "auto"
        guard let choice = ColorChoice(rawValue: word) else { throw UsageError("Unknown colour '\(word)'; use auto, always or never") }
        return choice
    }

    /// Whether to colour, given where the output goes and the environment.
    func isOn(outputIsTerminal: Bool, environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard outputIsTerminal, environment("TERM") != "dumb" else { return false }
            return environment("NO_COLOR")?.isEmpty ?? true
        }
    }
}
