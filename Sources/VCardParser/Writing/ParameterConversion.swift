/// Parameters written in a form the target version has.
///
/// - In every version, a `TYPE` value holding commas is a list (`TYPE="work,voice"` is 4.0's
///   quoted form of `TYPE=work,voice`, RFC 6350 §5.6): it becomes one value per item, so 3.0
///   writes `TYPE=work,voice,pref` (RFC 2425 §5.8.2: quotes only where a value needs them) and
///   2.1 `;WORK;VOICE;PREF`.
/// - vCard 2.1 has no quoting and few parameters: it defines `TYPE`, `VALUE`, `ENCODING`,
///   `CHARSET` and `LANGUAGE`, plus `X-` names, and a value is a word of printable ASCII without
///   `;` `:` `,` `"` (or empty). **One rule for every parameter:** each value 2.1 cannot say (of a
///   parameter it does not define, or not a word) leaves the line and goes to a property
///   `X-PARAM-<NAME>` right after it, in the same group (a new group `paramN` when the property
///   has none), holding the value as text. `VALUE=uri` is 2.1's `VALUE=URL` (and back). Read from 2.1 into 3.0 or 4.0, each `X-PARAM-` line goes back onto the property
///   before it in its group, and a `paramN` group made for it is removed.
///
/// ```swift
/// // 4.0  ADR;GEO="geo:46.7,-71.2";TYPE=work:;;1 Main St;Town;;;
/// // 2.1  param1.ADR;WORK:;;1 Main St;Town;;;
/// //      param1.X-PARAM-GEO:geo:46.7,-71.2
/// ```
enum ParameterConversion {
    static let prefix = "X-PARAM-"
    private static let groupPrefix = "param"

    /// `TYPE` values split at their commas.
    static func splitTypeLists(_ p: inout Property) {
        guard p.parameters.contains(where: { $0.hasName("TYPE") && $0.values.contains { $0.utf8.contains(.comma) } }) else { return }
        p.parameters = p.parameters.map { q in
            guard q.hasName("TYPE") else { return q }
            var split = q
            split.values = q.values.flatMap { $0.split(separator: ",").map(String.init) }
            return split
        }
    }

    // MARK: - To 2.1

    /// The properties with each parameter value 2.1 cannot say moved to an `X-PARAM-` property.
    static func moveUnsayable21(_ input: [Property]) -> [Property] {
        let groups = Set(input.compactMap { $0.group.map(ASCII.lowercased) })
        var nextGroup = 1
        var result: [Property] = []
        result.reserveCapacity(input.count)
        for var p in input {
            var moved: [(name: String, value: String)] = []
            p.parameters = p.parameters.compactMap { parameter in
                let name = ASCII.uppercased(Parameter.writtenName(for: parameter.name))
                var kept = parameter
                kept.values = []
                for value in parameter.values {
                    if let written = written21(value, of: name) {
                        kept.values.append(written)
                    } else {
                        moved.append((name, value))
                    }
                }
                return kept.values.isEmpty ? nil : kept
            }
            guard !moved.isEmpty else { result.append(p); continue }
            if p.group?.isEmpty ?? true {
                while groups.contains("\(groupPrefix)\(nextGroup)") { nextGroup += 1 }
                p.group = "\(groupPrefix)\(nextGroup)"
                nextGroup += 1
            }
            result.append(p)
            for (name, value) in moved {
                result.append(Property(group: p.group, name: prefix + name, value: Escaping.escape(value, for: .v2_1), version: .v2_1))
            }
        }
        return result
    }

    /// How 2.1 writes `value` of the parameter called `name` (as written), or `nil` when it
    /// cannot say it.
    private static func written21(_ value: String, of name: String) -> String? {
        guard ParameterRules.versions(of: name)?.contains(.v2_1) == true || name.hasPrefix("X-") else { return nil }
        if name == "VALUE", ["uri", "url"].contains(ASCII.lowercased(value)) { return "URL" }
        let isWord = value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != .semicolon && $0 != .colon && $0 != .comma && $0 != .quote }
        return isWord ? value : nil
    }

    // MARK: - From 2.1

    /// The properties of a 2.1 card as 3.0 and 4.0 say them: `VALUE=URL` is `VALUE=uri`, and
    /// each `X-PARAM-` property is put back as a parameter of the property before it in its group.
    static func from21(_ input: [Property]) -> [Property] {
        var properties = input
        for i in properties.indices {
            guard let index = properties[i].parameters.firstIndex(where: { $0.hasName("VALUE") }),
                properties[i].parameters[index].values.contains(where: { ASCII.lowercased($0) == "url" })
            else { continue }
            properties[i].parameters[index].values = properties[i].parameters[index].values.map { ASCII.lowercased($0) == "url" ? "uri" : $0 }
        }
        return restoringMoved(properties)
    }

    private static func restoringMoved(_ input: [Property]) -> [Property] {
        guard input.contains(where: isMovedParameter) else { return input }
        var result: [Property] = []
        var madeGroups: Set<Int> = []
        var lastInGroup: [String: Int] = [:]  // the last property kept of each group, by lower-case name
        for p in input {
            let group = p.group.map(ASCII.lowercased)
            guard isMovedParameter(p), let group, let owner = lastInGroup[group] else {
                if let group { lastInGroup[group] = result.count }
                result.append(p)
                continue
            }
            let name = String(p.name.dropFirst(prefix.utf8.count))
            if let index = result[owner].parameters.firstIndex(where: { $0.hasName(name) }) {
                result[owner].parameters[index].values.append(p.text)
            } else {
                result[owner].parameters.append(Parameter(name: name, values: [p.text]))
            }
            if group.hasPrefix(groupPrefix), Int(group.dropFirst(groupPrefix.utf8.count)) != nil {
                madeGroups.insert(owner)
            }
        }
        for index in madeGroups { result[index].group = nil }
        return result
    }

    private static func isMovedParameter(_ p: Property) -> Bool {
        p.group != nil && ASCII.uppercased(p.name).hasPrefix(prefix) && p.name.utf8.count > prefix.utf8.count
    }
}
