/// A JSON object written member by member on one line, for the JSON Lines outputs (`find`,
/// `split` and `set-phone --format json`); every string goes through ``DiffReport/quoted(_:)``,
/// so no value can break the line or the object.
///
/// ```swift
/// var object = JSONObject()
/// object.add("type", "card")
/// object.add("line", 3)
/// object.add("uid", nil)
/// object.text                        // {"type":"card","line":3,"uid":null}
/// ```
struct JSONObject {
    private var members: [String] = []

    /// A string member, `null` for `nil`.
    mutating func add(_ key: String, _ value: String?) {
        add(key, json: value.map(DiffReport.quoted) ?? "null")
    }

    mutating func add(_ key: String, _ value: Int) {
        add(key, json: String(value))
    }

    /// An array of strings.
    mutating func add(_ key: String, _ values: [String]) {
        add(key, json: "[" + values.map(DiffReport.quoted).joined(separator: ",") + "]")
    }

    /// A member whose value is already JSON (an object).
    mutating func add(_ key: String, json: String) {
        members.append("\(DiffReport.quoted(key)):\(json)")
    }

    var text: String { "{" + members.joined(separator: ",") + "}" }
}
