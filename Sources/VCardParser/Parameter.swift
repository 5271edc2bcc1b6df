/// One parameter of a content line: `TYPE=work,voice` is name `TYPE` with values `work` and `voice`.
///
/// A vCard 2.1 bare parameter (`TEL;WORK:`) is read as `TYPE=WORK` (or `ENCODING=…` for the
/// encodings) with ``isBare`` set, so it can be written back the way it came.
/// Values are decoded: quotes removed and RFC 6868 caret escapes (`^n`, `^^`, `^'`) resolved.
///
/// ```swift
/// let type = Parameter(name: "TYPE", values: ["work", "voice"])
/// ```
public struct Parameter: Hashable, Sendable {
    /// The name as written (compare with ``hasName(_:)``, which ignores case).
    public var name: String
    /// The decoded values, in order.
    public var values: [String]
    /// Written as a 2.1 bare value (`;WORK`) rather than `;TYPE=WORK`.
    public var isBare: Bool

    public init(name: String, values: [String], isBare: Bool = false) {
        self.name = name
        self.values = values
        self.isBare = isBare
    }

    /// Whether the parameter is called `name`, ignoring ASCII case.
    public func hasName(_ name: String) -> Bool { ASCII.caseInsensitiveEquals(self.name, name) }

    /// The values joined with `,`, as a single string.
    public var value: String { values.joined(separator: ",") }
}
