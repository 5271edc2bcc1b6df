/// Apple's way of writing a date without a year in vCard 3.0, where no such date exists: a
/// placeholder year and a parameter naming it, `BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-09`. vCard
/// 4.0 writes the same date truncated, `--0509` (RFC 6350 §4.3.1).
///
/// ```swift
/// let bday = Property(name: "BDAY", parameters: [Parameter(name: "X-APPLE-OMIT-YEAR", values: ["1604"])],
///                     value: "1604-05-09", version: .v3)
/// AppleOmitYear.truncatedDate(bday)        // "--0509"
/// AppleOmitYear.appleForm(of: "--0509")    // (X-APPLE-OMIT-YEAR=1604, "1604-05-09")
/// ```
package enum AppleOmitYear {
    /// `X-APPLE-OMIT-YEAR`.
    package static let parameterName = "X-APPLE-OMIT-YEAR"
    /// The year Apple writes in place of the missing one (the Gregorian calendar's first leap
    /// year with every date of the year).
    package static let placeholderYear = "1604"

    /// The truncated date (`--MMDD`) of a property in Apple's form: its date's year is the one the
    /// parameter names. `nil` when it has no such parameter, or the date is not a full date.
    package static func truncatedDate(_ property: Property) -> String? {
        guard let year = property.parameter(parameterName)?.values.first else { return nil }
        let digits = Array(property.value.utf8.filter { $0 != UInt8(ascii: "-") })
        guard digits.count == 8, digits.allSatisfy(\.isASCIIDigit), year.utf8.elementsEqual(digits.prefix(4))
        else { return nil }
        return "--" + String(decoding: digits.suffix(4), as: UTF8.self)
    }

    /// The parameter and value Apple writes for a truncated date `--MMDD` (or `--MM-DD`); `nil`
    /// for any other value.
    package static func appleForm(of value: String) -> (Parameter, String)? {
        let bytes = Array(value.utf8)
        guard bytes.starts(with: [0x2D, 0x2D]) else { return nil }
        let digits = bytes.dropFirst(2).filter { $0 != 0x2D }
        guard digits.count == 4, bytes.count <= 7, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let date = "\(placeholderYear)-" + String(decoding: digits.prefix(2), as: UTF8.self) + "-" + String(decoding: digits.suffix(2), as: UTF8.self)
        return (Parameter(name: parameterName, values: [placeholderYear]), date)
    }
}
