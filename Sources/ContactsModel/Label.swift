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
    /// A label from its stored form, exactly: `Label(rawValue: "main")` is a custom label.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A label from text: the name of a system label (`"main"`, `"Work"`, `"homeFax"`, ignoring
    /// case) is that label, anything else a custom label.
    ///
    /// ```swift
    /// Label("main") == .main            // true
    /// Label("Boat phone").isSystemLabel // false
    /// ```
    public init(_ text: String) {
        self.rawValue = Self.systemLabels.first { $0.localizedName == text.lowercased() }?.rawValue ?? text
    }
    /// A label from a literal, as ``init(_:)``: `label: "main"` is ``main``, `"Boat phone"` a custom label.
    public init(stringLiteral value: String) { self.init(value) }

    /// Home (`TYPE=home`).
    public static let home = Label(rawValue: "_$!<Home>!$_")
    /// Work (`TYPE=work`).
    public static let work = Label(rawValue: "_$!<Work>!$_")
    /// Other (`TYPE=other`).
    public static let other = Label(rawValue: "_$!<Other>!$_")
    /// School (an `X-ABLabel`; vCard has no type for it).
    public static let school = Label(rawValue: "_$!<School>!$_")
    /// Main phone (`TYPE=main`).
    public static let main = Label(rawValue: "_$!<Main>!$_")
    /// Mobile phone (`TYPE=cell`).
    public static let mobile = Label(rawValue: "_$!<Mobile>!$_")
    /// iPhone (`TYPE=iphone,cell`).
    public static let iPhone = Label(rawValue: "iPhone")
    /// Home fax (`TYPE=home,fax`).
    public static let homeFax = Label(rawValue: "_$!<HomeFAX>!$_")
    /// Work fax (`TYPE=work,fax`).
    public static let workFax = Label(rawValue: "_$!<WorkFAX>!$_")
    /// Other fax (`TYPE=fax`).
    public static let otherFax = Label(rawValue: "_$!<OtherFAX>!$_")
    /// Pager (`TYPE=pager`).
    public static let pager = Label(rawValue: "_$!<Pager>!$_")
    /// Home page of a URL (an `X-ABLabel`).
    public static let homePage = Label(rawValue: "_$!<HomePage>!$_")

    /// Spouse, of a contact relation (4.0 `RELATED;TYPE=spouse`).
    public static let spouse = Label(rawValue: "_$!<Spouse>!$_")
    /// Child, of a contact relation (4.0 `RELATED;TYPE=child`).
    public static let child = Label(rawValue: "_$!<Child>!$_")
    /// Mother, of a contact relation (an `X-ABLabel`).
    public static let mother = Label(rawValue: "_$!<Mother>!$_")
    /// Father, of a contact relation (an `X-ABLabel`).
    public static let father = Label(rawValue: "_$!<Father>!$_")
    /// Parent, of a contact relation (4.0 `RELATED;TYPE=parent`).
    public static let parent = Label(rawValue: "_$!<Parent>!$_")
    /// Sibling, of a contact relation (4.0 `RELATED;TYPE=sibling`).
    public static let sibling = Label(rawValue: "_$!<Sibling>!$_")
    /// Friend, of a contact relation (4.0 `RELATED;TYPE=friend`).
    public static let friend = Label(rawValue: "_$!<Friend>!$_")
    /// Manager, of a contact relation (an `X-ABLabel`).
    public static let manager = Label(rawValue: "_$!<Manager>!$_")
    /// Assistant, of a contact relation (an `X-ABLabel`).
    public static let assistant = Label(rawValue: "_$!<Assistant>!$_")
    /// Partner, of a contact relation (an `X-ABLabel`).
    public static let partner = Label(rawValue: "_$!<Partner>!$_")

    /// The labels with a name of their own, which text equal to that name means.
    static let systemLabels: [Label] = [
        .home, .work, .other, .school, .main, .mobile, .iPhone, .homeFax, .workFax, .otherFax, .pager, .homePage,
        .spouse, .child, .mother, .father, .parent, .sibling, .friend, .manager, .assistant, .partner,
    ]

    /// Whether this is one of Apple's `_$!<…>!$_` system labels.
    public var isSystemLabel: Bool { rawValue.hasPrefix("_$!<") && rawValue.hasSuffix(">!$_") }

    /// The label for people: `_$!<HomeFAX>!$_` becomes `homefax`, custom labels stay as they are.
    public var localizedName: String {
        guard isSystemLabel else { return rawValue }
        return String(rawValue.dropFirst(4).dropLast(4)).lowercased()
    }

    /// Reads a label from user input: `main`, `work`, `home-fax`, `cell`, `_$!<Main>!$_` or free text.
    public init(parsing text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        if key == "cell" { self = .mobile; return }
        self = Self.systemLabels.first { $0.localizedName.lowercased() == key } ?? Label(rawValue: text)
    }

    /// The stored form.
    public var description: String { rawValue }
}
