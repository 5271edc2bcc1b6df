/// One problem found in the input: a warning (lenient mode recovered) or an error.
///
/// ```swift
/// for warning in reader.takeWarnings() {
///     print("contacts.vcf:\(warning)")   // "contacts.vcf:3:1: warning: … [missing-end]"
/// }
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Whether the parser had to guess at the structure (`error`) or only noticed something (`warning`).
    public enum Severity: String, Hashable, Sendable {
        case warning, error
    }

    /// Error or warning.
    public var severity: Severity
    /// The stable code (`missing-end`).
    public var code: DiagnosticCode
    /// Line and column in the input.
    public var position: SourcePosition
    /// What is wrong, for people.
    public var message: String

    public init(_ severity: Severity, _ code: DiagnosticCode, at position: SourcePosition, _ message: String) {
        self.severity = severity
        self.code = code
        self.position = position
        self.message = message
    }

    /// `LINE:COLUMN: severity: message [code]`, the shape compilers use.
    public var description: String { "\(position): \(severity.rawValue): \(message) [\(code)]" }
}

/// Thrown in strict mode for the first problem, and in any mode when the input cannot be read.
///
/// ```swift
/// do { _ = try VCardDecoder(mode: .strict).decode(bytes) }
/// catch { print(error.diagnostic.position.line) }
/// ```
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problem that stopped the parse.
    public var diagnostic: Diagnostic
    /// An error from a diagnostic (its severity becomes `error`).
    public init(_ diagnostic: Diagnostic) {
        var d = diagnostic
        d.severity = .error
        self.diagnostic = d
    }
    /// The diagnostic's code.
    public var code: DiagnosticCode { diagnostic.code }
    /// The diagnostic's position.
    public var position: SourcePosition { diagnostic.position }
    /// `LINE:COLUMN: error: message [code]`.
    public var description: String { diagnostic.description }
}
