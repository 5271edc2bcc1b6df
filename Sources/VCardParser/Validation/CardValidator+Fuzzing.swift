/// What a fuzzer outside the package compares of `validate`'s two ways of checking a card: the
/// checks run on each line's bytes as the card is read (``VCardReader/AsRead/init(validatingKeeping:_:)``)
/// and ``CardValidator`` on the card read in full must find the same problems, in the same order,
/// and the same first `UID` on the same line.
///
/// ```swift
/// @_spi(Fuzzing) import VCardParser
/// let asRead = VCardReader.AsRead<String>.validating { $0.validationReport }
/// // …each card read so gives the report CardValidator.validationReport(of:) gives it read in full.
/// ```
extension CardValidator {
    /// The problems of `card` and its first `UID`, as text.
    @_spi(Fuzzing) public static func validationReport(of card: VCard) -> String {
        findings(in: card).report(cardBytes: [])
    }
}

extension CardAsRead {
    /// With a reader that validates (``VCardReader/AsRead/validating(_:)``): the problems found as
    /// the card was read, and its first `UID`, as ``CardValidator/validationReport(of:)`` gives them.
    @_spi(Fuzzing) public var validationReport: String? {
        findings?.report(cardBytes: bytes)
    }
}

extension VCardReader.AsRead {
    /// Cards read to be validated, as `validate` reads them (``init(validatingKeeping:_:)``), with
    /// no property kept.
    @_spi(Fuzzing) public static func validating(_ read: @escaping @Sendable (CardAsRead) -> Value?) -> Self {
        Self(validatingKeeping: [], read)
    }
}

extension CardValidator.Findings {
    /// One line per problem, then the first `UID`'s text and line (its bytes read from
    /// `cardBytes` when it lies there).
    fileprivate func report(cardBytes: ArraySlice<UInt8>) -> String {
        let uid = self.uid.map { "UID \(String(decoding: $0.bytes(in: cardBytes), as: UTF8.self)) on line \($0.line)" } ?? "no UID"
        return (problems.map(\.description) + [uid]).joined(separator: "\n")
    }
}
