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

    /// A parameter; `isBare` writes it the 2.1 way (`;WORK`).
    public init(name: String, values: [String], isBare: Bool = false) {
        self.name = name
        self.values = values
        self.isBare = isBare
    }

    /// Whether the parameter is called `name`, ignoring ASCII case.
    public func hasName(_ name: String) -> Bool { ASCII.caseInsensitiveEquals(self.name, name) }

    /// The values joined with `,`, as a single string.
    public var value: String { values.joined(separator: ",") }

    /// Whether this is `CHARSET` or an `ENCODING` other than the base64 of inline binary data: a
    /// fact about the bytes the value was read from, not part of the value.
    ///
    /// - Parameter inlineBase64: Whether the property's value is base64 data
    ///   (``isInlineBase64(_:)`` of its parameters). When it is not, a `BASE64` that a later
    ///   `ENCODING` overrides says nothing about the value either.
    func isTransferEncoding(inlineBase64: Bool) -> Bool {
        if hasName("CHARSET") { return true }
        guard hasName("ENCODING") else { return false }
        return !inlineBase64 || !values.contains { ASCII.lowercased($0) == "b" || ASCII.lowercased($0) == "base64" }
    }

    /// Whether a property with these parameters holds inline base64 data, by the decoder's rule:
    /// the last `ENCODING` (a 2.1 bare `BASE64` included) counts, and its first value.
    /// `PHOTO;ENCODING=BASE64;ENCODING=QUOTED-PRINTABLE:` holds quoted-printable text.
    static func isInlineBase64(_ parameters: [Parameter]) -> Bool {
        parameters.last { $0.hasName("ENCODING") }?.namesBase64 == true
    }

    /// Whether the first value is `b` or `BASE64`, in any case: of an `ENCODING` parameter,
    /// that the value is inline base64 data.
    var namesBase64: Bool {
        guard let first = values.first else { return false }
        let lowercased = ASCII.lowercased(first)
        return lowercased == "b" || lowercased == "base64"
    }

    /// Parameters are equal when their names (ignoring ASCII case) and values are; whether one was
    /// written bare (`;WORK`) or in full (`;TYPE=WORK`) does not count.
    ///
    /// `TYPE` and `ENCODING` values are keywords, compared ignoring ASCII case, with `BASE64` the
    /// same as `b`: `TYPE=pref` equals the 2.1 `;PREF`, and 3.0's `ENCODING=BASE64` equals `ENCODING=b`.
    public static func == (lhs: Parameter, rhs: Parameter) -> Bool {
        guard ASCII.caseInsensitiveEquals(lhs.name, rhs.name) else { return false }
        guard lhs.hasKeywordValues else { return lhs.values == rhs.values }
        return lhs.values.map(keyword) == rhs.values.map(keyword)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        ASCII.hashCaseInsensitive(name, into: &hasher)
        hasher.combine(hasKeywordValues ? values.map(Self.keyword) : values)
    }

    private var hasKeywordValues: Bool { hasName("TYPE") || hasName("ENCODING") }

    private static func keyword(_ value: String) -> String {
        let lowercased = ASCII.lowercased(value)
        return lowercased == "base64" ? "b" : lowercased
    }
}
