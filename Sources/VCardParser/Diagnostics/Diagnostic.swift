/// One problem found in the input: a warning (lenient mode recovered) or an error.
///
/// ```swift
/// for warning in reader.takeWarnings() {
///     print("contacts.vcf:\(warning)")   // "contacts.vcf:3:1: warning: … [missing-end]"
/// }
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case warning, error
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var position: SourcePosition
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
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) {
        var d = diagnostic
        d.severity = .error
        self.diagnostic = d
    }
    public var code: DiagnosticCode { diagnostic.code }
    public var position: SourcePosition { diagnostic.position }
    public var description: String { diagnostic.description }
}
