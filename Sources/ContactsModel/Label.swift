/// The label of a labeled value, in Apple's spelling: system labels look like `_$!<Home>!$_`,
/// custom labels are free text.
///
/// Labels map both ways to vCard: to `TYPE=` parameters where the version has a type for them,
/// and to Apple's grouped `itemN.X-ABLabel` lines otherwise.
/// ```swift
/// let phone = LabeledValue(label: .main, value: PhoneNumber(stringValue: "+1 555 0100"))
/// Label.main.localizedName   // "main"
/// ```
public struct Label: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The label as Apple stores it: `_$!<Home>!$_`, or free text.
    public var rawValue: String
    /// A label from its stored form.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A label from its stored form.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A label from a literal: `let boat: Label = "Boat phone"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Home (`TYPE=home`).
    public static let home = Label("_$!<Home>!$_")
    /// Work (`TYPE=work`).
    public static let work = Label("_$!<Work>!$_")
    /// Other (`TYPE=other`).
    public static let other = Label("_$!<Other>!$_")
    /// School (an `X-ABLabel`; vCard has no type for it).
    public static let school = Label("_$!<School>!$_")
    /// Main phone (`TYPE=main`).
    public static let main = Label("_$!<Main>!$_")
    /// Mobile phone (`TYPE=cell`).
    public static let mobile = Label("_$!<Mobile>!$_")
    /// iPhone (`TYPE=iphone,cell`).
    public static let iPhone = Label("iPhone")
    /// Home fax (`TYPE=home,fax`).
    public static let homeFax = Label("_$!<HomeFAX>!$_")
    /// Work fax (`TYPE=work,fax`).
    public static let workFax = Label("_$!<WorkFAX>!$_")
    /// Other fax (`TYPE=fax`).
    public static let otherFax = Label("_$!<OtherFAX>!$_")
    /// Pager (`TYPE=pager`).
    public static let pager = Label("_$!<Pager>!$_")
    /// Home page of a URL (an `X-ABLabel`).
    public static let homePage = Label("_$!<HomePage>!$_")

    /// Whether this is one of Apple's `_$!<…>!$_` system labels.
    public var isSystemLabel: Bool { rawValue.hasPrefix("_$!<") && rawValue.hasSuffix(">!$_") }

    /// The label for people: `_$!<HomeFAX>!$_` becomes `homefax`, custom labels stay as they are.
    public var localizedName: String {
        guard isSystemLabel else { return rawValue }
        return String(rawValue.dropFirst(4).dropLast(4)).lowercased()
    }

    /// Reads a label from user input: `main`, `work`, `home-fax`, `_$!<Main>!$_` or free text.
    public init(parsing text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        switch key {
        case "home": self = .home
        case "work": self = .work
        case "other": self = .other
        case "school": self = .school
        case "main": self = .main
        case "mobile", "cell": self = .mobile
        case "iphone": self = .iPhone
        case "homefax": self = .homeFax
        case "workfax": self = .workFax
        case "otherfax": self = .otherFax
        case "pager": self = .pager
        case "homepage": self = .homePage
        default: self = Label(text)
        }
    }

    /// The stored form.
    public var description: String { rawValue }
}
