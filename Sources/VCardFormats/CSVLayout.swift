/// The column layout of a contacts CSV: which header row, and what each column holds.
///
/// ```swift
/// CSVLayout(name: "outlook")                                   // .outlook
/// CSVLayout.detect(header: ["First Name", "Middle Name", "Last Name", "Title", "Suffix"]) // nil
/// CSVLayout.detect(header: ["First Name", "E-mail 1 - Label", "E-mail 1 - Value"])      // .google
/// ```
public enum CSVLayout: Hashable, Sendable {
    /// Google Contacts' "Google CSV" (the default): fixed name columns, then numbered groups
    /// (`E-mail 1 - Label`, `E-mail 1 - Value`, …), several values of one label joined by ` ::: `.
    case google
    /// Outlook's CSV: 61 fixed columns (`First Name`, …, `E-mail Address`, `Business Phone`, …).
    case outlook
    /// One column per vCard property name, in the given order (`FN`, `EMAIL`, `TEL`).
    case fields([String])

    /// `google` or `outlook`; `nil` for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "google": self = .google
        case "outlook": self = .outlook
        default: return nil
        }
    }

    /// The layout whose header row this is: Google's (current or old form) or Outlook's, from
    /// the columns only these layouts have. `nil` for any other header.
    ///
    /// - Complexity: O(n) in the number of columns.
    public static func detect(header: [String]) -> CSVLayout? {
        let columns = Set(header.map { $0.trimmingSpaces() })
        if header.contains(where: {
            GoogleCSV.numbered($0.trimmingSpaces()).map { n in
                GoogleCSV.groups.contains { $0.kind == n.kind } || n.kind == "Organization"
            } ?? false
        }) {
            return .google
        }
        if columns.contains("E-mail Address") || columns.contains("Business Phone") || columns.contains("Mobile Phone")
            || columns.contains("Home Phone") || columns.contains("Company")
        {
            return .outlook
        }
        if columns.contains("First Name") && (columns.contains("File As") || columns.contains("Labels"))
            || columns.contains("Given Name") && columns.contains("Family Name")
        {
            return .google
        }
        return nil
    }

    /// The layout of a CSV text from its first row (see ``detect(header:)``).
    public static func detect(_ bytes: [UInt8]) -> CSVLayout? {
        var end = 0
        var inQuotes = false
        while end < bytes.count {
            if bytes[end] == 0x22 { inQuotes.toggle() }
            if !inQuotes && (bytes[end] == 0x0A || bytes[end] == 0x0D) { break }
            end += 1
        }
        guard let header = (try? CSVReader.rows(Array(bytes[..<end])))?.first else { return nil }
        return detect(header: header)
    }
}
