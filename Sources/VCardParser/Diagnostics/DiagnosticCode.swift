/// A stable, kebab-case identifier for each kind of problem the parser reports.
///
/// Codes are an open set: compare against the static members.
/// ```swift
/// if warning.code == .missingEnd { … }
/// ```
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kebab-case code.
    public var rawValue: String
    /// A code from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code.
    public var description: String { rawValue }

    /// Errors mean the parser had to guess at the structure (a line without `:`, a quote never
    /// closed, a limit), the cards contradict each other (a shared UID), there is no card, or a
    /// value holds a control character (a NUL ends the value in every C reader); everything
    /// else, a missing `END:VCARD`, a repeated FN or base64 one character too long included, is
    /// a warning: readers recover (they take the first FN, decode what decodes). Both keep all
    /// bytes. A target profile
    /// (`vcardtool validate --for`) makes the warnings its target rejects errors.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .malformedLine, .unterminatedQuote, .limitExceeded, .duplicateUID, .noCards, .controlCharacter, .rejectedByTarget:
            return .error
        default: return .warning
        }
    }

    /// Text outside `BEGIN:VCARD` … `END:VCARD` that is not a blank line.
    public static let junkOutsideCard = DiagnosticCode(rawValue: "junk-outside-card")
    /// The card ends without `END:VCARD` (end of input or the next `BEGIN:VCARD`).
    public static let missingEnd = DiagnosticCode(rawValue: "missing-end")
    /// `END:VCARD` with something after it (`END:VCARD.`).
    public static let malformedEnd = DiagnosticCode(rawValue: "malformed-end")
    /// `BEGIN:VCARD` with something after it.
    public static let malformedBegin = DiagnosticCode(rawValue: "malformed-begin")
    /// The card has no `VERSION` property.
    public static let missingVersion = DiagnosticCode(rawValue: "missing-version")
    /// `VERSION` is not 2.1, 3.0 or 4.0.
    public static let unknownVersion = DiagnosticCode(rawValue: "unknown-version")
    /// `FN` is missing where the version requires it (3.0, 4.0).
    public static let missingFN = DiagnosticCode(rawValue: "missing-fn")
    /// A line with no `:` separating name and value.
    public static let malformedLine = DiagnosticCode(rawValue: "malformed-line")
    /// A line starting with `#`, which some exporters write as a comment.
    public static let commentLine = DiagnosticCode(rawValue: "comment-line")
    /// A property or group name with characters outside `A-Z a-z 0-9 -`.
    public static let invalidName = DiagnosticCode(rawValue: "invalid-name")
    /// A parameter that does not follow the parameter syntax.
    public static let invalidParameter = DiagnosticCode(rawValue: "invalid-parameter")
    /// A `"` in the parameters that is never closed; where the value starts is a guess.
    public static let unterminatedQuote = DiagnosticCode(rawValue: "unterminated-quote")
    /// A backslash escape that the version does not define.
    public static let badEscape = DiagnosticCode(rawValue: "bad-escape")
    /// Bytes that are not valid UTF-8 with no `CHARSET` saying otherwise.
    public static let invalidUTF8 = DiagnosticCode(rawValue: "invalid-utf8")
    /// A `CHARSET` the decoder does not know.
    public static let unknownCharset = DiagnosticCode(rawValue: "unknown-charset")
    /// An `ENCODING` the decoder does not know.
    public static let unknownEncoding = DiagnosticCode(rawValue: "unknown-encoding")
    /// Quoted-printable with a broken `=XX` sequence.
    public static let badQuotedPrintable = DiagnosticCode(rawValue: "bad-quoted-printable")
    /// Inline base64 data (`ENCODING=b`, `BASE64`, a `data:…;base64,` URI) that does not decode.
    public static let badBase64 = DiagnosticCode(rawValue: "bad-base64")
    /// A blank line inside a card.
    public static let blankLine = DiagnosticCode(rawValue: "blank-line")
    /// The input was UTF-16 and was transcoded to UTF-8.
    public static let utf16Input = DiagnosticCode(rawValue: "utf16-input")
    /// A date or date-time value that does not parse.
    public static let badDate = DiagnosticCode(rawValue: "bad-date")
    /// Two cards share a `UID`.
    public static let duplicateUID = DiagnosticCode(rawValue: "duplicate-uid")
    /// A configured limit (line length, card size, properties, nesting, binary size) was hit.
    public static let limitExceeded = DiagnosticCode(rawValue: "limit-exceeded")
    /// The input holds no card at all (plain text, binary data, UTF-32, a second byte-order mark).
    public static let noCards = DiagnosticCode(rawValue: "no-cards")
    /// A property that the version allows at most once (``PropertyRules/cardinality(in:)``) appears again.
    public static let repeatedProperty = DiagnosticCode(rawValue: "repeated-property")
    /// A property that the version requires is missing (N in 2.1 and 3.0; FN and VERSION have codes of their own).
    public static let missingProperty = DiagnosticCode(rawValue: "missing-property")
    /// A date or time written correctly that does not exist (`2026-02-30`, `1900-02-29`, `T25:00`).
    public static let impossibleDate = DiagnosticCode(rawValue: "impossible-date")
    /// A value that is not of its property's value type (a UTC offset, a language tag) or not one
    /// of the values the RFC lists for it (KIND, the sex of GENDER).
    public static let badValue = DiagnosticCode(rawValue: "bad-value")
    /// A value of type `uri` with no scheme (`example.com` for `https://example.com`).
    public static let badURI = DiagnosticCode(rawValue: "bad-uri")
    /// A control character (U+0000–U+001F but tab, U+007F) in a value.
    public static let controlCharacter = DiagnosticCode(rawValue: "control-character")
    /// A parameter value outside its range (`PREF` is 1 to 100) or not of its type (`LANGUAGE`).
    public static let badParameterValue = DiagnosticCode(rawValue: "bad-parameter-value")
    /// A parameter the card's version does not define (`PREF=1` in 3.0, `CHARSET` in 3.0 or 4.0,
    /// `ENCODING` in 4.0: ``ParameterRules/versions(of:)``).
    public static let parameterNotInVersion = DiagnosticCode(rawValue: "parameter-not-in-version")
    /// Something the import target chosen with `vcardtool validate --for` is known to reject.
    public static let rejectedByTarget = DiagnosticCode(rawValue: "rejected-by-target")
    /// A version conversion made up a property the target version requires (FN, N) from others.
    public static let derivedProperty = DiagnosticCode(rawValue: "derived-property")
}
