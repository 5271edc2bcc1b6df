/// How the parser treats problems, and the limits that protect it from hostile input.
///
/// ```swift
/// var options = ParseOptions(mode: .strict)
/// options.limits.maxCardBytes = 1 << 20
/// let reader = try VCardReader(path: "contacts.vcf", options: options)
/// ```
public struct ParseOptions: Sendable {
    public enum Mode: Sendable {
        /// Recover from every problem, keep the data, record a warning (the default).
        case lenient
        /// Stop at the first problem with a ``ParseError``.
        case strict
    }

    /// Hard limits; hitting one is reported with ``DiagnosticCode/limitExceeded``.
    public struct Limits: Sendable {
        /// Largest card, in bytes, with the text before it (the default is 64 MiB; 4 GiB at
        /// most, whatever this says). A larger one stops the reading with a ``ParseError``, in
        /// lenient mode too.
        public var maxCardBytes = 64 << 20
        /// Longest physical line, in bytes without its line end (the default is 16 MiB). A longer
        /// one, or a stream that goes on that long without a line end, stops the reading with a
        /// ``ParseError``, in lenient mode too.
        public var maxLineBytes = 16 << 20
        /// Longest content line once folded lines are joined, in bytes (the default is 32 MiB).
        /// A longer one is reported and kept as raw text, unparsed.
        public var maxUnfoldedLineBytes = 32 << 20
        /// Most bytes of inline binary data (`ENCODING=b`, `BASE64`, a base64 `data:` URI) in one
        /// value, decoded (the default is 16 MiB). A larger value is reported and kept as raw text,
        /// so ``Property/binaryData`` never decodes it.
        public var maxBinaryBytes = 16 << 20
        /// Most properties in one card.
        public var maxPropertiesPerCard = 100_000
        /// Deepest nesting of 2.1 `AGENT` cards; deeper ones are kept as raw text.
        public var maxNestingDepth = 8
        public init() {}
    }

    public var mode: Mode
    public var limits: Limits

    public init(mode: Mode = .lenient, limits: Limits = Limits()) {
        self.mode = mode
        self.limits = limits
    }
}

extension ParseOptions {
    /// In strict mode, throws the first of a card's (or the input's) diagnostics.
    @usableFromInline
    func accept(_ diagnostics: [Diagnostic]) throws(ParseError) {
        if mode == .strict, let first = diagnostics.first { throw ParseError(first) }
    }

    /// Adds diagnostics to `warnings`; in strict mode throws the first of them instead.
    func accept(_ diagnostics: [Diagnostic], into warnings: inout [Diagnostic]) throws(ParseError) {
        try accept(diagnostics)
        warnings.append(contentsOf: diagnostics)
    }
}
